import ClackContent
import ClackCore
import ClackStore
import Foundation
import Testing

@testable import ClackContent

/// `quiet on|off` and `clear`, which MQTT (and Home Assistant's switch and button) send.
@Suite struct ContentEngineCommandTests {
  let nights = QuietHours(startMinute: 22 * 60, endMinute: 7 * 60)

  @Test func quietOnHoldsTheBoardUntilQuietHoursNextChange() throws {
    let rig = try ContentRig(
      ContentRules(zones: [whole], quietHours: nights, timeZone: utc),
      start: monday.addingTimeInterval(4 * 3600))  // 10:00
    let morning = try rig.send("GOOD MORNING")
    #expect(try rig.step().zones["main"] == .message(morning))
    #expect(!rig.engine.isQuiet(at: rig.now))
    rig.engine.overrideQuiet(true, now: rig.now)
    #expect(rig.engine.isQuiet(at: rig.now), "said at once, before any decision")
    let waiting = try rig.send("LUNCH", from: "bob")
    let held = try rig.step(120)
    #expect(held.quiet)
    #expect(rig.engine.isQuiet(at: rig.now) == held.quiet)
    #expect(held.changed.isEmpty, "quiet on: nothing moves")
    // At 22:00 the configured quiet hours begin: the override has done its job and ends, and
    // the board stays quiet because of the hours themselves.
    try rig.step(12 * 3600 - 120)  // 22:00
    #expect(rig.engine.isQuiet(at: rig.now), "the hours themselves")
    rig.engine.overrideQuiet(false, now: rig.now)
    #expect(!rig.engine.isQuiet(at: rig.now))
    let night = try rig.step(60)
    #expect(!night.quiet, "quiet off in the night lets the board move now")
    #expect(night.zones["main"] == .message(waiting))
    // At 07:00 the hours end, and so does the override; the next night is quiet again.
    try rig.step(9 * 3600)  // 07:01
    let nextNight = try rig.step(15 * 3600)  // 22:01
    #expect(nextNight.quiet, "the override lasted one quiet-hours change only")
  }

  @Test func withoutQuietHoursAnOverrideLastsUntilChanged() throws {
    let rig = try ContentRig(ContentRules(zones: [whole], timeZone: utc))
    rig.engine.overrideQuiet(true, now: rig.now)
    for _ in 0..<48 { #expect(try rig.step(3600).quiet) }
    rig.engine.overrideQuiet(false, now: rig.now)
    #expect(try !rig.step(1).quiet)
  }

  @Test func clearBlanksTheZonesUntilTheNextMessageOrFire() throws {
    let hourly = ScheduleEntry(cron: try CronExpression("0 * * * *"), content: .quoteOfTheDay)
    let rig = try ContentRig(
      ContentRules(zones: [whole], schedules: [hourly], dwell: 60, timeZone: utc))
    let shown = try rig.send("HELLO")
    #expect(try rig.step().zones["main"] == .message(shown))
    let finished = rig.engine.clear(now: rig.now)
    #expect(finished == [shown])
    try rig.store.setState(.shown, id: shown, at: rig.now, reason: "cleared")
    let after = try rig.step(5)
    #expect(after.zones["main"] == .idle, "the earlier schedule fire does not come back")
    #expect(after.changed.isEmpty)
    // The next hourly fire (07:00) shows again, and so does a new message.
    var fired = false
    for _ in 0..<61 where !fired { fired = try rig.step(60).zones["main"] != .idle }
    #expect(fired)
    let next = try rig.send("NEXT")
    #expect(try rig.step(1).zones["main"] == .message(next))
  }
}
