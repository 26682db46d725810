import ClackBoard
import ClackConfig
import Foundation

extension FuzzTarget {
  /// The config file: every section, its zones, pages, sources and run of show, then checked
  /// against the built-in board as `clack run` checks it before starting.
  static let config = FuzzTarget(
    name: "config", reads: "a config file (YAML), checked against the built-in 6×22 board"
  ) { bytes in
    let yaml = String(decoding: bytes, as: UTF8.self)
    guard
      let config = try? DaemonConfig.parse(
        yaml: yaml, file: "clack.yaml", baseDirectory: examples),
      let board = try? BuiltinBoard.load()
    else { return false }
    do {
      try config.validateZones(rows: board.rows, cols: board.cols, file: "clack.yaml")
      try config.validateScripts(on: board, file: "clack.yaml")
      try config.validatePictures(on: board, file: "clack.yaml")
    } catch {
      expect(!"\(error)".isEmpty, "a config error without words")
      return false
    }
    // A reload compares the new config with the running one: it must not trap on any pair.
    _ = config.restartOnlyChanges(comparedTo: DaemonConfig())
    _ = config.applicable(over: DaemonConfig())
    return true
  }

  /// docs/examples, where the example configs' relative files (a VBML page, a feed) are: the
  /// config seeds are those examples.
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../docs/examples").standardized.path
}
