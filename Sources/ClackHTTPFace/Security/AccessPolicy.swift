import ClackAPI
import HTTPTypes

/// Which requests need the API key (docs/api.md, "Authentication").
public struct AccessPolicy: Sendable {
  /// The key checked now: `clack key --rotate` may change it while the daemon runs.
  public let keys: APIKeyStore
  public var key: APIKey { keys.current }
  /// True when the listener is loopback-only: then reads without a key are open to this
  /// machine.
  public let loopbackOnly: Bool
  /// The command that prints this daemon's key, for answers and the page that say how to
  /// get it ("clack key", "clack key --sim", "clack key --state …").
  public let keyCommand: String

  public init(keys: APIKeyStore, loopbackOnly: Bool, keyCommand: String = "clack key") {
    self.keys = keys
    self.loopbackOnly = loopbackOnly
    self.keyCommand = keyCommand
  }

  /// A key that never changes (no file behind it).
  public init(key: APIKey, loopbackOnly: Bool, keyCommand: String = "clack key") {
    self.init(keys: APIKeyStore(key), loopbackOnly: loopbackOnly, keyCommand: keyCommand)
  }

  public enum Decision: Equatable, Sendable {
    case allowed
    /// No key, or the wrong one. `presented` says whether a key was sent at all.
    case refused(presented: Bool)
  }

  /// The health check, the web page and its assets, and the OpenAPI document are always
  /// open: they reveal nothing about the board and a monitor or a browser needs them first.
  /// Local API enablement checks its own token instead of the key.
  static func isPublic(_ path: String) -> Bool {
    path == "/health" || path == "/" || path.hasPrefix("/ui/") || path == "/openapi.yaml"
      || path == "/local-api/enablement"
  }

  static func isRead(_ method: HTTPRequest.Method) -> Bool {
    method == .get || method == .head || method == .options
  }

  /// `queryKey` is the `key` query parameter, accepted only on the event stream: a browser's
  /// EventSource cannot set headers. A wrong key is refused even where no key is needed (a
  /// read on a loopback listener): clients such as Vestaboard tools and Home Assistant check
  /// a key by expecting 401 for a wrong one.
  public func decide(
    method: HTTPRequest.Method, path: String, headers: HTTPFields, queryKey: String? = nil
  ) -> Decision {
    if Self.isPublic(path) { return .allowed }
    let fromQuery = path == "/api/v1/events" ? queryKey.map { Substring($0) } : nil
    guard let presented = Self.presentedKey(headers, path: path) ?? fromQuery else {
      return loopbackOnly && Self.isRead(method) ? .allowed : .refused(presented: false)
    }
    return key.matches(presented) ? .allowed : .refused(presented: true)
  }

  /// The key a request carries: `Authorization: Bearer KEY` or `X-Clack-Key: KEY`, and on the
  /// Vestaboard Local API its own header.
  static func presentedKey(_ headers: HTTPFields, path: String) -> Substring? {
    if path.hasPrefix("/local-api/"), let key = headers[.vestaboardLocalAPIKey] {
      return Substring(key)
    }
    if let key = headers[.clackKey] { return Substring(key) }
    if let authorization = headers[.authorization] {
      let parts = authorization.split(separator: " ", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "bearer" {
        return parts[1].drop { $0 == " " }
      }
    }
    return nil
  }
}

extension HTTPField.Name {
  static let clackKey = HTTPField.Name("X-Clack-Key")!
  static let vestaboardLocalAPIKey = HTTPField.Name("X-Vestaboard-Local-Api-Key")!
  static let vestaboardEnablementToken = HTTPField.Name("X-Vestaboard-Local-Api-Enablement-Token")!
}
