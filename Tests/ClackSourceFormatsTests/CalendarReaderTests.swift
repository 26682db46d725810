import Foundation
import Testing

@testable import ClackSourceFormats

/// Calendars of the kinds common providers publish (Tests/ClackSourceFormatsTests/Fixtures):
/// recurrences with exceptions, moved and cancelled instances, several time zones, all-day
/// events, a daylight-saving change, floating times; broken and hostile files.
@Suite struct CalendarReaderTests {
  static let berlin = TimeZone(identifier: "Europe/Berlin")!

  static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  static func read(_ file: String, from: String, to: String) throws -> [CalendarOccurrence] {
    try CalendarReader.occurrences(
      in: try FeedReaderTests.fixture(file), from: utc(from), to: utc(to), timeZone: berlin)
  }

  @Test func aGoogleCalendarsRecurrencesExceptionsAndZonesAreExpanded() throws {
    let found = try Self.read(
      "google-work.ics", from: "2026-11-23T00:00:00Z", to: "2026-12-14T00:00:00Z")
    let seen = found.map { "\($0.summary) \(ISO8601DateFormatter().string(from: $0.start))" }
    #expect(
      seen == [
        "Stand-up 2026-11-23T08:30:00Z",
        "Team offsite 2026-11-25T23:00:00Z",
        "Call with New York 2026-11-26T17:00:00Z",
        "NY review 2026-11-27T14:00:00Z",
        "Stand-up 2026-11-30T08:30:00Z",
        "Stand-up (moved) 2026-12-02T10:00:00Z",
        "Stand-up 2026-12-09T08:30:00Z",
      ], "25 Nov is an EXDATE, 2 Dec moved, 7 Dec cancelled; New York's 09:00 is 14:00Z")
    let standup = try #require(found.first)
    #expect(standup.end == Self.utc("2026-11-23T08:45:00Z"))
    #expect(standup.location == "Room 4, second floor", "text escapes read")
    #expect(!standup.allDay)
    let offsite = found[1]
    #expect(offsite.allDay)
    #expect(offsite.end == Self.utc("2026-11-27T23:00:00Z"), "two whole days, Berlin's midnights")
    #expect(found[5].end == Self.utc("2026-12-02T10:15:00Z"), "the moved instance's own length")
  }

  @Test func anOutlookCalendarCrossesTheDaylightSavingChangeInItsOwnZone() throws {
    let found = try Self.read(
      "outlook-dst.ics", from: "2026-10-22T00:00:00Z", to: "2026-10-31T00:00:00Z")
    let gym = found.filter { $0.summary == "Gym" }.map(\.start)
    #expect(
      gym
        == [
          "2026-10-23T05:30:00Z", "2026-10-24T05:30:00Z", "2026-10-25T06:30:00Z",
          "2026-10-26T06:30:00Z", "2026-10-27T06:30:00Z",
        ].map(Self.utc), "07:30 local each day: CEST, then CET from 25 October; COUNT=5")
    let lunch = try #require(found.first { $0.summary == "Lunch (floating)" })
    #expect(lunch.start == Self.utc("2026-10-24T10:30:00Z"), "a floating time in the board's zone")
    #expect(found.first { $0.summary == "Gym" }?.location == nil, "an empty LOCATION is none")
  }

  @Test func aYearlyAllDayEventFromLongAgoComesRoundInTheWindow() throws {
    let found = try Self.read(
      "outlook-dst.ics", from: "2026-12-01T00:00:00Z", to: "2027-01-01T00:00:00Z")
    let birthday = try #require(found.first { $0.summary == "Ada's birthday" })
    #expect(birthday.allDay)
    #expect(birthday.start == Self.utc("2026-12-09T23:00:00Z"))
    #expect(birthday.end == Self.utc("2026-12-10T23:00:00Z"))
    #expect(found.filter { $0.summary == "Ada's birthday" }.count == 1)
  }

  @Test func brokenAndHostileCalendarsAreRefusedOrBounded() throws {
    #expect {
      try Self.read("broken-html.html", from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z")
    } throws: { "\($0)".contains("not an iCalendar file: it has no BEGIN:VCALENDAR") }
    #expect {
      try Self.read(
        "broken-truncated.ics", from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z")
    } throws: { "\($0)".contains("could not read it as iCalendar (is it cut off?)") }
    let storm = try Self.read(
      "hostile-secondly.ics", from: "2026-11-26T00:00:00Z", to: "2026-11-26T02:00:00Z")
    #expect(storm.isEmpty, "a rule every second since 1970 gives up after its steps")
    let near = try String(decoding: FeedReaderTests.fixture("hostile-secondly.ics"), as: UTF8.self)
      .replacingOccurrences(of: "19700101T000000Z", with: "20261126T000000Z")
    let capped = try CalendarReader.occurrences(
      in: Data(near.utf8), from: Self.utc("2026-11-26T00:00:00Z"),
      to: Self.utc("2026-11-26T02:00:00Z"), timeZone: Self.berlin)
    #expect(capped.count == CalendarReader.maxOccurrences, "7200 a window, capped")
  }
}
