import AsyncHTTPClient
import ClackAPI
import ClackCore
import ClackRuntime
import Foundation
import NIOCore
import NIOHTTP1

/// One request of a fetched source over HTTP(S) (docs/sources.md): a conditional request with
/// the last answer's validators, a time limit, at most three redirects, TLS verified, at most
/// `maxBytes` of answer. The answer's bytes (what they mean is the source kind's to read), or
/// what went wrong in words naming the URL.
struct SourceFetch {
  /// The largest answer read: far more than any page shows, little enough for a Pi.
  static let maxBytes = 1 << 20

  /// The last good answer's `ETag` and `Last-Modified`, sent back so an unchanged document
  /// costs the server (and the Pi) nothing.
  struct Validators: Sendable, Hashable {
    var etag: String?
    var lastModified: String?
  }

  enum Outcome: Sendable, Hashable {
    /// A new answer, and the validators to send next time.
    case body(Data, Validators)
    /// 304: the document has not changed since the last good answer.
    case unchanged
    case failed(String)
  }

  let url: URL
  let headers: [String: String]
  let timeout: TimeInterval
  /// What the source's kind reads (`application/json`, feeds, calendars).
  var accept = "application/json"

  func run(with client: HTTPClient, validators: Validators) async -> Outcome {
    var request = HTTPClientRequest(url: url.absoluteString)
    request.headers.add(name: "Accept", value: accept)
    request.headers.add(name: "User-Agent", value: "clack/\(ClackVersion.current)")
    for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
    if let etag = validators.etag { request.headers.add(name: "If-None-Match", value: etag) }
    if let since = validators.lastModified {
      request.headers.add(name: "If-Modified-Since", value: since)
    }
    let origin = url.absoluteString
    do {
      let response = try await client.execute(request, timeout: .seconds(Int64(timeout)))
      switch response.status.code {
      case 304:
        return .unchanged
      case 200..<300:
        let body: ByteBuffer
        do {
          body = try await response.body.collect(upTo: Self.maxBytes)
        } catch is NIOTooManyBytesError {
          return .failed("\(origin): the answer is over \(Self.maxBytes / 1024) KiB")
        }
        return .body(
          Data(body.readableBytesView),
          Validators(
            etag: response.headers.first(name: "ETag"),
            lastModified: response.headers.first(name: "Last-Modified")))
      case 401, 403:
        return .failed(
          "\(origin): HTTP \(response.status.code) \(response.status.reasonPhrase) "
            + "(check the token or key it needs)")
      default:
        return .failed(
          "\(origin): HTTP \(response.status.code) \(response.status.reasonPhrase)")
      }
    } catch {
      return .failed("\(origin): \(words(for: error))")
    }
  }

  /// A failed request in a person's words: NIO's own descriptions name syscalls and errnos.
  func words(for error: any Error) -> String {
    if let error = error as? HTTPClientError {
      switch error {
      case .deadlineExceeded, .readTimeout: return "no answer within \(Int(timeout)) s"
      case .connectTimeout: return "could not connect within 10 s"
      case .redirectLimitReached: return "more than 3 redirects"
      case .redirectCycleDetected: return "the redirects go round in a circle"
      case .remoteConnectionClosed: return "the server closed the connection before answering"
      default: break
      }
    }
    let text = "\(error)"
    if text.contains("Connection refused") {
      return "the server refused the connection (is it running, on that port?)"
    }
    if text.contains("NXDOMAIN") || text.contains("getaddrinfo") || text.contains("No address") {
      return "no such host (check the name, and the machine's DNS)"
    }
    if text.contains("Network is unreachable") || text.contains("No route to host") {
      return "the network cannot reach the server"
    }
    return text
  }

  /// The first few characters of an answer, for an error that says what it is not.
  static func start(of body: Data) -> String {
    let text = String(decoding: body.prefix(40), as: UTF8.self)
    return "'" + text.replacingOccurrences(of: "\n", with: " ") + (body.count > 40 ? "…'" : "'")
  }
}
