import GRDB

/// The schema, one migration per version. Never edit a shipped migration: add a new one.
enum Migrations {
  static let all: [(identifier: String, migrate: @Sendable (Database) throws -> Void)] = [
    ("v1-messages", messages),
    ("v2-quotes", quotes),
    ("v3-board-and-senders", boardAndSenders),
    ("v4-message-frame", messageFrame),
    ("v5-message-duration", messageDuration),
    ("v6-message-script", messageScript),
    ("v7-message-time-indexes", messageTimeIndexes),
    ("v8-message-slot-index", messageSlotIndex),
    ("v9-message-pinned-index", messagePinnedIndex),
  ]

  static var identifiers: [String] { all.map(\.identifier) }

  /// The migrator, up to and including `last` (tests build older databases with it).
  static func migrator(upTo last: String? = nil) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    for (identifier, migrate) in all {
      migrator.registerMigration(identifier, migrate: migrate)
      if identifier == last { break }
    }
    return migrator
  }

  static func messages(_ db: Database) throws {
    try db.create(table: "message") { table in
      table.autoIncrementedPrimaryKey("id")
      table.column("sender", .text).notNull().indexed()
      table.column("text", .text)
      table.column("codes_json", .text)
      table.column("justify", .text)
      table.column("align", .text)
      table.column("priority", .text).notNull()
      table.column("created_at", .datetime).notNull()
      table.column("not_before", .datetime).notNull()
      table.column("expires_at", .datetime).notNull()
      table.column("pinned", .boolean).notNull().defaults(to: false)
      table.column("tags_json", .text).notNull().defaults(to: "[]")
      table.column("zone", .text).notNull().defaults(to: "main")
      table.column("transition", .text)
      table.column("bypass_quiet_hours", .boolean).notNull().defaults(to: false)
      table.column("state", .text).notNull().indexed()
    }
    try db.create(table: "message_event") { table in
      table.autoIncrementedPrimaryKey("id")
      table.column("message_id", .integer).notNull().indexed()
        .references("message", onDelete: .cascade)
      table.column("state", .text).notNull()
      table.column("at", .datetime).notNull()
      table.column("reason", .text).notNull()
    }
  }

  static func quotes(_ db: Database) throws {
    try db.create(table: "quote") { table in
      table.autoIncrementedPrimaryKey("id")
      table.column("text", .text).notNull()
      table.column("author", .text).notNull()
      table.column("source", .text).notNull()  // "bundled" or "user"
      table.column("added_at", .datetime).notNull()
      table.uniqueKey(["text", "author"])
    }
    try QuoteStore.seedBundled(db)
  }

  /// The frame a message was laid out into when accepted, so it is laid out once.
  static func messageFrame(_ db: Database) throws {
    try db.alter(table: "message") { table in table.add(column: "frame_json", .text) }
  }

  /// How long a message holds its zone once shown (seconds; null: the configured dwell).
  static func messageDuration(_ db: Database) throws {
    try db.alter(table: "message") { table in table.add(column: "duration", .double) }
  }

  /// The script a text message is shown in (`RunicScript`; null: Latin).
  static func messageScript(_ db: Database) throws {
    try db.alter(table: "message") { table in table.add(column: "script", .text) }
  }

  /// The queue's time queries (what is due, what expires, the next of either) seek these
  /// instead of reading every queued message: a queue of 10,000 not due for a week costs
  /// each accepted message a few index lookups, not five scans.
  static func messageTimeIndexes(_ db: Database) throws {
    try db.create(
      index: "message_state_not_before", on: "message", columns: ["state", "not_before"])
    try db.create(
      index: "message_state_expires_at", on: "message", columns: ["state", "expires_at"])
  }

  /// A sender's queued messages in a zone (the one slot a new message replaces): with only
  /// the sender's index and the state's, SQLite read every queued message, so each accepted
  /// message cost more the longer the queue (430 a second at 10,000 queued, against 1,500).
  static func messageSlotIndex(_ db: Database) throws {
    try db.create(
      index: "message_sender_zone_state", on: "message", columns: ["sender", "zone", "state"])
  }

  /// The messages on show, pinned ones that were shown included (`onShowSQL`): with only the
  /// state's index, SQLite read every message ever shown to find the pinned ones, so each
  /// refresh of the display read the whole history, and filled SQLite's page cache with it
  /// again after a flood (scripts/bench-flood.sh: the memory after the flood).
  static func messagePinnedIndex(_ db: Database) throws {
    try db.create(index: "message_state_pinned", on: "message", columns: ["state", "pinned"])
  }

  static func boardAndSenders(_ db: Database) throws {
    try db.create(table: "board_state") { table in
      table.primaryKey("key", .text)
      table.column("value", .text).notNull()
      table.column("updated_at", .datetime).notNull()
    }
    try db.create(table: "sender") { table in
      table.primaryKey("name", .text)
      table.column("tokens", .double).notNull()
      table.column("updated_at", .datetime).notNull()
    }
  }
}
