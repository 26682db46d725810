import ClackContent
import Foundation
import GRDB

/// A message's move to a new state, and why (`setStates`).
public struct StateChange: Sendable, Hashable {
  public var id: Int64
  public var state: MessageState
  public var reason: String

  public init(id: Int64, state: MessageState, reason: String) {
    self.id = id
    self.state = state
    self.reason = reason
  }
}

/// What `enqueue` did: the stored message, and the sender's older messages it replaced.
public struct Accepted: Sendable, Hashable {
  public let message: Message
  public let replaced: [Int64]
}

extension ClackStore {
  /// Validates, rate-limits and stores a message in one transaction, committed before this
  /// returns: once it returns the message is durable and may be acknowledged.
  public func enqueue(_ new: NewMessage, at now: Date, policy: SenderPolicy = SenderPolicy())
    throws(StoreError) -> Accepted
  {
    try Self.validate(new)
    return try write { db in try Self.insert(new, at: now, policy: policy, into: db) }
  }

  /// Rate-limits and inserts a validated message (and expires the ones it replaces).
  static func insert(_ new: NewMessage, at now: Date, policy: SenderPolicy, into db: Database)
    throws -> Accepted
  {
    if policy.perHour > 0 { try Self.takeToken(db, sender: new.sender, policy: policy, at: now) }
    var record = try MessageRecord(new, at: now)
    try record.insert(db)
    let id = record.id!  // safe: set by the insert just above
    try Self.log(db, id, .queued, at: now, reason: "accepted from \(new.sender)")
    var replaced: [Int64] = []
    if policy.latestSlot, new.replacesPrevious {
      let older = try MessageRecord.fetchAll(
        db.cachedStatement(sql: Self.slotSQL), arguments: [new.sender, record.zone, id])
      for var old in older {
        // The one on show is updated in place: it has been seen, so it ends as shown, and
        // the new one takes the zone at once (docs/content.md, live updates).
        let onShow = old.state == .showing
        old.state = onShow ? .shown : .expired
        try old.update(db)
        try Self.log(
          db, rowID(old), old.state, at: now,
          reason: onShow ? "updated in place by message \(id)" : "replaced by message \(id)")
        replaced.append(rowID(old))
      }
    }
    return Accepted(message: record.message, replaced: replaced)
  }

  public func message(id: Int64) throws(StoreError) -> Message? {
    try read { db in try MessageRecord.fetchOne(db, key: id)?.message }
  }

  /// Messages, oldest first; only those in `state` when given.
  public func messages(state: MessageState? = nil) throws(StoreError) -> [Message] {
    try read { db in
      var request = MessageRecord.order(Column("id"))
      if let state { request = request.filter(Column("state") == state) }
      return try request.fetchAll(db).map(\.message)
    }
  }

  /// The messages active at `now` (`Message.isActive`, the one rule), for the content engine:
  /// the showing and pinned ones, and of the queued ones the newest `limit` and every urgent
  /// one or one that bypasses quiet hours. The query only narrows the candidates with the
  /// indexed columns, so a queue of thousands of messages not due yet costs nothing. The same
  /// narrowing as `ActiveQueue.narrow`, which the display keeps its copy to.
  public func activeMessages(at now: Date, limit: Int = ActiveQueue.newestQueued)
    throws(StoreError) -> [Message]
  {
    let candidates: [MessageRecord] = try read { db in
      let time = StoreTime(now)
      let due = Column("state") == MessageState.queued && Column("not_before") <= time
      var byID: [Int64: MessageRecord] = [:]
      for record in try MessageRecord.fetchAll(db.cachedStatement(sql: Self.onShowSQL)) {
        byID[rowID(record)] = record
      }
      let parts: [QueryInterfaceRequest<MessageRecord>] = [
        MessageRecord.filter(due && (Column("expires_at") > time || Column("pinned") == true))
          .order(Column("created_at").desc, Column("id").desc).limit(limit),
        MessageRecord.filter(
          due
            && (Column("priority") == MessagePriority.urgent
              || Column("bypass_quiet_hours") == true)
        ),
      ]
      for request in parts {
        for record in try request.fetchAll(db) { byID[rowID(record)] = record }
      }
      return Array(byID.values)
    }
    return candidates.map(\.message).filter { $0.isActive(at: now) }.sorted { $0.id < $1.id }
  }

  /// The first time after `now` at which a queued message becomes due or a queued or showing
  /// one expires: when the queue changes by time alone. Nil when nothing is ahead.
  public func nextTimedChange(after now: Date) throws(StoreError) -> Date? {
    try read { db in
      let time = StoreTime(now)
      let due = try StoreTime.fetchOne(db.cachedStatement(sql: Self.nextDueSQL), arguments: [time])?
        .date
      return [due, try Self.nextExpiry(db, after: time)].compactMap { $0 }.min()
    }
  }

  /// The first time after `now` at which a queued or showing message expires.
  public func nextExpiry(after now: Date) throws(StoreError) -> Date? {
    try read { db in try Self.nextExpiry(db, after: StoreTime(now)) }
  }

  private static func nextExpiry(_ db: Database, after time: StoreTime) throws -> Date? {
    try [MessageState.queued, .showing].compactMap { state in
      try StoreTime.fetchOne(db.cachedStatement(sql: nextExpirySQL), arguments: [state, time])?.date
    }.min()
  }

