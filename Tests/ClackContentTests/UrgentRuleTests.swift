import ClackContent
import ClackCore
import ClackStore
import Foundation
import Testing

/// The urgent rule: an urgent message preempts at once, holds the zone for its `duration`
/// (else the dwell), then ends as shown, and the zone goes on as before.
@Suite struct UrgentRuleTests {
  static let rules = ContentRules(zones: [whole], dwell: 60, timeZone: utc)

  @Test func anUrgentMessageHoldsTheZoneForTheDwellThenEndsAsShown() throws {
    let rig = try ContentRig(Self.rules)
    let alarm = try rig.send("DINNER IS READY", urgent: true)
    try rig.step()
    #expect(rig.source() == .message(alarm))
    let later = try rig.send("LATER", from: "bob")
    try rig.step(59)
    #expect(rig.source() == .message(alarm), "it holds the zone for its dwell")
    let end = try rig.step(1)
    #expect(end.ended == [alarm])
    #expect(end.finished == [alarm])
    #expect(rig.source() == .message(later), "then the zone goes on with the queue")
    #expect(try rig.store.message(id: alarm)?.state == .shown)
    try rig.step(80 * 60)
    #expect(rig.source() == .message(later), "80 minutes later the urgent one is long gone")
  }

  @Test func itsOwnDurationReplacesTheDwell() throws {
    let rig = try ContentRig(Self.rules)
    let alarm = try rig.send("DOORBELL", urgent: true, duration: 10)
    try rig.step()
    try rig.step(9)
    #expect(rig.source() == .message(alarm))
    try rig.step(1)
    #expect(rig.source() == .idle, "nothing else: the zone keeps its frame and is idle")
    #expect(try rig.store.message(id: alarm)?.state == .shown)
    #expect(rig.engine.nextChange(after: rig.now) == nil, "and nothing is left to wake for")
  }

  @Test func aMessageItInterruptsComesBackAfterIt() throws {
    let rig = try ContentRig(Self.rules)
    let news = try rig.send("NEWS")
    try rig.step()
    try rig.step(20)
    let alarm = try rig.send("FIRE DRILL", from: "ops", urgent: true)
    let preempt = try rig.step(1)
    #expect(rig.source() == .message(alarm), "urgent preempts at once")
    #expect(preempt.interrupted == [news])
    #expect(preempt.finished.isEmpty)
    #expect(try rig.store.message(id: news)?.state == .queued)
    try rig.step(60)
    #expect(rig.source() == .message(news), "the interrupted message comes back")
    #expect(try rig.store.message(id: news)?.state == .showing)
  }

  @Test func urgentMessagesTakeTurnsInTheOrderTheyCame() throws {
    let rig = try ContentRig(Self.rules)
    let first = try rig.send("FIRST", from: "a", urgent: true, duration: 30)
    try rig.step()
    let second = try rig.send("SECOND", from: "b", urgent: true)
    try rig.step(1)
    #expect(rig.source() == .message(first), "a second urgent one waits for the first")
    try rig.step(29)
    #expect(rig.source() == .message(second))
    try rig.step(60)
    #expect(rig.source() == .idle)
    #expect(try rig.store.message(id: first)?.state == .shown)
    #expect(try rig.store.message(id: second)?.state == .shown)
  }

  @Test func scheduledContentReturnsAfterAnUrgentMessage() throws {
    let rig = try ContentRig(
      ContentRules(zones: [whole], schedules: [quoteAtSeven], dwell: 60, timeZone: utc),
      start: monday.addingTimeInterval(3 * 3600))
    try rig.step()
    let quote = rig.source()
    let alarm = try rig.send("ALARM", urgent: true)
    try rig.step(1)
    #expect(rig.source() == .message(alarm))
    try rig.step(60)
    #expect(rig.source() == quote)
  }

  @Test func aPinnedUrgentMessageJoinsThePinnedTurnsOnceShown() throws {
    let rig = try ContentRig(Self.rules)
    let pin = try rig.send("PIN", pinned: true)
    try rig.step()
    let alarm = try rig.send("ALARM", from: "ops", urgent: true, pinned: true)
    try rig.step(1)
    #expect(rig.source() == .message(alarm))
    var seen: [ZoneSource] = []
    for _ in 0..<3 {
      try rig.step(60)
      seen.append(rig.source()!)
    }
    #expect(seen == [.pinned(pin), .pinned(alarm), .pinned(pin)])
  }
}

