import Foundation
import Testing

@testable import ClackCore

/// Parses an ISO-8601 instant such as "2024-03-10T07:00:00Z".
func instant(_ text: String) throws -> Date {
  try #require(ISO8601DateFormatter().date(from: text), "bad test date \(text)")
}

func zone(_ id: String) throws -> TimeZone {
  try #require(TimeZone(identifier: id), "time zone \(id) missing")
}

/// The successive fire times after `start`, as ISO strings in UTC.
func fires(_ cron: String, after start: String, in id: String, count: Int = 1) throws -> [String] {
  let expression = try CronExpression(cron)
  let tz = try zone(id)
  var at = try instant(start)
  var out: [String] = []
  for _ in 0..<count {
    at = try #require(expression.nextFire(after: at, in: tz))
    out.append(ISO8601DateFormatter().string(from: at))
  }
  return out
}

@Suite struct CronParsingTests {
  @Test func fieldsListsRangesStepsAndNames() throws {
    let cron = try CronExpression("0,30 8-18/2 * JAN-mar mon-FRI")
    #expect(cron.minute.values == [0, 30])
    #expect(cron.hour.values == [8, 10, 12, 14, 16, 18])
    #expect(cron.month.values == [1, 2, 3])
    #expect(cron.dayOfWeek.values == [1, 2, 3, 4, 5])
    #expect(try CronExpression("0 0 * * 7").dayOfWeek.values == [0])
    #expect(try CronExpression("5/20 * * * *").minute.values == [5, 25, 45])
    #expect(try CronExpression("@daily") == CronExpression("@daily"))
    #expect(try CronExpression("@hourly").minute.values == [0])
  }

  @Test(arguments: [
    ("* * *", "needs 5 fields"),
    ("60 * * * *", "minute field: 60 is out of range 0-59"),
    ("* 24 * * *", "hour field: 24 is out of range 0-23"),
    ("* * 0 * *", "day-of-month field: 0 is out of range 1-31"),
    ("* * * 13 *", "month field: 13 is out of range 1-12"),
    ("* * * * 8", "day-of-week field: 8 is out of range 0-7"),
    ("*/0 * * * *", "minute field: '0' in '*/0' is not a positive step"),
    ("5-1 * * * *", "minute field: the range '5-1' runs backwards"),
    ("a * * * *", "minute field: 'a' is not a number"),
    ("* * * FOO *", "month field: 'FOO' is not a number or a name (JAN FEB"),
    ("1,,2 * * * *", "minute field: an empty list item"),
    ("0 0 31 2 *", "never fires"),
    ("@fortnightly", "unknown macro '@fortnightly'"),
  ])
  func badExpressionsSayWhatIsWrong(expression: String, message: String) {
    do {
      _ = try CronExpression(expression)
      Issue.record("'\(expression)' was accepted")
    } catch {
      #expect(error.description.contains(message), "got: \(error)")
      #expect(error.description.contains(expression))
    }
  }
}

