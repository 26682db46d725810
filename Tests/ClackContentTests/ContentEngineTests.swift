import ClackContent
import ClackCore
import ClackStore
import Foundation
import Testing

@testable import ClackContent

let utc = TimeZone(identifier: "UTC")!
/// 2026-01-05 06:00 UTC, a Monday.
let monday = Date(timeIntervalSince1970: 1_767_592_800)

/// The daemon's loop in miniature: the store, the engine, and what each decision does to the
/// messages' states.
final class ContentRig {
  let store: ClackStore
  var engine: ContentEngine
  var now: Date

  init(_ rules: ContentRules, start: Date = monday) throws {
    store = try ClackStore(inMemory: "content-\(UUID())")
    engine = ContentEngine(rules: rules, now: start)
    now = start
  }

  @discardableResult
  func send(
    _ text: String, from sender: String = "alice", zone: String? = nil, urgent: Bool = false,
    pinned: Bool = false, expiresIn: TimeInterval? = nil, bypass: Bool = false,
    duration: TimeInterval? = nil, replacing: Bool = false
  ) throws -> Int64 {
    var message = NewMessage(sender: sender, body: .text(text))
    message.zone = zone
    message.priority = urgent ? .urgent : .normal
    message.pinned = pinned
    message.expiresIn = expiresIn
    message.bypassQuietHours = bypass
    message.duration = duration
    message.replacesPrevious = replacing
    return try store.enqueue(message, at: now, policy: SenderPolicy(perHour: 0)).message.id
  }

  @discardableResult
  func step(_ seconds: TimeInterval = 0) throws -> ContentDecision {
    now = now.addingTimeInterval(seconds)
    try store.expireDue(at: now)
    let decision = engine.decide(messages: try store.messages(), now: now)
    for id in decision.finished where try store.message(id: id)?.state == .showing {
      try store.setState(.shown, id: id, at: now, reason: "replaced on the board")
    }
    for id in decision.interrupted {
      try store.setState(.queued, id: id, at: now, reason: "interrupted")
    }
    for id in decision.started {
      try store.setState(.showing, id: id, at: now, reason: "on the board")
    }
    return decision
  }

  func source(_ zone: String = "main") -> ZoneSource? { engine.current[zone]?.source }
}

let whole = ZoneSpec(name: "main", row: 0, col: 0, rows: 6, cols: 22)
let quoteAtSeven = ScheduleEntry(cron: try! CronExpression("0 7 * * *"), content: .quoteOfTheDay)

