import ClackAPI
import Foundation

/// The `clack key` command that prints this daemon's key, for every hint that tells a user to
/// run one (the start-up log, 401 answers, the web page, Local API enablement): `clack sim`
/// keeps its key apart from `clack run`'s, and a daemon started with `--state` or a config
/// file keeps it where they say.
enum KeyCommandHint {
  static func command(
    apiKeyFile: String?, configFile: String?, stateDirectory: String,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if apiKeyFile != nil, let configFile {
      return "clack key --config \(quoted(absolute(configFile)))"
    }
    let standard = StateDirectory.defaultPath(environment: environment)
    if stateDirectory == standard { return "clack key" }
    if stateDirectory == standard + "-sim" { return "clack key --sim" }
    return "clack key --state \(quoted(absolute(stateDirectory)))"
  }

  /// A path as a shell word: quoted when it holds anything but plain path characters.
  static func quoted(_ path: String) -> String {
    let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+,:@%".contains($0) }
    return plain ? path : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }
}
