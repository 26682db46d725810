import Foundation
import NIOCore
import NIOPosix
import Testing

@testable import ClackCommands

/// The command line's HTTP client (SwiftNIO, no URLSession) against a listener on loopback.
@Suite struct APIClientTests {
  @Test func aDaemonThatDoesNotAnswerIsNamedWithTheReason() async throws {
    // A port that was just free: nothing listens there.
    let port = try await Self.freePort()
    let client = try APIClient(url: "http://127.0.0.1:\(port)")
    await #expect {
      try await client.send("GET", "/health")
    } throws: { error in
      "\(error)".contains("is clack running? tried http://127.0.0.1:\(port)")
        && "\(error)".contains("Connection refused")
    }
  }

  @Test func theDefaultURLFollowsThePackagedConfig() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("clack-\(UUID().uuidString).yaml").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(
      ClientOptions.defaultURL(environment: [:], packagedConfig: file) == "http://127.0.0.1:7000")
    try "listen: 0.0.0.0:7443\n".write(toFile: file, atomically: true, encoding: .utf8)
    #expect(
      ClientOptions.defaultURL(environment: [:], packagedConfig: file) == "https://127.0.0.1:7443")
    #expect(
      ClientOptions.defaultURL(environment: ["CLACK_URL": "http://board:1"], packagedConfig: file)
        == "http://board:1")
  }

  @Test func onlyHTTPAndHTTPSURLsAreTaken() throws {
    for url in ["ftp://x", "127.0.0.1:7000", "http://", "https://"] {
      #expect(throws: (any Error).self, "\(url)") { try APIClient(url: url) }
    }
    let environment = ["CLACK_KNOWN_HOSTS": "/nonexistent/known-hosts"]
    #expect(try APIClient(url: "http://board.local:7000", environment: environment).pinning == nil)
    let https = try APIClient(url: "https://board.local", environment: environment)
    #expect(https.pinning?.daemon == "board.local:443")
    #expect(https.pinning?.knownHosts.path == "/nonexistent/known-hosts")
  }

  @Test func aRequestCarriesItsKeyBodyAndEncodedPathAndTheAnswerComesBackWhole() async throws {
    let (port, requests, server) = try await Self.oneShotServer(
      answer: "HTTP/1.1 201 Created\r\nContent-Length: 11\r\nX-Extra: yes\r\n\r\n{\"ok\":true}")
    let client = try APIClient(url: "http://127.0.0.1:\(port)/", keys: ["k1"])
    let reply = try await client.send(
      "POST", "/api/v1/messages?zone=top%20row", body: Data("{\"text\":\"HI\"}".utf8))
    #expect(reply.status == 201)
    #expect(reply.text == "{\"ok\":true}")
    #expect(reply.headers["x-extra"] == "yes")
    var seen = requests.makeAsyncIterator()
    let request = try #require(await seen.next())
    try await server.close()
    #expect(request.hasPrefix("POST /api/v1/messages?zone=top%20row HTTP/1.1\r\n"))
    #expect(request.lowercased().contains("x-clack-key: k1\r\n"))
    #expect(request.lowercased().contains("content-length: 13\r\n"))
    #expect(request.hasSuffix("\r\n\r\n{\"text\":\"HI\"}"))
  }

  @Test func aDaemonThatAcceptsButNeverAnswersIsGivenUpOnAfterTheTimeout() async throws {
    // Accepts the connection and reads nothing back: no handler answers.
    let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .bind(host: "127.0.0.1", port: 0).get()
    let port = try #require(silent.localAddress?.port)
    let client = try APIClient(url: "http://127.0.0.1:\(port)", timeoutSeconds: 1)
    await #expect {
      try await client.send("GET", "/health")
    } throws: { error in
      "\(error)".contains("no answer within 1 s")
    }
    try await silent.close()
    // --timeout reaches the client, within its range.
    let status = try #require(
      try ClackCommand.parseAsRoot(["status", "--timeout", "60"]) as? StatusCommand)
    #expect(try status.client.client().timeoutSeconds == 60)
    #expect(throws: (any Error).self) {
      try ClackCommand.parseAsRoot(["status", "--timeout", "0"])
    }
  }

  static func freePort() async throws -> Int {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .bind(host: "127.0.0.1", port: 0).get()
    let port = channel.localAddress?.port ?? 0
    try await channel.close()
    return port
  }

  /// A listener that reads one request (until its body is complete) and writes `answer`.
  static func oneShotServer(answer: String) async throws -> (
    Int, AsyncStream<String>, any Channel
  ) {
    let (stream, continuation) = AsyncStream<String>.makeStream()
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .childChannelInitializer { child in
        child.pipeline.addHandler(OneShotHandler(answer: answer, seen: continuation))
      }
      .bind(host: "127.0.0.1", port: 0).get()
    return (channel.localAddress?.port ?? 0, stream, channel)
  }
}

private final class OneShotHandler: ChannelInboundHandler, @unchecked Sendable {
  typealias InboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer
  let answer: String
  let seen: AsyncStream<String>.Continuation
  var text = ""

  init(answer: String, seen: AsyncStream<String>.Continuation) {
    self.answer = answer
    self.seen = seen
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    var buffer = unwrapInboundIn(data)
    text += buffer.readString(length: buffer.readableBytes) ?? ""
    guard let end = text.range(of: "\r\n\r\n") else { return }
    let head = text[..<end.lowerBound].lowercased()
    let length =
      head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
      .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
      ?? 0
    guard text.utf8.count - text[..<end.upperBound].utf8.count >= length else { return }
    seen.yield(text)
    seen.finish()
    let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
    context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer))).whenComplete { _ in
      bound.value.close(promise: nil)
    }
  }
}
