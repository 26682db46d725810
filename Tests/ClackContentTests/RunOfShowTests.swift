import ClackCore
import Foundation
import Testing

@testable import ClackContent

/// The run of show in virtual time: rotation, the collision rule, waiting entries' forecasts,
/// messages and quiet hours over it, live redraws and picking by hand.
@Suite struct RunOfShowTests {
  static func every(_ minutes: Int, _ text: String, dwell: TimeInterval?) -> ScheduleEntry {
    ScheduleEntry(cadence: .every(minutes: minutes), content: .text(text), dwell: dwell)
  }

  static func inTurn(_ text: String, dwell: TimeInterval? = nil) -> ScheduleEntry {
    ScheduleEntry(cadence: .rotation, content: .text(text), dwell: dwell)
  }

  static func shown(_ rig: ContentRig) -> Int? {
    if case .scheduled(let index, _) = rig.source() { return index }
    return nil
  }

  @Test func pagesInRotationTakeTurnsForTheirDwells() throws {
    let rig = try ContentRig(
      ContentRules(
        zones: [whole], schedules: [Self.inTurn("A", dwell: 30), Self.inTurn("B")], dwell: 60,
        timeZone: utc))
    var seen: [(Int?, TimeInterval)] = []
    var elapsed: TimeInterval = 0
    try rig.step()
    seen.append((Self.shown(rig), 0))
    // Step from one change to the next, as the display loop sleeps until `nextChange`.
    for _ in 0..<4 {
      let next = try #require(rig.engine.nextChange(after: rig.now))
      elapsed += next.timeIntervalSince(rig.now)
      try rig.step(next.timeIntervalSince(rig.now))
      seen.append((Self.shown(rig), elapsed))
    }
    #expect(seen.map(\.0) == [0, 1, 0, 1, 0])
    #expect(seen.map(\.1) == [0, 30, 90, 120, 180], "A holds 30 s, B the zone's 60 s")
  }

  @Test func twoEntriesDueAtOnceShowOneAfterTheOtherInRunOfShowOrder() throws {
    // 06:00 is a quarter hour: both come due at once, with the rotation already on show.
    let rig = try ContentRig(
      ContentRules(
        zones: [whole],
        schedules: [
          Self.inTurn("ROTATING", dwell: 600), Self.every(15, "WEATHER", dwell: 120),
          Self.every(30, "NEWS", dwell: 60),
        ], timeZone: utc),
      start: monday.addingTimeInterval(-60))
    try rig.step()
    #expect(Self.shown(rig) == 0)
    try rig.step(60)  // 06:00: both due; the rotating page holds its 600 s first
    #expect(Self.shown(rig) == 0)
    #expect(rig.engine.program(of: "main").waiting == [1, 2], "in line, run-of-show order")
    let newsForecast = rig.engine.forecast(
      entry: 2, messages: try rig.store.messages(), from: rig.now)
    try rig.step(540)  // 06:09: the rotating page's dwell is over
    #expect(Self.shown(rig) == 1)
    try rig.step(120)  // 06:11: weather's two minutes are over
    #expect(Self.shown(rig) == 2, "the one that waited shows, it did not vanish")
    #expect(newsForecast == rig.now, "its forecast was when it showed")
    try rig.step(60)  // 06:12: the line is empty; the rotation resumes
    #expect(Self.shown(rig) == 0)
  }

  @Test func anEntryDueAgainWhileWaitingKeepsOnePlaceAndShowsItsLatest() throws {
    let rig = try ContentRig(
      ContentRules(
        zones: [whole],
        schedules: [
          ScheduleEntry(cadence: .every(minutes: 1), content: .clock(format: "HH:mm"), dwell: 30)
        ], timeZone: utc))
    try rig.step()
    let message = try rig.send("HELLO", expiresIn: 300)
    try rig.step()
    #expect(rig.source() == .message(message))
    try rig.step(301)  // five fires came while the message was on show
    #expect(rig.source() == .scheduled(index: 0, firedAt: monday.addingTimeInterval(300)))
    #expect(rig.engine.program(of: "main").waiting.isEmpty, "shown once, as of its last fire")
  }

