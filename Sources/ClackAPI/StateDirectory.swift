import Foundation

/// Where the daemon keeps its database and key.
public enum StateDirectory {
  /// `$XDG_STATE_HOME/clack`, else `~/.local/state/clack` for a user; `/var/lib/clack` for
  /// root (the system service, whose unit sets StateDirectory=clack).
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  )
    -> String
  {
    if let state = environment["STATE_DIRECTORY"], !state.isEmpty {
      return String(state.split(separator: ":")[0])  // systemd's StateDirectory=
    }
    if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/clack" }
    if getuid() == 0 { return "/var/lib/clack" }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.local/state/clack"
  }

  /// Creates the directory (mode 0700) if needed; the error says what went wrong where.
  public static func prepare(_ path: String) throws -> String {
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw DaemonError("cannot create the state directory \(path): \(error.localizedDescription)")
    }
    guard access(path, W_OK) == 0 else {
      throw DaemonError("the state directory \(path) is not writable by this user")
    }
    return path
  }
}

/// A failure of the daemon, in words a user can act on.
public struct DaemonError: Error, CustomStringConvertible, Sendable {
  public let description: String
  public init(_ description: String) { self.description = description }
}
