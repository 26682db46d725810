import ClackAPI
import ClackCommands
import ClackConfig
import Foundation

extension KeyCommand {
  /// `clack key --rotate`: a new key in the key file, printed; then the running daemon is
  /// asked, with the old key, to read the file again, after which it refuses the old one.
  func rotateKey() async throws {
    let (path, mayCreateDirectory) = try keyFile()
    let old: APIKey?
    let key: APIKey
    do {
      if mayCreateDirectory {
        _ = try StateDirectory.prepare((path as NSString).deletingLastPathComponent)
      }
      old = try APIKey.read(path: path)
      key = try APIKey.rotate(path: path)
    } catch {
      throw CommandFailure("\(error)")
    }
    // Written now, not buffered as print is: the key first, then what became of it.
    FileHandle.standardOutput.write(Data((key.value + "\n").utf8))
    let base =
      try url ?? ProcessInfo.processInfo.environment["CLACK_URL"]
      ?? daemonConfig().localURL
    guard let old else {
      Self.note("made a new API key in \(path); a daemon reads it when it starts")
      return
    }
    do {
      let client = try APIClient(url: base, keys: [old.value])
      _ = try await client.post("/api/v1/key/reload", as: KeyReloadWire.self)
      Self.note(
        "made a new API key in \(path); the daemon at \(base) took it, and refuses the old one")
    } catch {
      Self.note(
        "made a new API key in \(path); the daemon at \(base) did not take it (\(error)). "
          + "A daemon reads it when it starts, or on systemctl reload clack (SIGHUP)")
    }
  }

  static func note(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
