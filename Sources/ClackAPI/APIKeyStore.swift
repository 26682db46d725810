import Synchronization

/// The key a running daemon checks requests against. `clack key --rotate` writes a new one
/// to the key file and has the daemon read it again (`POST /api/v1/key/reload`, or SIGHUP):
/// from then on the old key is refused.
public final class APIKeyStore: Sendable {
  /// Where the key is kept; nil for a key with no file behind it (tests).
  public let path: String?
  private let key: Mutex<APIKey>

  public init(_ key: APIKey, path: String? = nil) {
    self.path = path
    self.key = Mutex(key)
  }

  public var current: APIKey { key.withLock { $0 } }

  /// Reads the key file again: true when it held another key, which is then the one checked.
  /// A file that is gone or cannot be read changes nothing, and the error says why.
  public func reload() throws(DaemonError) -> Bool {
    guard let path else { return false }
    guard let fresh = try APIKey.read(path: path) else {
      throw DaemonError(
        "the API key file \(path) is gone; still using the key read before "
          + "(clack key --rotate makes a new one)")
    }
    return key.withLock { held in
      guard held != fresh else { return false }
      held = fresh
      return true
    }
  }
}
