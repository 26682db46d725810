import ArgumentParser
import ClackAPI
import ClackConfig
import ClackTLS
import Foundation

/// Talks to a running daemon over its HTTP API. Errors come back as the daemon wrote them; a
/// daemon that does not answer gets "is clack running? tried …".
package struct APIClient {
  let base: URL
  /// API keys to try in turn: the first that the daemon accepts is used (so one client works
  /// with `clack run` and with `clack sim`, whose state directories and keys differ).
  let keys: [String]
  /// For an https URL: the daemon's certificate, trusted on first use (docs/api.md, HTTPS).
  let pinning: CertificatePinning?
  /// How long to wait for each answer.
  let timeoutSeconds: Int

  /// `environment` names the known-hosts file (`KnownHosts.defaultPath`).
  package init(
    url: String, keys: [String] = [],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    timeoutSeconds: Int = ClientOptions.defaultTimeoutSeconds
  ) throws {
    guard let base = URL(string: url), base.scheme == "http" || base.scheme == "https",
      let host = base.host, !host.isEmpty
    else {
      throw ValidationError(
        "--url must be an http or https URL such as http://127.0.0.1:7000 or "
          + "https://clack.local:7000")
    }
    self.base = base
    self.keys = keys
    self.timeoutSeconds = timeoutSeconds
    if base.scheme == "https" {
      let daemon = ListenAddress(host: host, port: base.port ?? 443).description
      do {
        pinning = try CertificatePinning(
          daemon: daemon,
          knownHosts: KnownHosts(path: KnownHosts.defaultPath(environment: environment)))
      } catch {
        throw CommandFailure("\(error)")
      }
    } else {
      pinning = nil
    }
  }

  package struct Reply {
    let status: Int
    let data: Data
    let text: String
    let headers: [String: String]

    /// The answer as the API type it should be; a daemon that answers something else gets a
    /// failure that says what it sent.
    func decode<Answer: Decodable>(_ type: Answer.Type, path: String) throws -> Answer {
      do {
        return try WireJSON.decode(type, from: data)
      } catch {
        throw CommandFailure(
          "the daemon's answer to \(path) is not what this clack expects (\(error)); "
            + "is it the same version? It said: \(text.prefix(200))")
      }
    }
  }

  /// No body: for POSTs that take none.
  package struct Empty: Codable {
    package init() {}
  }

  func get<Answer: Decodable>(_ path: String, as type: Answer.Type) async throws -> (
    Answer, Reply
  ) {
    let reply = try await send("GET", path)
    return (try reply.decode(type, path: path), reply)
  }

  package func post<Answer: Decodable>(
    _ path: String, _ body: some Encodable = Empty(), as type: Answer.Type
  ) async throws -> (Answer, Reply) {
    let reply = try await send("POST", path, body: WireJSON.encode(body))
    return (try reply.decode(type, path: path), reply)
  }

  func put<Answer: Decodable>(_ path: String, _ body: some Encodable, as type: Answer.Type)
    async throws -> (Answer, Reply)
  {
    let reply = try await send("PUT", path, body: WireJSON.encode(body))
    return (try reply.decode(type, path: path), reply)
  }

  /// `PUT`s `setting` to `path` when there is one, else `GET`s it: a setting shown or set.
  func readOrSet<Setting: Encodable, Answer: Decodable>(
    _ path: String, setting: Setting?, as type: Answer.Type
  ) async throws -> (Answer, Reply) {
    guard let setting else { return try await get(path, as: type) }
    return try await put(path, setting, as: type)
  }

  func delete(_ path: String) async throws { _ = try await send("DELETE", path) }

  /// Sends a request; a status of 400 or more becomes a failure showing the daemon's error.
  func send(_ method: String, _ path: String, body: Data? = nil) async throws -> Reply {
    var index = 0
    while true {
      let key = index < keys.count ? keys[index] : nil
      do {
        return try await send(method, path, body: body, key: key)
      } catch is Unauthorized where index + 1 < keys.count {
        index += 1
      } catch let failure as Unauthorized {
        throw CommandFailure(
          failure.message
            + (keys.isEmpty
              ? "; found no key: pass --key or set CLACK_KEY (clack key prints clack run's key, "
                + "clack key --sim clack sim's)" : ""))
      }
    }
  }

  /// The daemon refused the key (or its absence).
  private struct Unauthorized: Error {
    let message: String
  }

  private func send(_ method: String, _ path: String, body: Data?, key: String?)
    async throws -> Reply
  {
    guard let url = URL(string: path, relativeTo: base) else {
      throw CommandFailure("cannot make a URL of \(base.absoluteString) and \(path)")
    }
    var fields: [(String, String)] = []
    if let key { fields.append(("X-Clack-Key", key)) }
    if body != nil { fields.append(("Content-Type", "application/json")) }
    let parts = URLComponents(url: url, resolvingAgainstBaseURL: true)
    let exchange = HTTPExchange(
      host: parts?.host ?? "127.0.0.1", port: parts?.port ?? (pinning == nil ? 80 : 443),
      timeout: .seconds(Int64(timeoutSeconds)), pinning: pinning)
    let resolved = parts?.percentEncodedPath ?? ""
    let target =
      (resolved.isEmpty ? "/" : resolved) + (parts?.percentEncodedQuery.map { "?" + $0 } ?? "")
    let answer: HTTPExchange.Answer
    do {
      answer = try await exchange.send(
        method, target, headers: fields, body: body.map { Array($0) })
    } catch {
      if let refusal = pinning?.refusal() { throw CommandFailure(refusal.description) }
      if let problem = pinning?.problem() { throw CommandFailure(problem.description) }
      throw CommandFailure(
        "is clack running? tried \(base.absoluteString) (\(HTTPExchange.reason(error)))"
          + schemeHint(error))
    }
    do {
      if let notice = try pinning?.settle() {
        FileHandle.standardError.write(Data((notice + "\n").utf8))
      }
    } catch {
      throw CommandFailure("\(error)")
    }
    let status = answer.status
    let data = Data(answer.body)
    let text = String(decoding: data, as: UTF8.self)
    let headers = answer.headers
    if status == 401 {
      throw Unauthorized(
        message: Self.errorText(status: status, data: data, text: text, headers: headers))
    }
    guard status < 400 else {
      throw CommandFailure(Self.errorText(status: status, data: data, text: text, headers: headers))
    }
    return Reply(status: status, data: data, text: text, headers: headers)
  }

  /// What to try when the failure looks like the wrong scheme: plain HTTP to a daemon that
  /// speaks HTTPS (it drops the connection), or HTTPS to one that does not.
  private func schemeHint(_ error: any Error) -> String {
    if pinning == nil, case .closedEarly? = error as? HTTPExchange.Failure {
      return "; a daemon listening beyond loopback speaks HTTPS: try --url https://"
        + (base.host ?? "HOST") + (base.port.map { ":\($0)" } ?? "")
    }
    if pinning != nil, HTTPExchange.isTLSFailure(error) {
      return "; a daemon on loopback speaks plain HTTP unless its config says tls: on: try "
        + "--url http://" + (base.host ?? "HOST") + (base.port.map { ":\($0)" } ?? "")
    }
    return ""
  }

  /// The daemon's error message, with its details (each unsupported character, say).
  static func errorText(status: Int, data: Data, text: String, headers: [String: String])
    -> String
  {
    guard let body = try? WireJSON.decode(ErrorBody.self, from: data) else {
      return
        "the daemon answered \(status): \(text.trimmingCharacters(in: .whitespacesAndNewlines))"
    }
    var lines = [body.error.message]
    if let retry = headers["retry-after"] { lines.append("retry after \(retry) s") }
    return lines.joined(separator: "; ")
  }
}

