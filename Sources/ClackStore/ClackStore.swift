import Foundation
import GRDB
import Synchronization

/// Clack's durable state in one SQLite file (WAL mode): the message queue with each message's
/// history, the quotes, the board's last known state and each sender's rate-limit bucket.
/// Every write is a transaction committed with `synchronous = FULL` before the call returns,
/// so a message the store accepted survives a crash or a power cut.
public final class ClackStore: Sendable {
  public let path: String
  let writer: any DatabaseWriter
  /// The quotes as last read (`quotes()`), until one is added or removed: the display reads
  /// them each time it works out a quote it may show, which is each time it wakes. Only this
  /// process writes the file (the daemon opens it; everything else goes through its API).
  /// Each write counts a version, so a read that raced a write is not kept.
  let quoteCache = Mutex<(version: Int, quotes: [StoredQuote]?)>((0, nil))

  /// Opens (creating if needed) the database at `path` and brings its schema up to date. A
  /// database from a newer Clack is refused, and left untouched.
  public convenience init(path: String) throws(StoreError) {
    try self.init(path: path, migrator: Migrations.migrator())
  }

  init(path: String, migrator: DatabaseMigrator) throws(StoreError) {
    self.path = path
    do {
      var configuration = Configuration()
      configuration.busyMode = .timeout(5)
      let directory = (path as NSString).deletingLastPathComponent
      if !directory.isEmpty {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true)
      }
      let pool = try DatabasePool(path: path, configuration: configuration)
      // FULL: a commit reaches the disk before it returns (NORMAL could lose the last commits
      // on power loss in WAL mode). Set here, on the pool's one writing connection, and not
      // in `prepareDatabase`: a pool turns WAL on after that, and with it sets NORMAL.
      try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
      writer = pool
    } catch {
      throw .database(path: path, message: "cannot open the database: \(error)")
    }
    try migrate(migrator)
  }

  /// Hands back the memory SQLite holds beyond what it needs: page caches; idle reading
  /// connections are closed, and opened again when next needed.
  public func releaseMemory() {
    if let pool = writer as? DatabasePool {
      pool.releaseMemory()
    } else if let queue = writer as? DatabaseQueue {
      queue.releaseMemory()
    }
  }

  /// The writing connection's `PRAGMA synchronous` (2 is FULL: each commit flushed).
  public func synchronousLevel() throws(StoreError) -> Int {
    do {
      return try writer.writeWithoutTransaction { db in
        try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1
      }
    } catch {
      throw .database(path: path, message: "\(error)")
    }
  }

  /// An in-memory store, for tests and dry runs.
  public init(inMemory name: String = "clack") throws(StoreError) {
    path = ":memory:"
    do {
      writer = try DatabaseQueue(named: name)
    } catch {
      throw .database(path: path, message: "\(error)")
    }
    try migrate(Migrations.migrator())
  }

  private func migrate(_ migrator: DatabaseMigrator) throws(StoreError) {
    let unknown: [String]
    do {
      unknown = try writer.read { db in
        try migrator.appliedIdentifiers(db).filter { !Migrations.identifiers.contains($0) }
      }
    } catch {
      throw .database(path: path, message: "cannot read the schema version: \(error)")
    }
    guard unknown.isEmpty else { throw .newerDatabase(path: path, unknownMigrations: unknown) }
    do {
      try migrator.migrate(writer)
    } catch {
      throw .database(path: path, message: "cannot migrate the database: \(error)")
    }
  }

  /// Closes the database (checkpointing the WAL); any later call fails with a database error.
  public func close() throws(StoreError) {
    do {
      if let pool = writer as? DatabasePool { try pool.close() }
    } catch {
      throw .database(path: path, message: "cannot close the database: \(error)")
    }
  }

  /// The migrations applied, oldest first.
  public func appliedMigrations() throws(StoreError) -> [String] {
    try read { db in try Migrations.migrator().appliedMigrations(db) }
  }

  func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StoreError) -> T {
    do {
      return try writer.read(body)
    } catch let error as StoreError {
      throw error
    } catch {
      throw .database(path: path, message: "\(error)")
    }
  }

  func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StoreError) -> T {
    do {
      return try writer.write(body)
    } catch let error as StoreError {
      throw error
    } catch {
      throw .database(path: path, message: "\(error)")
    }
  }
}
