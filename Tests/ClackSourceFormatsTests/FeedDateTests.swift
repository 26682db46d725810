import Foundation
import Testing

@testable import ClackSourceFormats

/// The dates feeds carry, checked against Foundation's own reading of the same instants.
@Suite struct FeedDateTests {
  static func iso(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    return formatter.date(from: text)!
  }

  @Test(arguments: [
    ("Tue, 03 Jun 2003 09:39:21 GMT", "2003-06-03T09:39:21Z"),
    ("Tue, 3 Jun 2003 09:39 GMT", "2003-06-03T09:39:00Z"),
    ("03 Jun 2003 09:39:21 +0200", "2003-06-03T07:39:21Z"),
    ("Sat, 07 Sep 2002 00:00:01 PDT", "2002-09-07T07:00:01Z"),
    ("Mon, 29 Feb 2024 23:59:59 -0530", "2024-03-01T05:29:59Z"),
    ("1 January 99 12:00 UT", "1999-01-01T12:00:00Z"),
    ("2003-12-13T18:30:02Z", "2003-12-13T18:30:02Z"),
    ("2003-12-13T18:30:02.25+01:00", "2003-12-13T17:30:02Z"),
    ("2003-12-13T18:30-05:00", "2003-12-13T23:30:00Z"),
    ("2026-11-19", "2026-11-19T00:00:00Z"),
    ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
  ])
  func aDateIsReadAsTheInstantItNames(text: String, expected: String) {
    #expect(FeedDate.parse(text) == Self.iso(expected))
  }

  @Test(arguments: [
    "", "yesterday", "Tue, 32 Jun 2003 09:39:21 GMT", "03 Foo 2003 09:39:21 GMT",
    "2003-13-01T00:00:00Z", "2003-12-13T25:00:00Z", "2003-12-13T18:30:02 PST",
    "Tue, 03 Jun 2003 09:39:21 Mars", "2003-12-13T18:30:02+1", String(repeating: "9", count: 500),
  ])
  func anythingElseIsNoDate(text: String) {
    #expect(FeedDate.parse(text) == nil)
  }

  @Test func everyDayOfFourHundredYearsMatchesFoundation() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    var day = calendar.date(from: DateComponents(year: 1900, month: 1, day: 1))!
    let end = calendar.date(from: DateComponents(year: 2300, month: 1, day: 1))!
    var checked = 0
    while day < end {
      let parts = calendar.dateComponents([.year, .month, .day], from: day)
      #expect(FeedDate.date(parts.year!, parts.month!, parts.day!, 0, 0, 0, offset: 0) == day)
      day += 86_400 * 7
      checked += 1
    }
    #expect(checked > 20_000)
  }
}