/// `--url`, shared by the commands that talk to the daemon.
struct ClientOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The daemon's address (default $CLACK_URL, else where /etc/clack/clack.yaml has it "
        + "listen, https:// when that is beyond loopback, else http://127.0.0.1:7000).",
      valueName: "url"))
  var url: String?

  @Option(
    help: ArgumentHelp(
      "The API key (default $CLACK_KEY, else the key files of clack run and clack sim in their "
        + "default state directories).", valueName: "key"))
  var key: String?

  @Flag(help: "Print the daemon's JSON answer.")
  var json = false

  static let defaultTimeoutSeconds = 10

  @Option(
    help: ArgumentHelp(
      "Seconds to wait for each of the daemon's answers.", valueName: "seconds"))
  var timeout: Int = ClientOptions.defaultTimeoutSeconds

  func validate() throws {
    guard (1...3600).contains(timeout) else {
      throw ValidationError("--timeout must be a whole number of seconds from 1 to 3600")
    }
  }

  func client() throws -> APIClient {
    let environment = ProcessInfo.processInfo.environment
    return try APIClient(
      url: url ?? Self.defaultURL(environment: environment),
      keys: Self.candidateKeys(flag: key, environment: environment), timeoutSeconds: timeout)
  }

  /// `$CLACK_URL`, else the local address of the daemon the package's config describes (so
  /// `clack send` on the board's own machine finds an HTTPS listener), else loopback port 7000.
  static func defaultURL(
    environment: [String: String], packagedConfig: String = DaemonConfig.packagedPath
  ) -> String {
    if let url = environment["CLACK_URL"], !url.isEmpty { return url }
    if FileManager.default.isReadableFile(atPath: packagedConfig),
      let config = try? DaemonConfig.load(path: packagedConfig)
    {
      return config.localURL
    }
    return DaemonConfig().localURL
  }

  /// The keys to try, most explicit first. Files that cannot be read are skipped: the daemon's
  /// 401 then says what is missing.
  static func candidateKeys(flag: String?, environment: [String: String]) -> [String] {
    if let flag { return [flag] }
    if let key = environment["CLACK_KEY"], !key.isEmpty { return [key] }
    let run = StateDirectory.defaultPath(environment: environment)
    let files = [run, run + "-sim"].map { APIKey.defaultPath(stateDirectory: $0) }
    var keys: [String] = []
    for file in files {
      if let key = try? APIKey.read(path: file), !keys.contains(key.value) {
        keys.append(key.value)
      }
    }
    return keys
  }

  /// Prints the daemon's JSON answer as it came.
  func printJSON(_ reply: APIClient.Reply) {
    print(reply.text.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