  // Each seeks its (state, time) index and reads one row: the display loop asks after every
  // message accepted, with thousands queued.
  /// The sender's other queued messages in the zone, which a new one replaces; seeks
  /// `message_sender_zone_state`.
  static let slotSQL = """
    SELECT * FROM message WHERE sender = ? AND zone = ? AND state IN ('queued', 'showing')
    AND pinned = 0 AND id != ?
    """
  /// The messages on show, and the pinned ones that were shown (they come back); seeks
  /// `message_state_pinned`, so the history of shown messages is not read.
  static let onShowSQL = """
    SELECT * FROM message WHERE state = 'showing' OR (state = 'shown' AND pinned = 1)
    """
  static let nextDueSQL = """
    SELECT not_before FROM message WHERE state = 'queued' AND not_before > ?
    ORDER BY not_before LIMIT 1
    """
  static let nextExpirySQL = """
    SELECT expires_at FROM message WHERE state = ? AND pinned = 0 AND expires_at > ?
    ORDER BY expires_at LIMIT 1
    """

  public func count(state: MessageState) throws(StoreError) -> Int {
    try read { db in try MessageRecord.filter(Column("state") == state).fetchCount(db) }
  }

  /// A message's changes of state, oldest first.
  public func history(id: Int64) throws(StoreError) -> [MessageEvent] {
    try read { db in
      try MessageEvent.filter(Column("message_id") == id).order(Column("id")).fetchAll(db)
    }
  }

  /// Moves a message to `state`, recording why.
  public func setState(_ state: MessageState, id: Int64, at now: Date, reason: String)
    throws(StoreError)
  {
    try write { db in
      guard var message = try MessageRecord.fetchOne(db, key: id) else {
        throw StoreError.notFound(id: id)
      }
      guard message.state != state else { return }
      message.state = state
      try message.update(db)
      try Self.log(db, id, state, at: now, reason: reason)
    }
  }

  /// Moves several messages to new states in one transaction (one fsync), each change kept
  /// in its message's history; a message already in its new state is left as it is.
  public func setStates(_ changes: [StateChange], at now: Date) throws(StoreError) {
    guard !changes.isEmpty else { return }
    try write { db in
      for change in changes {
        guard var message = try MessageRecord.fetchOne(db, key: change.id) else {
          throw StoreError.notFound(id: change.id)
        }
        guard message.state != change.state else { continue }
        message.state = change.state
        try message.update(db)
        try Self.log(db, change.id, change.state, at: now, reason: change.reason)
      }
    }
  }

  /// Deletes a message and its history. False when there was none.
  @discardableResult
  public func remove(id: Int64) throws(StoreError) -> Bool {
    try write { db in try MessageRecord.deleteOne(db, key: id) }
  }

  /// Pins a message: it stays in its zone's rotation until removed, and is never replaced.
  public func pin(id: Int64, at now: Date) throws(StoreError) -> Message {
    try write { db in
      guard var message = try MessageRecord.fetchOne(db, key: id) else {
        throw StoreError.notFound(id: id)
      }
      if !message.pinned {
        message.pinned = true
        try message.update(db)
        try Self.log(db, id, message.state, at: now, reason: "pinned")
      }
      return message.message
    }
  }

  /// Marks every queued or showing message whose time has run out as expired; returns them.
  @discardableResult
  public func expireDue(at now: Date) throws(StoreError) -> [Int64] {
    try write { db in
      let due = try MessageRecord.filter(
        [MessageState.queued, .showing].contains(Column("state")) && Column("pinned") == false
          && Column("expires_at") <= StoreTime(now)
      ).fetchAll(db)
      for var message in due {
        message.state = .expired
        try message.update(db)
        try Self.log(db, rowID(message), .expired, at: now, reason: "its time ran out")
      }
      return due.map(rowID)
    }
  }

  // MARK: - Helpers

  static func validate(_ new: NewMessage) throws(StoreError) {
    let sender = new.sender.trimmingCharacters(in: .whitespaces)
    guard !sender.isEmpty else { throw .invalid(field: "sender", message: "must not be empty") }
    guard sender.count <= NewMessage.maxSenderLength else {
      throw .invalid(
        field: "sender", message: "longer than \(NewMessage.maxSenderLength) characters")
    }
    guard new.tags.count <= NewMessage.maxTags else {
      throw .invalid(field: "tags", message: "at most \(NewMessage.maxTags) tags")
    }
    if let lifetime = new.expiresIn, !(lifetime > 0 && lifetime <= 366 * 86400) {
      throw .invalid(field: "expires_in", message: "must be from 1 second to 366 days")
    }
    if let duration = new.duration, !(duration > 0 && duration <= 366 * 86400) {
      throw .invalid(field: "duration", message: "must be from 1 second to 366 days")
    }
    if case .text(let text, _, _, _) = new.body, text.isEmpty {
      throw .invalid(field: "text", message: "must not be empty")
    }
  }

  static func takeToken(_ db: Database, sender: String, policy: SenderPolicy, at now: Date) throws {
    let row = try Row.fetchOne(
      db, sql: "SELECT tokens, updated_at FROM sender WHERE name = ?", arguments: [sender])
    var bucket = TokenBucket(
      perHour: policy.perHour, tokens: row?["tokens"],
      updatedAt: (row?["updated_at"] as StoreTime?)?.date ?? now)
    if let wait = bucket.take(at: now) {
      throw StoreError.rateLimited(sender: sender, limitPerHour: policy.perHour, retryAfter: wait)
    }
    try db.execute(
      sql: """
        INSERT INTO sender (name, tokens, updated_at) VALUES (?, ?, ?)
        ON CONFLICT(name) DO UPDATE SET tokens = excluded.tokens, updated_at = excluded.updated_at
        """, arguments: [sender, bucket.tokens, StoreTime(bucket.updatedAt)])
  }

  static func log(_ db: Database, _ id: Int64, _ state: MessageState, at now: Date, reason: String)
    throws
  {
    try MessageEvent(messageId: id, state: state, at: now, reason: reason).insert(db)
  }
}

/// The id of a row read from the database (only inserted rows have none).
func rowID(_ record: MessageRecord) -> Int64 { record.id ?? 0 }
