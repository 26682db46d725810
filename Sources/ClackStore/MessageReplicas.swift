import ClackContent
import Foundation
import GRDB

/// A message's row as a wall's leader hands it to the other members (docs/walls.md), so the
/// one that takes over holds every message the leader acknowledged: the row whole (id, state,
/// times, frame), encoded by the store that reads it back.
public struct MessageReplica: Sendable, Hashable {
  public let id: Int64
  public let data: Data

  public init(id: Int64, data: Data) {
    self.id = id
    self.data = data
  }
}

extension ClackStore {
  /// The messages that still have a part to play: queued, on show, or pinned (a pinned one
  /// that was shown comes back).
  static let liveSQL = """
    SELECT * FROM message WHERE state IN ('queued', 'showing') OR (state = 'shown' AND pinned = 1)
    ORDER BY id
    """

  /// Every live message's row, oldest first.
  public func liveReplicas() throws(StoreError) -> [MessageReplica] {
    let records = try read { db in try MessageRecord.fetchAll(db.cachedStatement(sql: Self.liveSQL))
    }
    return try records.map { record throws(StoreError) in try Self.replica(record) }
  }

  /// The rows of `ids` (those that exist), live or not.
  public func replicas(ids: [Int64]) throws(StoreError) -> [MessageReplica] {
    let records = try read { db in try MessageRecord.fetchAll(db, keys: ids) }
    return try records.map { record throws(StoreError) in try Self.replica(record) }
  }

  /// Stores a row another store made (`liveReplicas`), in place of the message with its id.
  /// Its history gets one line saying where it came from.
  @discardableResult
  public func applyReplica(_ replica: MessageReplica, at now: Date, from source: String)
    throws(StoreError) -> Message
  {
    let record: MessageRecord
    do {
      record = try JSONDecoder().decode(MessageRecord.self, from: replica.data)
    } catch {
      throw .invalid(field: "replica", message: "message \(replica.id) cannot be read: \(error)")
    }
    guard record.id == replica.id else {
      throw .invalid(
        field: "replica", message: "its row is message \(record.id ?? 0), not \(replica.id)")
    }
    return try write { db in
      var row = record
      let known = try MessageRecord.fetchOne(db, key: replica.id)
      try row.save(db)
      if known?.state != row.state {
        try Self.log(db, replica.id, row.state, at: now, reason: "as \(source) has it")
      }
      return row.message
    }
  }

  /// Takes back a message whose acceptance could not be completed (a wall's broker did not
  /// confirm it): deletes it, and puts the ones it replaced back as they were.
  public func withdraw(_ accepted: Accepted, at now: Date) throws(StoreError) {
    let id = accepted.message.id
    try write { db in
      for old in accepted.replaced {
        guard var record = try MessageRecord.fetchOne(db, key: old) else { continue }
        record.state = record.state == .shown ? .showing : .queued
        try record.update(db)
        try Self.log(db, old, record.state, at: now, reason: "message \(id) was not accepted")
      }
      _ = try MessageRecord.deleteOne(db, key: id)
    }
  }

  /// Expires every live message not in `keep`, each with `reason`; returns them.
  @discardableResult
  public func expireLive(except keep: Set<Int64>, at now: Date, reason: String)
    throws(StoreError) -> [Int64]
  {
    try write { db in
      var expired: [Int64] = []
      for var record in try MessageRecord.fetchAll(db.cachedStatement(sql: Self.liveSQL))
      where !keep.contains(rowID(record)) {
        record.state = .expired
        record.pinned = false
        try record.update(db)
        try Self.log(db, rowID(record), .expired, at: now, reason: reason)
        expired.append(rowID(record))
      }
      return expired
    }
  }

  /// Puts every message on show back in the queue, each with `reason`: a display that starts
  /// afresh (a wall's new leader) decides again what each zone shows.
  @discardableResult
  public func requeueShowing(at now: Date, reason: String) throws(StoreError) -> [Int64] {
    try write { db in
      var requeued: [Int64] = []
      for var record in try MessageRecord.filter(Column("state") == MessageState.showing)
        .fetchAll(db)
      {
        record.state = .queued
        try record.update(db)
        try Self.log(db, rowID(record), .queued, at: now, reason: reason)
        requeued.append(rowID(record))
      }
      return requeued
    }
  }

  private static func replica(_ record: MessageRecord) throws(StoreError) -> MessageReplica {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    do {
      return MessageReplica(id: rowID(record), data: try encoder.encode(record))
    } catch {
      throw .invalid(field: "replica", message: "message \(rowID(record)): \(error)")
    }
  }
}