  @Test func quietHoursHoldTheRunOfShowAndTheLineComesAfter() throws {
    let rig = try ContentRig(
      ContentRules(
        zones: [whole],
        schedules: [Self.inTurn("A", dwell: 60), Self.every(60, "HOURLY", dwell: 60)],
        quietHours: QuietHours(startMinute: 6 * 60 + 30, endMinute: 8 * 60), timeZone: utc),
      start: monday.addingTimeInterval(1800 - 1))  // 06:29:59
    try rig.step()
    #expect(Self.shown(rig) == 0)
    #expect(try rig.step(3600).changed.isEmpty, "07:29:59, quiet: nothing moves")
    #expect(try rig.step(1801).changed == ["main"], "08:00:00: quiet hours end")
    #expect(Self.shown(rig) == 1, "the hourly page that came due in quiet hours")
  }

  @Test func aPageThatShowsTheTimeIsRedrawnEachMinuteWithoutLosingItsDwell() throws {
    let clock = Page(name: "clock", template: .text("{{time}}"))
    let rig = try ContentRig(
      ContentRules(
        zones: [whole],
        schedules: [
          ScheduleEntry(cadence: .rotation, content: .page(clock), dwell: 150),
          Self.inTurn("OTHER", dwell: 60),
        ], timeZone: utc),
      start: monday.addingTimeInterval(-10))  // 05:59:50
    try rig.step()
    var redraws: [Date] = []
    while let next = rig.engine.nextChange(after: rig.now),
      next <= monday.addingTimeInterval(140)
    {
      let decision = try rig.step(next.timeIntervalSince(rig.now))
      if decision.changed == ["main"], case .scheduled(0, let asOf) = rig.source() {
        redraws.append(asOf)
      }
    }
    #expect(redraws == [monday, monday.addingTimeInterval(60), monday.addingTimeInterval(120)])
    try rig.step(monday.addingTimeInterval(140).timeIntervalSince(rig.now))
    #expect(Self.shown(rig) == 1, "its dwell counted from when it first showed (05:59:50)")
  }

  @Test func aPickedEntryShowsAtOnceAndTheRotationGoesOnAfterIt() throws {
    let rig = try ContentRig(
      ContentRules(
        zones: [whole],
        schedules: [Self.inTurn("A", dwell: 60), Self.inTurn("B", dwell: 60), Self.inTurn("C")],
        dwell: 60, timeZone: utc))
    try rig.step()
    #expect(Self.shown(rig) == 0)
    rig.engine.pick(entry: 1, now: rig.now)
    try rig.step(5)
    #expect(Self.shown(rig) == 1)
    try rig.step(60)
    #expect(Self.shown(rig) == 2, "after B comes C")
  }

  @Test func aStandingEntryComesBackAfterATimedOneWithADwell() throws {
    let rig = try ContentRig(
      ContentRules(
        zones: [whole],
        schedules: [
          ScheduleEntry(cron: try CronExpression("* * * * *"), content: .clock(format: "HH:mm")),
          Self.every(60, "HOURLY", dwell: 90),
        ], timeZone: utc),
      start: monday.addingTimeInterval(-30))
    try rig.step()
    #expect(Self.shown(rig) == 0)
    try rig.step(30)  // 06:00: both fire; the hourly one holds 90 s
    #expect(Self.shown(rig) == 1)
    try rig.step(60)  // 06:01: the clock fires but waits
    #expect(Self.shown(rig) == 1)
    try rig.step(30)  // 06:01:30: back to the clock, as of its latest fire
    #expect(rig.source() == .scheduled(index: 0, firedAt: monday.addingTimeInterval(60)))
  }

  @Test func everyNMinutesCountsFromLocalMidnight() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let cadence = ScheduleCadence.every(minutes: 25)
    // 06:00 UTC is 07:00 in Berlin: 07:05 (425 = 17 × 25) is next.
    #expect(cadence.nextFire(after: monday, in: berlin) == monday.addingTimeInterval(300))
    // 23:50 Berlin: 23:45 was the last; the next is midnight, not 00:10.
    let late = monday.addingTimeInterval(16 * 3600 + 50 * 60)
    #expect(cadence.nextFire(after: late, in: berlin) == late.addingTimeInterval(600))
    #expect(ScheduleCadence.rotation.nextFire(after: monday, in: berlin) == nil)
  }
}