@Suite struct CronNextFireTests {
  @Test func ordinaryDaysInUTC() throws {
    #expect(
      try fires("0 7 * * *", after: "2026-11-22T06:59:59Z", in: "UTC", count: 2) == [
        "2026-11-22T07:00:00Z", "2026-11-23T07:00:00Z",
      ])
    #expect(
      try fires("0 7 * * *", after: "2026-11-22T07:00:00Z", in: "UTC") == ["2026-11-23T07:00:00Z"])
    #expect(
      try fires("* * * * *", after: "2026-11-22T07:00:30Z", in: "UTC") == ["2026-11-22T07:01:00Z"])
    // 2026-11-23 is a Monday; weekdays only, so Saturday and Sunday are skipped.
    #expect(
      try fires("30 9 * * 1-5", after: "2026-11-27T10:00:00Z", in: "UTC") == [
        "2026-11-30T09:30:00Z"
      ])
  }

  @Test func leapDayOnly() throws {
    #expect(
      try fires("0 0 29 2 *", after: "2025-01-01T00:00:00Z", in: "UTC") == ["2028-02-29T00:00:00Z"])
  }

  @Test func restrictedDayOfMonthOrDayOfWeek() throws {
    // "the 13th, or any Friday": 2026-02-13 is itself a Friday; after it comes Friday the 20th.
    #expect(
      try fires("0 12 13 * 5", after: "2026-02-12T00:00:00Z", in: "UTC", count: 3) == [
        "2026-02-13T12:00:00Z", "2026-02-20T12:00:00Z", "2026-02-27T12:00:00Z",
      ])
    // A star in one day field means both must match (Vixie cron): Fridays that are also odd days.
    #expect(
      try fires("0 12 */2 * 5", after: "2026-02-12T00:00:00Z", in: "UTC") == [
        "2026-02-13T12:00:00Z"
      ])
  }

  @Test func localTimeInAZone() throws {
    // 07:00 in Berlin in winter is 06:00 UTC.
    #expect(
      try fires("0 7 * * *", after: "2026-11-22T00:00:00Z", in: "Europe/Berlin") == [
        "2026-11-22T06:00:00Z"
      ])
  }

  @Test func springForwardFixedTimeJobRunsWhenTheClockJumps() throws {
    // New York, 2024-03-10: 02:00 EST becomes 03:00 EDT (07:00 UTC); 02:30 does not exist.
    #expect(
      try fires("30 2 * * *", after: "2024-03-09T17:00:00Z", in: "America/New_York", count: 2) == [
        "2024-03-10T07:00:00Z", "2024-03-11T06:30:00Z",
      ])
    // London, 2024-03-31: 01:00 GMT becomes 02:00 BST (01:00 UTC).
    #expect(
      try fires("0 1 * * *", after: "2024-03-30T12:00:00Z", in: "Europe/London") == [
        "2024-03-31T01:00:00Z"
      ])
  }

  @Test func springForwardWildcardJobSkipsTheMissingTimes() throws {
    #expect(
      try fires("*/30 * * * *", after: "2024-03-10T06:45:00Z", in: "America/New_York", count: 2)
        == [
          "2024-03-10T07:00:00Z", "2024-03-10T07:30:00Z",
        ])
    // Minute is a wildcard, so this is not a fixed-time job: nothing fires in the gap.
    #expect(
      try fires("*/30 2 * * *", after: "2024-03-09T08:00:00Z", in: "America/New_York") == [
        "2024-03-11T06:00:00Z"
      ])
  }

  @Test func fallBackFixedTimeJobRunsOnce() throws {
    // New York, 2024-11-03: 02:00 EDT becomes 01:00 EST (06:00 UTC); 01:30 happens twice.
    #expect(
      try fires("30 1 * * *", after: "2024-11-03T04:00:00Z", in: "America/New_York", count: 2) == [
        "2024-11-03T05:30:00Z", "2024-11-04T06:30:00Z",
      ])
  }

  @Test func fallBackWildcardJobRunsInBothPasses() throws {
    #expect(
      try fires("*/30 * * * *", after: "2024-11-03T05:15:00Z", in: "America/New_York", count: 4)
        == [
          "2024-11-03T05:30:00Z", "2024-11-03T06:00:00Z", "2024-11-03T06:30:00Z",
          "2024-11-03T07:00:00Z",
        ])
    // London, 2024-10-27: 02:00 BST becomes 01:00 GMT (01:00 UTC).
    #expect(
      try fires("0 * * * *", after: "2024-10-27T00:30:00Z", in: "Europe/London", count: 2) == [
        "2024-10-27T01:00:00Z", "2024-10-27T02:00:00Z",
      ])
  }

  @Test func halfHourShiftOnLordHowe() throws {
    // Lord Howe Island, 2024-10-06: 02:00 (+10:30) becomes 02:30 (+11:00) at 15:30 UTC.
    #expect(
      try fires("15 2 * * *", after: "2024-10-05T00:00:00Z", in: "Australia/Lord_Howe") == [
        "2024-10-05T15:30:00Z"
      ])
  }

  /// Any instant between two successive fires leads to the second: the search never skips a
  /// fire, whatever part of the day it starts in (the hours before the start are skipped).
  @Test(arguments: [
    ("*/7 * * * *", "America/New_York", "2024-11-03T04:50:00Z"),
    ("* 1 * * *", "America/New_York", "2024-11-03T04:00:00Z"),
    ("*/10 2 * * *", "Europe/London", "2024-03-30T23:00:00Z"),
    ("15,45 2 * * *", "Australia/Lord_Howe", "2024-10-05T14:00:00Z"),
    ("0 */5 * * 1-5", "UTC", "2026-02-27T12:00:00Z"),
  ])
  func anyInstantBetweenTwoFiresLeadsToTheSecond(cron: String, id: String, start: String) throws {
    let expression = try CronExpression(cron)
    let tz = try zone(id)
    var previous = try instant(start)
    for _ in 0..<40 {
      let next = try #require(expression.nextFire(after: previous, in: tz))
      #expect(next > previous)
      for fraction in [0.01, 0.5, 0.99] {
        let between = previous.addingTimeInterval(next.timeIntervalSince(previous) * fraction)
        #expect(expression.nextFire(after: between, in: tz) == next, "from \(between)")
      }
      previous = next
    }
  }

  @Test func anImpossibleWeekdayCombinationGivesNil() throws {
    // 30 February never exists, but "or Monday" makes this valid and it fires on Mondays.
    let cron = try CronExpression("0 0 30 2 1")
    let next = cron.nextFire(after: try instant("2026-02-01T00:00:00Z"), in: try zone("UTC"))
    #expect(next == (try instant("2026-02-02T00:00:00Z")))
  }
}
