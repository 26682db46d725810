import Foundation
import GRDB

/// What the board showed last, so a restart does not flip needlessly (positions are still
/// verified by homing).
public struct BoardSnapshot: Codable, Sendable, Hashable {
  /// The last frame shown, as rows of codes.
  public var codes: [[Int]]
  /// Each module's flap as last known (nil for a module that was faulty).
  public var flaps: [Int?]
  public var savedAt: Date

  public init(codes: [[Int]], flaps: [Int?], savedAt: Date) {
    self.codes = codes
    self.flaps = flaps
    self.savedAt = savedAt
  }
}

extension ClackStore {
  public func saveBoardState(_ snapshot: BoardSnapshot) throws(StoreError) {
    try saveState(snapshot, key: "last", field: "board state", at: snapshot.savedAt)
  }

  public func loadBoardState() throws(StoreError) -> BoardSnapshot? {
    try loadState(key: "last")
  }

  /// Saves `value` as JSON under `key` in the board-state table.
  func saveState(_ value: some Encodable, key: String, field: String, at date: Date)
    throws(StoreError)
  {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let json: String
    do {
      json = String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw .invalid(field: field, message: "cannot be encoded: \(error)")
    }
    try write { db in
      try db.execute(
        sql: """
          INSERT INTO board_state (key, value, updated_at) VALUES (?, ?, ?)
          ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
          """, arguments: [key, json, StoreTime(date)])
    }
  }

  /// A value saved by `saveState` (removed in the same transaction when `remove`); nil when
  /// there is none or it cannot be read.
  func loadState<T: Decodable>(key: String, remove: Bool = false) throws(StoreError) -> T? {
    let json = try write { db in
      let value = try String.fetchOne(
        db, sql: "SELECT value FROM board_state WHERE key = ?", arguments: [key])
      if remove { try db.execute(sql: "DELETE FROM board_state WHERE key = ?", arguments: [key]) }
      return value
    }
    guard let json else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try? decoder.decode(T.self, from: Data(json.utf8))
  }
}

extension ClackStore {
  /// Saves a setting changed at run time as text (`BoardSetting` types it), so it outlives a
  /// restart. Settings share the board-state table, under `setting.<name>`.
  func saveSetting(_ name: String, value: String, at date: Date) throws(StoreError) {
    try write { db in
      try db.execute(
        sql: """
          INSERT INTO board_state (key, value, updated_at) VALUES (?, ?, ?)
          ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
          """, arguments: ["setting." + name, value, StoreTime(date)])
    }
  }

  /// Forgets a setting saved by `saveSetting` (nothing when none was).
  func deleteSetting(_ name: String) throws(StoreError) {
    try write { db in
      try db.execute(
        sql: "DELETE FROM board_state WHERE key = ?", arguments: ["setting." + name])
    }
  }

  /// A setting saved by `saveSetting`, or nil.
  func setting(_ name: String) throws(StoreError) -> String? {
    try read { db in
      try String.fetchOne(
        db, sql: "SELECT value FROM board_state WHERE key = ?", arguments: ["setting." + name])
    }
  }
}
