import ClackCore
import Foundation
import Testing

@testable import ClackContent

/// When a page's data changes: the instants an `on_change` entry comes due at, and the entry
/// in the run of show.
@Suite struct PageChangeTests {
  static func change(_ field: PageField, after instant: Date, in zone: TimeZone = utc) -> Date? {
    field.nextChange(after: instant, in: zone)
  }

  @Test func aTimeFieldChangesAtTheBoundaryOfTheSmallestUnitItShows() throws {
    let minute: TimeInterval = 60
    #expect(Self.change(.time(format: "HH:mm"), after: monday) == monday + minute)
    #expect(
      Self.change(.time(format: "HH:mm:ss"), after: monday + 5) == monday + minute,
      "seconds count as minutes: a page is drawn once a minute")
    #expect(Self.change(.time(format: "h a"), after: monday + 5) == monday + 3600)
    // Kolkata is UTC+5:30: 06:00 UTC is 11:30 there, and its next hour is at 06:30 UTC.
    let kolkata = try #require(TimeZone(identifier: "Asia/Kolkata"))
    #expect(Self.change(.time(format: "HH"), after: monday, in: kolkata) == monday + 1800)
    let midnight = monday + 18 * 3600
    #expect(Self.change(.time(format: "EEE d MMM"), after: monday) == midnight)
    // January's name next changes on the first of February, not at each midnight.
    let february = Date(timeIntervalSince1970: 1_769_904_000)
    #expect(Self.change(.time(format: "MMMM"), after: monday) == february)
    #expect(Self.change(.time(format: "'TODAY'"), after: monday) == nil, "only literal text")
  }

  @Test func aCountdownChangesWhenItsWholeUnitsLeftGoDown() {
    let target = DateComponents(year: 2026, month: 1, day: 7)  // Wednesday midnight UTC
    // 42 hours left at 06:00:00; from 06:00:00.001 on, 41 and a bit: 41 at 06:01.
    #expect(Self.change(.countdown(to: target, unit: .hours), after: monday) == monday + 60)
    #expect(
      Self.change(.countdown(to: target, unit: .hours), after: monday + 30) == monday + 3660)
    #expect(Self.change(.countdown(to: target, unit: .minutes), after: monday) == monday + 60)
    #expect(
      Self.change(.countdown(to: target, unit: .days), after: monday) == monday + 18 * 3600)
    let past = DateComponents(year: 2025, month: 12, day: 25)
    #expect(Self.change(.countdown(to: past, unit: .days), after: monday) == nil)
  }

  @Test func atEachChangeTheFieldsTextIsNewAndBeforeItTheSame() throws {
    let fields: [PageField] = [
      .time(format: "HH:mm"), .time(format: "EEEE"), .time(format: "H"),
      .countdown(
        to: DateComponents(year: 2026, month: 1, day: 6, hour: 13, minute: 20), unit: .hours),
      .countdown(to: DateComponents(year: 2026, month: 1, day: 9), unit: .days),
    ]
    for field in fields {
      var instant = monday + 17
      for _ in 0..<40 {
        let before = field.text(at: instant, in: utc, quote: nil)
        guard let next = Self.change(field, after: instant) else {
          #expect(before == "0", "only a countdown that has ended stops changing: \(field)")
          break
        }
        #expect(field.text(at: next, in: utc, quote: nil) != before, "\(field) at \(next)")
        // Drawn once a minute: the last whole minute before the change still reads the same.
        let lastMinute = next - 60
        if lastMinute > instant {
          #expect(field.text(at: lastMinute, in: utc, quote: nil) == before, "\(field)")
        }
        instant = next
      }
    }
  }

  @Test func aPageChangesWhenTheFirstFieldItUsesChanges() {
    let page = Page(
      name: "xmas", template: .text("{{date}}\n{{days}} DAYS"),
      fields: ["days": .countdown(to: DateComponents(year: 2026, month: 12, day: 25), unit: .days)]
    )
    #expect(page.nextDataChange(after: monday, in: utc) == monday + 18 * 3600)
    let clock = Page(name: "clock", template: .text("{{date}} {{time}}"))
    #expect(clock.nextDataChange(after: monday, in: utc) == monday + 60)
    let vbml = Page(
      name: "v",
      template: .vbml(VBMLDocument(components: [VBMLComponent(.template("HI {{weekday}}"))])))
    #expect(vbml.nextDataChange(after: monday, in: utc) == monday + 18 * 3600)
    #expect(
      Set(vbml.usedFields.keys) == ["weekday"], "a VBML page uses what its templates name")
    let entry = ScheduleEntry(cadence: .onChange, content: .text("FIXED"))
    #expect(entry.nextFire(after: monday, in: utc) == nil, "fixed text never comes due")
    #expect(entry.cadenceText == "on change")
  }

  @Test func anOnChangePageComesDueWhenItsDateTurnsAndHoldsForItsDwell() throws {
    let today = Page(name: "today", template: .text("{{weekday}}"))
    let rig = try ContentRig(
      ContentRules(
        zones: [whole],
        schedules: [
          ScheduleEntry(cadence: .rotation, content: .text("NEWS"), dwell: 600),
          ScheduleEntry(cadence: .onChange, content: .page(today), dwell: 120),
        ], timeZone: utc),
      start: monday + 18 * 3600 - 30)  // 23:59:30 on Monday
    try rig.step()
    #expect(RunOfShowTests.shown(rig) == 0, "not due at start: its last change is history")
    let due = try #require(rig.engine.nextChange(after: rig.now))
    #expect(due == monday + 18 * 3600, "midnight, when the weekday turns")
    try rig.step(30)
    #expect(rig.engine.program(of: "main").waiting == [1], "waits for the news' dwell")
    try rig.step(570)
    #expect(rig.source() == .scheduled(index: 1, firedAt: monday + 18 * 3600))
    try rig.step(120)
    #expect(RunOfShowTests.shown(rig) == 0, "after its dwell the rotation resumes")
  }

  @Test func anOnChangeClockWithNoDwellStandsAndIsFoundAgainAtStart() throws {
    let clock = Page(name: "clock", template: .text("{{time}}"))
    let rig = try ContentRig(
      ContentRules(
        zones: [whole], schedules: [ScheduleEntry(cadence: .onChange, content: .page(clock))],
        timeZone: utc),
      start: monday + 30)
    try rig.step()
    #expect(rig.source() == .scheduled(index: 0, firedAt: monday), "as of its last change")
    #expect(rig.engine.nextChange(after: rig.now) == monday + 60)
    try rig.step(30)
    #expect(rig.source() == .scheduled(index: 0, firedAt: monday + 60))
  }
}
