import Foundation
import GRDB

/// Where a stepped board's modules were when the daemon stopped cleanly (coils off, motion
/// ended): the next start trusts it instead of homing. Taken (read and deleted) at start, so
/// a start that then loses power homes again the time after.
public struct CleanStop: Codable, Sendable, Hashable {
  /// The board it belongs to (`BoardRunner.positionKey`): a changed board file homes.
  public var board: String
  /// Each module's position in steps past its flap 0, -1 where it was unknown (a fault).
  public var positions: [Int]
  /// Each module's coil phase, 0–7.
  public var phases: [Int]
  /// A simulated board's rotors, in half-steps: its twin starts where it stopped.
  public var rotors: [Int]?
  public var savedAt: Date

  public init(board: String, positions: [Int], phases: [Int], rotors: [Int]?, savedAt: Date) {
    self.board = board
    self.positions = positions
    self.phases = phases
    self.rotors = rotors
    self.savedAt = savedAt
  }
}

extension ClackStore {
  public func saveCleanStop(_ stop: CleanStop) throws(StoreError) {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let json: String
    do {
      json = String(decoding: try encoder.encode(stop), as: UTF8.self)
    } catch {
      throw .invalid(field: "clean stop", message: "cannot be encoded: \(error)")
    }
    try write { db in
      try db.execute(
        sql: """
          INSERT INTO board_state (key, value, updated_at) VALUES ('clean_stop', ?, ?)
          ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
          """, arguments: [json, stop.savedAt])
    }
  }

  /// The clean stop saved last, removed in the same transaction; nil when the last run did not
  /// end cleanly (or its record cannot be read).
  public func takeCleanStop() throws(StoreError) -> CleanStop? {
    let json = try write { db in
      let value = try String.fetchOne(
        db, sql: "SELECT value FROM board_state WHERE key = 'clean_stop'")
      try db.execute(sql: "DELETE FROM board_state WHERE key = 'clean_stop'")
      return value
    }
    guard let json else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try? decoder.decode(CleanStop.self, from: Data(json.utf8))
  }
}
