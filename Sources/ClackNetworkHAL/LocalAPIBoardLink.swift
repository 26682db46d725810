import AsyncHTTPClient
import ClackCore
import ClackHAL
import Foundation
import NIOCore
import NIOHTTP1

/// A Vestaboard (or anything that answers its Local API: another Clack daemon) over plain
/// HTTP: `POST /local-api/message` with the rows of codes, or `{"characters", "strategy",
/// "step_interval_ms", "step_size"}` when a transition is asked for, and `GET
/// /local-api/message` for what it shows, each with the header `X-Vestaboard-Local-Api-Key`.
/// Calls block the calling thread (the drive's own, never an event loop) until the board
/// answers or `timeoutSeconds` pass.
public final class LocalAPIBoardLink: MessageBoardLink, Sendable {
  public let name: String
  private let base: String
  private let key: String
  private let timeoutSeconds: Int
  private let client: HTTPClient

  /// `url`: the board's address, `http://vestaboard.local:7000` (a path after it is
  /// ignored).
  public init(url: String, key: String, timeoutSeconds: Int = 10) {
    var base = url
    while base.hasSuffix("/") { base.removeLast() }
    self.base = base
    name = base
    self.key = key
    self.timeoutSeconds = timeoutSeconds
    var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
    configuration.timeout = .init(connect: .seconds(5), read: .seconds(Int64(timeoutSeconds)))
    client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
  }

  deinit {
    try? client.syncShutdown()
  }

  public func show(_ rows: [[Int]], animation: BoardAnimation?) throws(MessageBoardError) {
    let body: JSONValue
    let characters = JSONValue.array(rows.map { .array($0.map(JSONValue.int)) })
    if let animation {
      var fields: [String: JSONValue] = [
        "characters": characters, "strategy": .string(animation.strategy),
      ]
      if let interval = animation.stepIntervalMilliseconds {
        fields["step_interval_ms"] = .int(interval)
      }
      if let size = animation.stepSize { fields["step_size"] = .int(size) }
      body = .object(fields)
    } else {
      body = characters
    }
    let data = (try? JSONEncoder().encode(body)) ?? Data()
    _ = try exchange(.POST, body: data)
  }

  public func shown() throws(MessageBoardError) -> [[Int]]? {
    let data = try exchange(.GET, body: nil)
    // A Vestaboard answers {"message": rows}; rows alone are taken too, and a Clack board
    // still homing answers {"message": null}.
    var json = JSONValue.parse(data)
    if case .object(let fields) = json, let message = fields["message"] { json = message }
    if json == .null { return nil }
    guard case .array(let lines) = json else {
      throw malformed("its answer to GET is not rows of codes: \(Self.excerpt(data))")
    }
    var rows: [[Int]] = []
    for line in lines {
      guard case .array(let cells) = line else {
        throw malformed("a row of its answer is not a list of codes: \(Self.excerpt(data))")
      }
      var row: [Int] = []
      for cell in cells {
        guard case .int(let code) = cell else {
          throw malformed("a cell of its answer is not a code: \(Self.excerpt(data))")
        }
        row.append(code)
      }
      rows.append(row)
    }
    return rows
  }

  /// One request; the answer's body when the status is 2xx, a classified error otherwise.
  private func exchange(_ method: HTTPMethod, body: Data?) throws(MessageBoardError) -> Data {
    let response: HTTPClient.Response
    do {
      var headers = HTTPHeaders()
      headers.add(name: "X-Vestaboard-Local-Api-Key", value: key)
      headers.add(name: "User-Agent", value: "clack")
      if body != nil { headers.add(name: "Content-Type", value: "application/json") }
      let request = try HTTPClient.Request(
        url: base + "/local-api/message", method: method, headers: headers,
        body: body.map { .data($0) })
      response = try client.execute(
        request: request, deadline: .now() + .seconds(Int64(timeoutSeconds))
      ).wait()
    } catch {
      throw MessageBoardError(
        kind: .unreachable, board: name, message: "\(name): \(words(for: error))")
    }
    let data = response.body.map { Data($0.readableBytesView) } ?? Data()
    let status = response.status
    switch status.code {
    case 200..<300:
      return data
    case 401, 403:
      throw MessageBoardError(
        kind: .unauthorized, board: name,
        message: "\(name) refused the Local API key (HTTP \(status.code)): check the board's key")
    case 429, 503:
      throw MessageBoardError(
        kind: .rateLimited, board: name,
        message: "\(name) asked for time (HTTP \(status.code))",
        retryAfterSeconds: response.headers.first(name: "Retry-After").flatMap(Double.init))
    default:
      throw MessageBoardError(
        kind: .refused, board: name,
        message:
          "\(name) refused the message (HTTP \(status.code) \(status.reasonPhrase)): \(Self.excerpt(data))"
      )
    }
  }

  private func malformed(_ what: String) -> MessageBoardError {
    MessageBoardError(kind: .malformed, board: name, message: "\(name): \(what)")
  }

  /// The start of a body, for messages.
  private static func excerpt(_ data: Data) -> String {
    let text = String(decoding: data.prefix(200), as: UTF8.self)
    return text.isEmpty ? "(empty)" : text
  }

  /// A failed connection in a person's words: NIO's own descriptions name syscalls and errnos.
  private func words(for error: any Error) -> String {
    if let error = error as? HTTPClientError {
      switch error {
      case .deadlineExceeded, .readTimeout: return "no answer within \(timeoutSeconds) s"
      case .connectTimeout: return "could not connect within 5 s"
      case .remoteConnectionClosed: return "the board closed the connection before answering"
      case .invalidURL: return "not a URL (write it as http://host:7000)"
      default: break
      }
    }
    let text = "\(error)"
    if text.contains("Connection refused") {
      return "the board refused the connection (is it on, and is its Local API enabled?)"
    }
    if text.contains("NXDOMAIN") || text.contains("getaddrinfo") || text.contains("No address") {
      return "no such host (check the name, and the machine's DNS or mDNS)"
    }
    if text.contains("Network is unreachable") || text.contains("No route to host") {
      return "the network cannot reach the board"
    }
    return text
  }
}
