import ClackCore
import Foundation
import Testing

@testable import ClackContent

/// What pages read of a calendar at a moment (docs/source-calendar.md), and when that
/// changes: walked in virtual time across days and a daylight-saving change.
@Suite struct CalendarViewTests {
  static let berlin = TimeZone(identifier: "Europe/Berlin")!

  static func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  static func text(_ path: String, _ data: JSONValue) -> String? {
    (try? JSONPath(path))?.value(in: data)?.pageText
  }

  /// Thursday 26 November 2026, Berlin (UTC+1).
  static let week = CalendarView(
    events: [
      CalendarEvent(
        summary: "Stand-up", location: "Room 4", start: at("2026-11-26T08:30:00Z"),
        end: at("2026-11-26T08:45:00Z"), allDay: false),
      CalendarEvent(
        summary: "Offsite", start: at("2026-11-25T23:00:00Z"), end: at("2026-11-27T23:00:00Z"),
        allDay: true),
      CalendarEvent(
        summary: "Review", start: at("2026-11-27T14:00:00Z"), end: at("2026-11-27T15:00:00Z"),
        allDay: false),
      CalendarEvent(
        summary: "Party", start: at("2026-12-10T18:00:00Z"), end: at("2026-12-10T22:00:00Z"),
        allDay: false),
    ], soon: 900)

  @Test func theNextEventsTodayAndWhatIsOnNowReadInWords() {
    let early = Self.week.pageData(at: Self.at("2026-11-26T07:00:00Z"), in: Self.berlin)
    #expect(Self.text("next[0].summary", early) == "Offsite", "on now, all day")
    #expect(Self.text("next[0].when", early) == "TODAY")
    #expect(Self.text("next[0].time", early) == "ALL DAY")
    #expect(Self.text("next[1].summary", early) == "Stand-up")
    #expect(Self.text("next[1].when", early) == "TODAY 09:30", "in Berlin's time")
    #expect(Self.text("next[1].location", early) == "Room 4")
    #expect(Self.text("next[2].when", early) == "TOMORROW 15:00")
    #expect(Self.text("next[3].when", early) == "THU 10 DEC 19:00", "more than six days ahead")
    #expect(Self.text("today_count", early) == "2")
    #expect(Self.text("today[*].summary", early) == "Offsite, Stand-up")
    #expect(Self.text("now.summary", early) == "Offsite")
    #expect(Self.text("soon", early) == nil)

    let soon = Self.week.pageData(at: Self.at("2026-11-26T08:20:00Z"), in: Self.berlin)
    #expect(Self.text("soon.summary", soon) == "Stand-up", "10 minutes before")
    #expect(Self.text("soon.time", soon) == "09:30")
    let during = Self.week.pageData(at: Self.at("2026-11-26T08:40:00Z"), in: Self.berlin)
    #expect(Self.text("now.summary", during) == "Stand-up", "a timed event before an all-day one")
    #expect(Self.text("now.when", during) == "NOW")
    #expect(Self.text("now.end_time", during) == "09:45")
    let after = Self.week.pageData(at: Self.at("2026-11-26T09:00:00Z"), in: Self.berlin)
    #expect(Self.text("next[1].summary", after) == "Review", "the stand-up has ended")
  }

  @Test func itChangesAtStartsEndsSoonAndMidnightsOnly() {
    let view = Self.week
    var instant = Self.at("2026-11-26T07:00:00Z")
    var changes: [Date] = []
    while let next = view.nextChange(after: instant, in: Self.berlin),
      next < Self.at("2026-11-28T12:00:00Z")
    {
      changes.append(next)
      instant = next
    }
    #expect(
      changes
        == [
          "2026-11-26T08:15:00Z", "2026-11-26T08:30:00Z", "2026-11-26T08:45:00Z",
          "2026-11-26T23:00:00Z", "2026-11-27T13:45:00Z", "2026-11-27T14:00:00Z",
          "2026-11-27T15:00:00Z", "2026-11-27T23:00:00Z",
        ].map(Self.at))
    // Between two changes the data stay the same; at each they differ.
    for (index, change) in changes.enumerated() {
      let before = view.pageData(at: change - 60, in: Self.berlin)
      let at = view.pageData(at: change, in: Self.berlin)
      #expect(before != at, "changes at \(change)")
      if index > 0 {
        #expect(view.pageData(at: changes[index - 1] + 60, in: Self.berlin) == before)
      }
    }
  }

  @Test func acrossTheDaylightSavingChangeDaysEndAtLocalMidnight() {
    // Gym at 07:30 local each day over the night Berlin's clocks go back (25 October 2026).
    let gym = (23...27).map { day in
      let offset = day < 25 ? 2 : 1
      let start = Self.at("2026-10-\(day)T0\(7 - offset):30:00Z")
      return CalendarEvent(summary: "Gym", start: start, end: start + 3600, allDay: false)
    }
    let view = CalendarView(events: gym, soon: 600)
    var instant = Self.at("2026-10-23T12:00:00Z")
    var midnights: [Date] = []
    var checked = 0
    for _ in 0..<40 {
      guard let next = view.nextChange(after: instant, in: Self.berlin) else { break }
      let data = view.pageData(at: next, in: Self.berlin)
      if let time = Self.text("next[0].time", data) {
        #expect(time == "07:30", "07:30 local, before and after")
        checked += 1
      }
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = Self.berlin
      if calendar.startOfDay(for: next) == next { midnights.append(next) }
      instant = next
    }
    #expect(
      Array(midnights.prefix(4))
        == [
          "2026-10-23T22:00:00Z", "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z",
          "2026-10-26T23:00:00Z",
        ].map(Self.at), "the 25-hour day ends an hour later")
    #expect(checked >= 15, "each event's soon, start and end, and the midnights")
    #expect(view.nextChange(after: Self.at("2026-10-29T12:00:00Z"), in: Self.berlin) == nil)
  }

  @Test func eventsGoThroughTheFetchersJSONUnchanged() {
    let json = CalendarEvent.json(Self.week.events)
    #expect(CalendarEvent.events(from: json) == Self.week.events)
    #expect(CalendarEvent.events(from: .object(["items": .array([])])) == nil)
  }
}
