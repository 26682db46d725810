import Foundation
import GRDB
import Testing

@testable import ClackStore

/// The store writes and reads its times itself (no ICU): the same text GRDB's `DateFormatter`
/// writes, so old databases read the same and times still sort as text.
@Suite struct StoreTimeTests {
  /// Moments across eras, leap days, and millisecond edges.
  static let moments: [Date] = {
    var dates = [
      Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -0.001),
      Date(timeIntervalSince1970: -86_400 * 365.25 * 70 + 0.5),  // 1900
      Date(timeIntervalSince1970: 951_782_400.999),  // 2000-02-29 00:00:00.999
      Date(timeIntervalSince1970: 1_798_761_599.9995),  // 2026-12-31 23:59:59.999(5)
      Date(timeIntervalSince1970: 4_102_444_800.123),  // 2100-01-01
    ]
    var random = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      dates.append(Date(timeIntervalSince1970: Double.random(in: -2e9...5e9, using: &random)))
    }
    return dates
  }()

  /// True within a microsecond of half a millisecond: there the two round from different
  /// binary forms of the same instant (seconds since 1970 here, since 2001 in Foundation), and
  /// either millisecond is as right as the other. A random moment lands there about once in
  /// ten runs of 500.
  static func isTie(_ date: Date) -> Bool {
    let milliseconds = date.timeIntervalSince1970 * 1000
    return abs(milliseconds - milliseconds.rounded(.down) - 0.5) < 0.001
  }

  @Test func theTextIsGRDBsText() {
    for date in Self.moments where !Self.isTie(date) {
      #expect(StoreTime(date).databaseValue == date.databaseValue, "\(date)")
    }
  }

  @Test func textReadsBackToTheMillisecond() throws {
    for date in Self.moments {
      let read = try #require(StoreTime.fromDatabaseValue(StoreTime(date).databaseValue))
      let milliseconds = (date.timeIntervalSince1970 * 1000).rounded() / 1000
      #expect(abs(read.date.timeIntervalSince1970 - milliseconds) < 1e-6, "\(date)")
    }
  }

  @Test func itReadsWhatGRDBReads() throws {
    for text in [
      "2026-11-24 15:40:01.250", "2026-11-24T15:40:01", "2026-11-24 15:40", "1969-12-31 23:59:59.5",
    ] {
      let value = text.databaseValue
      #expect(StoreTime.fromDatabaseValue(value)?.date == Date.fromDatabaseValue(value), "\(text)")
    }
    #expect(
      StoreTime.fromDatabaseValue(1_700_000_000.databaseValue)?.date.timeIntervalSince1970 == 1.7e9)
    #expect(StoreTime.fromDatabaseValue("not a time".databaseValue) == nil)
    #expect(StoreTime.fromDatabaseValue(DatabaseValue.null) == nil)
  }

  @Test func recordsWriteTheirDatesAsStoreTimes() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.create(table: "t") { $0.column("at", .datetime) }
      let date = Date(timeIntervalSince1970: 1_798_761_599.25)
      try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [StoreTime(date)])
      #expect(try String.fetchOne(db, sql: "SELECT at FROM t") == "2026-12-31 23:59:59.250")
      #expect(try StoreTime.fetchOne(db, sql: "SELECT at FROM t")?.date == date)
    }
    guard case .custom = MessageEvent.databaseDateEncodingStrategy(for: "at"),
      case .custom = StoredQuote.databaseDateDecodingStrategy(for: "added_at")
    else {
      Issue.record("the records use GRDB's own date strategies")
      return
    }
  }
}
