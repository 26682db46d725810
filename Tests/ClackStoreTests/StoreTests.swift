import ClackContent
import ClackCore
import Foundation
import GRDB
import Testing

@testable import ClackStore

func temporaryDatabase() -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent("clack-store-\(UUID())")
    .appendingPathComponent("clack.sqlite").path
}

let epoch = Date(timeIntervalSince1970: 1_790_000_000)

func text(_ body: String, from sender: String = "alice") -> NewMessage {
  NewMessage(sender: sender, body: .text(body))
}

@Suite struct StoreTests {
  @Test func aMessageIsCommittedInWALModeAndSurvivesReopening() throws {
    let path = temporaryDatabase()
    let id: Int64
    do {
      let store = try ClackStore(path: path)
      #expect(try store.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
      // A pool sets NORMAL with WAL; each commit must still be flushed before it returns.
      #expect(try store.synchronousLevel() == 2, "synchronous = FULL on the writing connection")
      var message = text("HELLO")
      message.tags = ["kitchen"]
      message.transition = TransitionSpec(kind: .reveal, stepSize: 3)
      message.frame = try Frame(codes: [[8, 5, 12, 12, 15]])
      message.body = .text("HELLO", justify: .left, align: .top)
      id = try store.enqueue(message, at: epoch).message.id
    }
    let reopened = try ClackStore(path: path)
    let message = try #require(try reopened.message(id: id))
    #expect(message.body == .text("HELLO", justify: .left, align: .top))
    #expect(message.state == .queued)
    #expect(message.tags == ["kitchen"])
    #expect(message.transition == TransitionSpec(kind: .reveal, stepSize: 3))
    #expect(
      message.frame == (try Frame(codes: [[8, 5, 12, 12, 15]])), "the laid-out frame is kept")
    #expect(message.expiresAt == epoch.addingTimeInterval(48 * 3600))
    #expect(try reopened.appliedMigrations() == Migrations.identifiers)
  }

  @Test func anOlderDatabaseIsMigratedAndKeepsItsMessages() throws {
    let path = temporaryDatabase()
    do {
      let old = try ClackStore(path: path, migrator: Migrations.migrator(upTo: "v1-messages"))
      #expect(try old.appliedMigrations() == ["v1-messages"])
      try old.writer.write { db in
        try db.execute(
          sql: """
            INSERT INTO message (sender, text, priority, created_at, not_before, expires_at, state)
            VALUES ('bob', 'OLD', 'normal', ?, ?, ?, 'queued')
            """, arguments: [epoch, epoch, epoch.addingTimeInterval(3600)])
      }
    }
    let store = try ClackStore(path: path)
    #expect(try store.appliedMigrations() == Migrations.identifiers)
    #expect(try store.messages().map(\.body) == [.text("OLD")])
    #expect(try store.quotes().count == BundledQuotes.all.count)
  }

  @Test func aDatabaseFromANewerClackIsRefusedByName() throws {
    let path = temporaryDatabase()
    do {
      let store = try ClackStore(path: path)
      try store.writer.write { db in
        try db.execute(
          sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')")
      }
    }
    #expect(throws: StoreError.newerDatabase(path: path, unknownMigrations: ["v9-from-the-future"]))
    {
      try ClackStore(path: path)
    }
    let message = StoreError.newerDatabase(path: path, unknownMigrations: ["v9"]).description
    #expect(message.contains("written by a newer version of Clack"))
  }

  @Test func everyChangeOfStateIsKeptInTheHistory() throws {
    let store = try ClackStore(inMemory: "history")
    let id = try store.enqueue(text("HI"), at: epoch).message.id
    try store.setState(.showing, id: id, at: epoch.addingTimeInterval(1), reason: "on the board")
    try store.setState(.shown, id: id, at: epoch.addingTimeInterval(60), reason: "dwell over")
    let history = try store.history(id: id)
    #expect(history.map(\.state) == [.queued, .showing, .shown])
    #expect(history.map(\.reason) == ["accepted from alice", "on the board", "dwell over"])
    #expect(throws: StoreError.notFound(id: 999)) {
      try store.setState(.shown, id: 999, at: epoch, reason: "x")
    }
  }

  @Test func aNewerMessageTakesItsSendersLatestSlot() throws {
    let store = try ClackStore(inMemory: "slot")
    let first = try store.enqueue(text("ONE"), at: epoch).message.id
    let other = try store.enqueue(text("THEIRS", from: "bob"), at: epoch).message.id
    let second = try store.enqueue(text("TWO"), at: epoch.addingTimeInterval(5))
    #expect(second.replaced == [first])
    #expect(try store.message(id: first)?.state == .expired)
    #expect(
      try store.history(id: first).last?.reason == "replaced by message \(second.message.id)")
    #expect(try store.message(id: other)?.state == .queued, "another sender's message stays")
    var keep = text("THREE")
    keep.replacesPrevious = false
    #expect(try store.enqueue(keep, at: epoch.addingTimeInterval(6)).replaced.isEmpty)
    let noSlot = try store.enqueue(
      text("FOUR"), at: epoch.addingTimeInterval(7), policy: SenderPolicy(latestSlot: false))
    #expect(noSlot.replaced.isEmpty)
    #expect(try store.count(state: .queued) == 4)
  }

  @Test func theRateLimitAllowsFiftyAnHourAndSaysWhenToRetry() throws {
    let path = temporaryDatabase()
    let store = try ClackStore(path: path)
    let policy = SenderPolicy(perHour: 50, latestSlot: false)
    for second in 0..<50 {
      _ = try store.enqueue(
        text("M\(second)"), at: epoch.addingTimeInterval(Double(second)), policy: policy)
    }
    #expect(
      throws: StoreError.rateLimited(sender: "alice", limitPerHour: 50, retryAfter: 23)
    ) {
      try store.enqueue(text("TOO MANY"), at: epoch.addingTimeInterval(50), policy: policy)
    }
    // Another sender has its own bucket; the bucket persists across a restart.
    _ = try store.enqueue(
      text("BOB", from: "bob"), at: epoch.addingTimeInterval(50), policy: policy)
    let reopened = try ClackStore(path: path)
    #expect(throws: StoreError.self) {
      try reopened.enqueue(text("STILL"), at: epoch.addingTimeInterval(60), policy: policy)
    }
    // One token comes back every 72 s.
    _ = try reopened.enqueue(text("AGAIN"), at: epoch.addingTimeInterval(49 + 72), policy: policy)
    #expect(try reopened.count(state: .queued) == 52)
    let unlimited = SenderPolicy(perHour: 0)
    for index in 0..<60 {
      _ = try store.enqueue(text("U\(index)", from: "carol"), at: epoch, policy: unlimited)
    }
  }

  @Test func dueMessagesExpireButPinnedOnesStay() throws {
    let store = try ClackStore(inMemory: "expiry")
    var short = text("SHORT", from: "a")
    short.expiresIn = 60
    var pinned = text("PINNED", from: "b")
    pinned.expiresIn = 60
    pinned.pinned = true
    let long = text("LONG", from: "c")
    let shortID = try store.enqueue(short, at: epoch).message.id
    _ = try store.enqueue(pinned, at: epoch)
    _ = try store.enqueue(long, at: epoch)
    #expect(try store.expireDue(at: epoch.addingTimeInterval(59)).isEmpty)
    #expect(try store.expireDue(at: epoch.addingTimeInterval(60)) == [shortID])
    #expect(try store.messages(state: .queued).map(\.sender) == ["b", "c"])
    #expect(try store.expireDue(at: epoch.addingTimeInterval(48 * 3600)).count == 1)
  }

  @Test func aNotBeforeInTheFutureStartsTheLifetimeThere() throws {
    let store = try ClackStore(inMemory: "later")
    var later = text("LATER")
    later.notBefore = epoch.addingTimeInterval(3600)
    let message = try store.enqueue(later, at: epoch).message
    #expect(message.notBefore == epoch.addingTimeInterval(3600))
    #expect(message.expiresAt == epoch.addingTimeInterval(3600 + 48 * 3600))
  }

  @Test func badMessagesAreRefusedNamingTheField() throws {
    let store = try ClackStore(inMemory: "bad")
    #expect(throws: StoreError.invalid(field: "sender", message: "must not be empty")) {
      try store.enqueue(text("X", from: " "), at: epoch)
    }
    var forever = text("X")
    forever.expiresIn = -5
    #expect(
      throws: StoreError.invalid(field: "expires_in", message: "must be from 1 second to 366 days")
    ) {
      try store.enqueue(forever, at: epoch)
    }
    #expect(try store.count(state: .queued) == 0, "nothing is stored for a refused message")
  }

  @Test func pinningAndRemovingMessages() throws {
    let store = try ClackStore(inMemory: "pin")
    let id = try store.enqueue(text("PIN ME"), at: epoch).message.id
    #expect(try store.pin(id: id, at: epoch).pinned)
    var next = text("NEXT")
    next.replacesPrevious = true
    #expect(
      try store.enqueue(next, at: epoch).replaced.isEmpty, "a pinned message is never replaced")
    #expect(try store.remove(id: id))
    #expect(try store.message(id: id) == nil)
    #expect(try store.history(id: id).isEmpty)
    #expect(try !store.remove(id: id))
    #expect(throws: StoreError.notFound(id: id)) { try store.pin(id: id, at: epoch) }
  }

  @Test func codeFramesRoundTrip() throws {
    let store = try ClackStore(inMemory: "codes")
    let rows = [[0, 8, 9], [63, 64, 65]]
    let id = try store.enqueue(NewMessage(sender: "api", body: .codes(rows)), at: epoch).message.id
    #expect(try store.message(id: id)?.body == .codes(rows))
  }

  @Test func quotesCanBeAddedAndRemovedAndDuplicatesAreRefused() throws {
    let store = try ClackStore(inMemory: "quotes")
    let bundled = try store.quotes()
    #expect(bundled.count == BundledQuotes.all.count)
    #expect(bundled.allSatisfy { $0.source == "bundled" })
    let added = try store.addQuote(Quote(text: "Flip slowly.", author: "A. Maker"), at: epoch)
    #expect(added.source == "user")
    // Read at once, though the quotes read before are kept (until a quote is added or removed).
    #expect(try store.quotes().last == added)
    #expect(
      throws: StoreError.invalid(field: "text", message: "this quote by A. Maker is already there")
    ) {
      try store.addQuote(Quote(text: " Flip slowly. ", author: "A. Maker"), at: epoch)
    }
    #expect(try store.removeQuote(id: added.id!))
    #expect(try store.removeQuote(id: bundled[0].id!))
    #expect(try store.quotes().count == BundledQuotes.all.count - 1)
  }

  @Test func theBoardStateRoundTrips() throws {
    let store = try ClackStore(inMemory: "board")
    #expect(try store.loadBoardState() == nil)
    let snapshot = BoardSnapshot(codes: [[1, 2], [3, 4]], flaps: [1, nil, 3, 4], savedAt: epoch)
    try store.saveBoardState(snapshot)
    var newer = snapshot
    newer.codes = [[5, 6], [7, 8]]
    try store.saveBoardState(newer)
    #expect(try store.loadBoardState() == newer)
  }
}
