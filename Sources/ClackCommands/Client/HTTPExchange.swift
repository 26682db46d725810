import ClackTLS
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(Glibc)
  import Glibc
#endif

/// One HTTP/1.1 request and its answer, over a connection of its own (closed after), on
/// SwiftNIO — which the daemon links anyway. `URLSession` would pull in FoundationNetworking
/// and libcurl with some thirty libraries of its own (TLS, Kerberos, LDAP, SSH), several
/// megabytes resident in every `clack` process, the daemon's included. HTTPS goes through
/// SwiftNIO's TLS, trusting the daemon's certificate as `pinning` decides (on first use).
struct HTTPExchange: Sendable {
  var host: String
  var port: Int
  var timeout: TimeAmount = .seconds(10)
  /// Speak HTTPS, trusting the daemon's certificate as this says; nil for plain HTTP.
  var pinning: CertificatePinning?

  struct Answer: Sendable {
    var status: Int
    /// Header names in lower case.
    var headers: [String: String]
    var body: [UInt8]
  }

  enum Failure: Error, CustomStringConvertible {
    case timedOut(seconds: Int64)
    case closedEarly

    var description: String {
      switch self {
      case .timedOut(let seconds): "no answer within \(seconds) s"
      case .closedEarly: "the connection closed before a whole answer came"
      }
    }
  }

  func send(
    _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil
  ) async throws -> Answer {
    try await withThrowingTaskGroup(of: Answer.self) { group in
      group.addTask { try await exchange(method, target, headers: headers, body: body) }
      group.addTask {
        try await Task.sleep(nanoseconds: UInt64(timeout.nanoseconds))
        throw Failure.timedOut(seconds: timeout.nanoseconds / 1_000_000_000)
      }
      defer { group.cancelAll() }
      return try await group.next()!  // safe: two tasks were added
    }
  }

  /// A short reason for a failed exchange ("Connection refused", "cannot resolve the host
  /// name"), rather than NIO's nested description.
  static func reason(_ error: any Error) -> String {
    if let error = error as? NIOConnectionError {
      if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
        return "cannot resolve the host name \(error.host)"
      }
      if let first = error.connectionErrors.first?.error { return reason(first) }
    }
    if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
    if isTLSFailure(error) { return "the TLS handshake failed" }
    if let error = error as? ChannelError, case .connectTimeout = error {
      return "no connection within the timeout"
    }
    return "\(error)"
  }

  /// Whether the exchange failed in the TLS handshake or record layer.
  static func isTLSFailure(_ error: any Error) -> Bool {
    if error is NIOSSLError || error is BoringSSLError { return true }
    if let error = error as? NIOConnectionError {
      return error.connectionErrors.contains { isTLSFailure($0.error) }
    }
    return false
  }

  private func exchange(
    _ method: String, _ target: String, headers: [(String, String)], body: [UInt8]?
  ) async throws -> Answer {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connectTimeout(timeout)
      .connect(host: host, port: port) { [pinning, host] channel in
        channel.eventLoop.makeCompletedFuture {
          if let pinning {
            let context = try NIOSSLContext(configuration: .makeClientConfiguration())
            // The name is sent only when it is one (SNI takes no addresses); the pin, not
            // the name, decides trust.
            let name = CertificateNames.isAddress(host) ? nil : host
            try channel.pipeline.syncOperations.addHandler(
              NIOSSLClientHandler(
                context: context, serverHostname: name,
                customVerificationCallback: { chain, promise in
                  promise.succeed(pinning.verify(chain))
                }))
          }
          try channel.pipeline.syncOperations.addHTTPClientHandlers()
          return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
            wrappingChannelSynchronously: channel)
        }
      }
    var head = HTTPRequestHead(
      version: .http1_1, method: HTTPMethod(rawValue: method), uri: target)
    head.headers.add(name: "Host", value: port == 80 ? host : "\(host):\(port)")
    head.headers.add(name: "Connection", value: "close")
    head.headers.add(name: "Content-Length", value: String(body?.count ?? 0))
    for (name, value) in headers { head.headers.add(name: name, value: value) }
    return try await channel.executeThenClose { inbound, outbound in
      var parts: [HTTPClientRequestPart] = [.head(head)]
      if let body { parts.append(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
      parts.append(.end(nil))
      // A server may answer and close before the last write completes: the answer still
      // counts, and the write's error only when no answer came.
      var writeFailure: (any Error)?
      do {
        try await outbound.write(contentsOf: parts)
      } catch {
        writeFailure = error
      }
      var answer: Answer?
      for try await part in inbound {
        switch part {
        case .head(let response):
          var fields: [String: String] = [:]
          for (name, value) in response.headers { fields[name.lowercased()] = value }
          answer = Answer(status: Int(response.status.code), headers: fields, body: [])
        case .body(let buffer):
          answer?.body.append(contentsOf: buffer.readableBytesView)
        case .end:
          if let answer { return answer }
        }
      }
      throw writeFailure ?? Failure.closedEarly
    }
  }
}