/// Forecasts replay the rules: each is checked against the engine stepping through the same
/// queue.
@Suite struct ForecastTests {
  /// Steps the rig a second at a time until `id` shows; the time it does.
  static func whenShown(
    _ id: Int64, _ rig: ContentRig, within seconds: Int, every step: Int = 1
  ) throws -> Date? {
    for _ in 0..<(seconds / step) {
      if rig.source() == .message(id) || rig.source() == .pinned(id) { return rig.now }
      try rig.step(TimeInterval(step))
    }
    return nil
  }

  /// The forecast as the daemon asks for it: over the due messages and this one.
  static func forecast(_ id: Int64, _ rig: ContentRig) throws -> Forecast? {
    var queue = try rig.store.activeMessages(at: rig.now)
    if !queue.contains(where: { $0.id == id }), let message = try rig.store.message(id: id) {
      queue.append(message)
    }
    return rig.engine.forecast(id, messages: queue, from: rig.now)
  }

  @Test func aNormalMessageWaitsForTheUrgentOneAndForUrgentOnesAhead() throws {
    let rig = try ContentRig(UrgentRuleTests.rules)
    try rig.send("NEWS")
    try rig.step()
    try rig.step(10)
    try rig.send("ALARM", from: "ops", urgent: true, duration: 100)
    try rig.step(1)
    try rig.send("SECOND ALARM", from: "ops2", urgent: true)
    let normal = try rig.send("LATER", from: "bob")
    let forecast = try #require(try Self.forecast(normal, rig))
    #expect(forecast.at == rig.now.addingTimeInterval(100 + 60))
    #expect(forecast.ahead == 1, "the second alarm goes first")
    #expect(!forecast.heldByQuietHours)
    #expect(try Self.whenShown(normal, rig, within: 400) == forecast.at)
  }

  @Test func aMessageDuringQuietHoursShowsWhenTheyEnd() throws {
    let rules = ContentRules(
      zones: [whole], quietHours: QuietHours(startMinute: 22 * 60, endMinute: 7 * 60), dwell: 60,
      timeZone: utc)
    // 23:00 on Monday: quiet until 07:00 on Tuesday.
    let rig = try ContentRig(rules, start: monday.addingTimeInterval(17 * 3600))
    try rig.step()
    let normal = try rig.send("GOOD MORNING")
    let urgent = try rig.send("LEAK", from: "ops", urgent: true)
    let bypassing = try rig.send("NIGHT OWL", from: "owl", bypass: true)
    let seven = monday.addingTimeInterval(25 * 3600)
    let forNormal = try #require(try Self.forecast(normal, rig))
    let forUrgent = try #require(try Self.forecast(urgent, rig))
    let forBypass = try #require(try Self.forecast(bypassing, rig))
    #expect(forUrgent.at == seven, "an urgent message waits for quiet hours too")
    #expect(forUrgent.heldByQuietHours)
    #expect(forNormal.at == seven.addingTimeInterval(60), "after the urgent one's dwell")
    #expect(forNormal.heldByQuietHours)
    #expect(forBypass.at == rig.now)
    #expect(!forBypass.heldByQuietHours)
    #expect(try Self.whenShown(normal, rig, within: 9 * 3600, every: 60) == forNormal.at)
  }

  @Test func aMessageANewerOneReplacesFirstHasNoForecast() throws {
    let rig = try ContentRig(UrgentRuleTests.rules)
    try rig.send("NOW")
    try rig.step()
    let older = try rig.send("OLDER", from: "bob")
    try rig.send("NEWER", from: "carol")
    #expect(try Self.forecast(older, rig) == nil)
  }

  @Test func aMessageForLaterShowsAtItsTime() throws {
    let rig = try ContentRig(UrgentRuleTests.rules)
    var later = NewMessage(sender: "cron", body: .text("LUNCH"))
    later.notBefore = rig.now.addingTimeInterval(3600)
    let id = try rig.store.enqueue(later, at: rig.now, policy: SenderPolicy(perHour: 0)).message.id
    let forecast = try #require(try Self.forecast(id, rig))
    #expect(forecast.at == rig.now.addingTimeInterval(3600))
    #expect(try Self.whenShown(id, rig, within: 3700, every: 60) == forecast.at)
  }
}
