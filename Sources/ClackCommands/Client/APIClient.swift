import ArgumentParser
import ClackDaemon
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Talks to a running daemon over its HTTP API. Errors come back as the daemon wrote them; a
/// daemon that does not answer gets "is clack running? tried …".
struct APIClient {
  let base: URL

  init(url: String) throws {
    guard let base = URL(string: url), base.scheme == "http" || base.scheme == "https",
      base.host != nil
    else { throw ValidationError("--url must be an http URL such as http://127.0.0.1:7000") }
    self.base = base
  }

  struct Reply {
    let status: Int
    let json: JSONValue?
    let text: String
    let headers: [String: String]
  }

  func get(_ path: String) async throws -> JSONValue { try await send("GET", path).json ?? .null }

  func post(_ path: String, _ body: JSONValue = .object([:])) async throws -> JSONValue {
    try await send("POST", path, body: body).json ?? .null
  }

  func delete(_ path: String) async throws { _ = try await send("DELETE", path) }

  /// Sends a request; a status of 400 or more becomes a failure showing the daemon's error.
  func send(_ method: String, _ path: String, body: JSONValue? = nil) async throws -> Reply {
    guard let url = URL(string: path, relativeTo: base) else {
      throw CommandFailure("cannot make a URL of \(base.absoluteString) and \(path)")
    }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.timeoutInterval = 10
    if let body {
      request.httpBody = Data(body.serialized.utf8)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await URLSession.shared.data(for: request)
    } catch {
      throw CommandFailure(
        "is clack running? tried \(base.absoluteString) (\(error.localizedDescription))")
    }
    let http = response as? HTTPURLResponse
    let status = http?.statusCode ?? 0
    let text = String(decoding: data, as: UTF8.self)
    let json = JSONValue.parse(data)
    var headers: [String: String] = [:]
    for (key, value) in http?.allHeaderFields ?? [:] {
      headers["\(key)".lowercased()] = "\(value)"
    }
    guard status < 400 else {
      throw CommandFailure(Self.errorText(status: status, json: json, text: text, headers: headers))
    }
    return Reply(status: status, json: json, text: text, headers: headers)
  }

  /// The daemon's error message, with its details (each unsupported character, say).
  static func errorText(status: Int, json: JSONValue?, text: String, headers: [String: String])
    -> String
  {
    guard let error = json?["error"], let message = error["message"]?.stringValue else {
      return
        "the daemon answered \(status): \(text.trimmingCharacters(in: .whitespacesAndNewlines))"
    }
    var lines = [message]
    if let retry = headers["retry-after"] { lines.append("retry after \(retry) s") }
    return lines.joined(separator: "; ")
  }
}

extension JSONValue {
  subscript(key: String) -> JSONValue? {
    if case .object(let fields) = self { return fields[key] }
    return nil
  }

  var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  var intValue: Int? {
    switch self {
    case .int(let value): value
    case .double(let value): Int(value)
    default: nil
    }
  }

  var doubleValue: Double? {
    switch self {
    case .int(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }

  var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  var arrayValue: [JSONValue] {
    if case .array(let items) = self { return items }
    return []
  }

  /// Rows of codes, when this is one.
  var codes: [[Int]]? {
    guard case .array(let rows) = self else { return nil }
    return rows.map { $0.arrayValue.compactMap(\.intValue) }
  }
}

/// `--url`, shared by the commands that talk to the daemon.
struct ClientOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The daemon's address (default $CLACK_URL, else http://127.0.0.1:7000).", valueName: "url"))
  var url: String?

  @Flag(help: "Print the daemon's JSON answer.")
  var json = false

  func client() throws -> APIClient {
    try APIClient(
      url: url ?? ProcessInfo.processInfo.environment["CLACK_URL"] ?? "http://127.0.0.1:7000")
  }

  /// Prints a JSON answer, pretty-printed.
  func printJSON(_ value: JSONValue) {
    print(value.serialized)
  }
}