@Suite struct ContentEngineTests {
  @Test func aBoardStartedAfterTheMorningFireShowsTheQuoteAtOnce() throws {
    let rig = try ContentRig(
      ContentRules(zones: [whole], schedules: [quoteAtSeven], timeZone: utc),
      start: monday.addingTimeInterval(5 * 3600))  // 11:00
    let decision = try rig.step()
    #expect(
      decision.zones["main"] == .scheduled(index: 0, firedAt: monday.addingTimeInterval(3600)))
    #expect(decision.changed == ["main"])
    #expect(try rig.step(60).changed.isEmpty, "nothing new: nothing flips")
  }

  @Test func aWeekOfScheduleRunsInVirtualTimeAndFiresEachMorning() {
    var engine = ContentEngine(
      rules: ContentRules(zones: [whole], schedules: [quoteAtSeven], timeZone: utc), now: monday)
    // Started at 06:00, the board shows yesterday's 07:00 quote until today's fires.
    let first = engine.decide(messages: [], now: monday)
    #expect(
      first.zones["main"] == .scheduled(index: 0, firedAt: monday.addingTimeInterval(-82_800)))
    var fires: [Date] = []
    for minute in 1...(7 * 24 * 60) {
      let decision = engine.decide(
        messages: [], now: monday.addingTimeInterval(Double(minute) * 60))
      if decision.changed.contains("main"), case .scheduled(_, let at) = decision.zones["main"] {
        fires.append(at)
      }
    }
    #expect(fires.count == 7)
    #expect(fires.first == monday.addingTimeInterval(3600))
    #expect(zip(fires, fires.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 86_400 })
  }

  @Test func aMessageTakesOverAndTheScheduleReturnsWhenItExpires() throws {
    let rig = try ContentRig(
      ContentRules(zones: [whole], schedules: [quoteAtSeven], timeZone: utc),
      start: monday.addingTimeInterval(3 * 3600))
    try rig.step()
    let id = try rig.send("HELLO", expiresIn: 600)
    let decision = try rig.step(1)
    #expect(decision.zones["main"] == .message(id))
    #expect(decision.started == [id])
    #expect(try rig.store.message(id: id)?.state == .showing)
    try rig.step(598)
    #expect(rig.source() == .message(id), "still within its lifetime")
    let back = try rig.step(1)
    #expect(back.zones["main"] == .scheduled(index: 0, firedAt: monday.addingTimeInterval(3600)))
    #expect(try rig.store.message(id: id)?.state == .expired)
  }

  @Test func aNewerMessageWaitsForTheDwellButAnUrgentOneDoesNot() throws {
    let rig = try ContentRig(ContentRules(zones: [whole], dwell: 60, timeZone: utc))
    let first = try rig.send("FIRST")
    try rig.step()
    let second = try rig.send("SECOND", from: "bob")
    try rig.step(30)
    #expect(rig.source() == .message(first), "the first one has not had its dwell")
    try rig.step(30)
    #expect(rig.source() == .message(second))
    #expect(try rig.store.message(id: first)?.state == .shown)
    let alarm = try rig.send("FIRE DRILL", from: "ops", urgent: true)
    try rig.step(1)
    #expect(rig.source() == .message(alarm), "urgent preempts at once")
  }

  @Test func pinnedMessagesTakeTurnsWhenNothingElseIsQueued() throws {
    let rig = try ContentRig(ContentRules(zones: [whole], dwell: 60, timeZone: utc))
    let a = try rig.send("PIN A", pinned: true)
    let b = try rig.send("PIN B", from: "bob", pinned: true)
    var seen: [ZoneSource] = []
    for _ in 0..<4 {
      try rig.step(60)
      seen.append(rig.source()!)
    }
    #expect(seen == [.pinned(a), .pinned(b), .pinned(a), .pinned(b)])
    let news = try rig.send("NEWS", from: "carol")
    try rig.step(60)
    #expect(rig.source() == .message(news), "a message comes before the pins")
  }

  @Test func quietHoursHoldTheBoardUnlessASenderBypassesThem() throws {
    let quiet = QuietHours(startMinute: 22 * 60, endMinute: 7 * 60)
    let rig = try ContentRig(
      ContentRules(zones: [whole], quietHours: quiet, timeZone: utc),
      start: monday.addingTimeInterval(16 * 3600 - 60))  // 21:59
    let evening = try rig.send("GOOD EVENING")
    try rig.step()
    let night = try rig.send("LATE NEWS", from: "bob")
    let decision = try rig.step(120)  // 22:01
    #expect(decision.quiet)
    #expect(decision.changed.isEmpty, "no motion in quiet hours")
    #expect(rig.source() == .message(evening))
    let alarm = try rig.send("DOOR OPEN", from: "alarm", bypass: true)
    #expect(try rig.step(60).zones["main"] == .message(alarm))
    try rig.store.setState(.shown, id: alarm, at: rig.now, reason: "acknowledged")
    // At 07:00 the waiting message appears.
    var shownAt: Date?
    for _ in 0..<(10 * 60) {
      let step = try rig.step(60)
      if step.zones["main"] == .message(night) {
        shownAt = rig.now
        break
      }
    }
    #expect(shownAt == monday.addingTimeInterval(25 * 3600))  // Tuesday 07:00
  }

  @Test func zonesAreFedIndependently() throws {
    let top = ZoneSpec(name: "top", row: 0, col: 0, rows: 3, cols: 22)
    let bottom = ZoneSpec(name: "bottom", row: 3, col: 0, rows: 3, cols: 22)
    let clock = ScheduleEntry(
      cron: try CronExpression("* * * * *"), zone: "bottom", content: .clock(format: "HH:mm"))
    let rig = try ContentRig(ContentRules(zones: [top, bottom], schedules: [clock], timeZone: utc))
    let id = try rig.send("UPSTAIRS", zone: "top")
    let first = try rig.step()
    #expect(first.zones["top"] == .message(id))
    #expect(first.zones["bottom"] == .scheduled(index: 0, firedAt: monday))
    let next = try rig.step(60)
    #expect(next.changed == ["bottom"], "the clock ticks; the top zone stays")
    #expect(try rig.step(30).changed.isEmpty)
  }

  @Test func quietHoursWrapPastMidnight() {
    let quiet = QuietHours(startMinute: 22 * 60, endMinute: 7 * 60)
    #expect(quiet.contains(monday.addingTimeInterval(-7 * 3600), in: utc))  // 23:00
    #expect(quiet.contains(monday, in: utc))  // 06:00
    #expect(!quiet.contains(monday.addingTimeInterval(3600), in: utc))  // 07:00
    #expect(!QuietHours(startMinute: 60, endMinute: 60).contains(monday, in: utc))
  }
}
