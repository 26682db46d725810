import Foundation

/// The board's API key: every write needs it, and so does every read when the daemon listens
/// beyond loopback. It is also the Vestaboard Local API key, so `clack key` tells a user what
/// to paste into a Vestaboard tool.
public struct APIKey: Sendable, Equatable {
  public let value: String

  public init(value: String) {
    self.value = value
  }

  /// The key file inside a state directory, unless the config names another.
  public static func defaultPath(stateDirectory: String) -> String {
    stateDirectory + "/api-key"
  }

  /// A new key: 32 bytes from the system's cryptographic generator (getrandom on Linux),
  /// base64url without padding, so it can go in a header or a URL as it is. Never starting
  /// with `-`: one key in 64 would, and `clack send --key KEY` (like most command lines) then
  /// reads it as an option and says the key is missing.
  public static func generate() -> APIKey {
    var generator = SystemRandomNumberGenerator()
    while true {
      let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let text = Data(bytes).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
      if !text.hasPrefix("-") { return APIKey(value: text) }
    }
  }

  /// Reads the key at `path`, or makes one there (mode 0600, created exclusively so two
  /// processes starting at once cannot each write a different key). `created` says which.
  public static func loadOrCreate(path: String) throws(DaemonError) -> (key: APIKey, created: Bool)
  {
    if let key = try read(path: path) { return (key, false) }
    let key = generate()
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      // Lost a race with another process: use the key it wrote.
      if errno == EEXIST, let key = try read(path: path) { return (key, false) }
      throw DaemonError("cannot create the API key file \(path): \(reason)")
    }
    defer { close(descriptor) }
    try key.writeLine(to: descriptor, path: path)
    return (key, true)
  }

  /// Writes the key as the file's one line and makes it durable.
  func writeLine(to descriptor: Int32, path: String) throws(DaemonError) {
    let line = Array((value + "\n").utf8)
    let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == line.count, fsync(descriptor) == 0 else {
      throw DaemonError(
        "cannot write the API key file \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// The key in an existing file; nil when there is no file.
  public static func read(path: String) throws(DaemonError) -> APIKey? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw DaemonError("cannot read the API key file \(path) (check its owner and mode)")
    }
    let text = String(decoding: data, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else {
      throw DaemonError("the API key file \(path) is empty: delete it to have a new key made")
    }
    guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      throw DaemonError(
        "the API key file \(path) holds spaces or non-ASCII characters; a key must be one word")
    }
    return APIKey(value: text)
  }

  /// Whether the file can be read by anyone but its owner: worth a warning at start.
  public static func isExposed(path: String) -> Bool {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let mode = attributes[.posixPermissions] as? Int
    else { return false }
    return mode & 0o077 != 0
  }

  /// Compares in time that depends only on the lengths, never on where the first difference
  /// is, so a client cannot find the key a byte at a time by timing failed requests.
  public func matches(_ candidate: some StringProtocol) -> Bool {
    let expected = Array(value.utf8)
    let given = Array(candidate.utf8)
    var difference = UInt8(truncatingIfNeeded: expected.count ^ given.count)
    for index in 0..<expected.count {
      let byte = index < given.count ? given[index] : 0
      difference |= expected[index] ^ byte
    }
    return difference == 0
  }
}
