import Foundation
import GRDB

extension ClackStore {
  /// SQLite's quick check of the database at `path`, opened read-only (a running daemon keeps
  /// its own connection; WAL lets both read). Nil when it passes or there is no file yet, else
  /// what is wrong.
  public static func quickCheckProblem(path: String) -> String? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    do {
      var configuration = Configuration()
      configuration.readonly = true
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      defer { try? queue.close() }
      let result = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
      return result == ["ok"] ? nil : result.prefix(3).joined(separator: "; ")
    } catch {
      return "\(error)"
    }
  }
}
