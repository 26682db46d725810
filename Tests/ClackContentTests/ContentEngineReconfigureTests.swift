import ClackContent
import ClackCore
import Foundation
import Testing

/// A reloaded config's rules taken over while running (`ContentEngine.reconfigure`).
@Suite struct ContentEngineReconfigureTests {
  @Test func aShowingMessageKeepsItsHoldAndTheNextGetsTheNewDwell() throws {
    let rig = try ContentRig(ContentRules(zones: [whole], dwell: 60, timeZone: utc))
    let first = try rig.send("FIRST")
    try rig.step()
    rig.engine.reconfigure(
      rules: ContentRules(zones: [whole], dwell: 600, timeZone: utc), now: rig.now)
    #expect(rig.source() == .message(first))
    let second = try rig.send("SECOND", from: "bob")
    try rig.step(59)
    #expect(rig.source() == .message(first), "held for the dwell it was shown with")
    try rig.step(2)
    #expect(rig.source() == .message(second), "60 s, not the new 600 s")
    let third = try rig.send("THIRD", from: "carol")
    try rig.step(599)
    #expect(rig.source() == .message(second), "shown after the reload: the new dwell")
    try rig.step(2)
    #expect(rig.source() == .message(third))
  }

  @Test func scheduledContentIsDecidedAgainFromTheNewSchedules() throws {
    let rig = try ContentRig(
      ContentRules(zones: [whole], schedules: [quoteAtSeven], timeZone: utc),
      start: monday.addingTimeInterval(5 * 3600))  // 11:00
    try rig.step()
    #expect(rig.source() == .scheduled(index: 0, firedAt: monday.addingTimeInterval(3600)))
    let hourly = ScheduleEntry(cron: try CronExpression("0 * * * *"), content: .text("HOUR"))
    rig.engine.reconfigure(
      rules: ContentRules(zones: [whole], schedules: [hourly, quoteAtSeven], timeZone: utc),
      now: rig.now)
    let decision = try rig.step()
    // The latest fire of the new list: 11:00 of entry 0, not the old entry 0's 07:00.
    #expect(decision.changed == ["main"])
    #expect(
      decision.zones["main"] == .scheduled(index: 0, firedAt: monday.addingTimeInterval(5 * 3600)))
    rig.engine.reconfigure(rules: ContentRules(zones: [whole], timeZone: utc), now: rig.now)
    #expect(try rig.step(3600).zones["main"] == .idle, "no schedules: nothing fires")
  }
}
