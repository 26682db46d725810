import ClackCore
import Foundation
import Testing

@testable import ClackContent

/// A forecast plays the rules forward over only the messages that can come before the one it
/// is for (`forecastQueue`), so its cost does not grow with the queue. It must say exactly what
/// playing them forward over the whole queue says. (Fewer random boards than these missed a
/// narrowing that left out the messages that bypass quiet hours.)
@Suite struct ForecastQueueTests {
  static let top = ZoneSpec(name: "top", row: 0, col: 0, rows: 3, cols: 22)
  static let bottom = ZoneSpec(name: "bottom", row: 3, col: 0, rows: 3, cols: 22)

  @Test(arguments: 0..<2_000)
  func theNarrowedQueueForecastsWhatTheWholeQueueDoes(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    // Quiet hours from 22:00 to 07:00 on some boards; the start lands in them now and then.
    let quiet = Bool.random(using: &random) ? QuietHours(startMinute: 22 * 60, endMinute: 420) : nil
    let rules = ContentRules(
      zones: [Self.top, Self.bottom], quietHours: quiet, dwell: 60, timeZone: utc)
    let start = monday.addingTimeInterval(Double(Int.random(in: 0..<96, using: &random)) * 900)
    var queue = (0..<Int.random(in: 0...24, using: &random)).map { index in
      Self.message(id: Int64(index + 1), createdBefore: start, using: &random)
    }
    // The board has been running: a few decisions taken, so something may be on show, held,
    // or interrupted.
    var engine = ContentEngine(rules: rules, now: start - 400)
    for instant in stride(from: start - 400, to: start, by: 90) {
      let decision = engine.decide(messages: queue, now: instant)
      ContentEngine.apply(decision, to: &queue)
    }
    var new = Self.message(id: 100, createdBefore: start, using: &random)
    new.createdAt = start
    new.notBefore =
      Bool.random(using: &random) ? start : start + Double.random(in: 1...900, using: &random)
    queue.append(new)

    let narrowed = engine.forecast(new.id, messages: queue, from: start)
    let whole = Self.wholeQueueForecast(engine, new, queue, from: start)
    #expect(
      narrowed == whole,
      "seed \(seed): \(new.priority) pinned \(new.pinned) due \(new.notBefore.timeIntervalSince(start)) s"
    )
  }

  @Test func aMessageDueNowIsForecastFromAHandfulOfAThousand() {
    let rules = ContentRules(zones: [Self.top, Self.bottom], dwell: 60, timeZone: utc)
    let engine = ContentEngine(rules: rules, now: monday)
    var queue = (1...1_000).map { index in
      Message(
        id: Int64(index), sender: "s\(index)", body: .text("OLD"), createdAt: monday - 3600,
        notBefore: monday - 3600, expiresAt: monday + 86_400, zone: "top")
    }
    queue[10].priority = .urgent
    let new = Message(
      id: 1_001, sender: "new", body: .text("NEW"), createdAt: monday, notBefore: monday,
      expiresAt: monday + 86_400, zone: "top")
    queue.append(new)
    let narrowed = engine.forecastQueue(for: new, in: queue, from: monday)
    #expect(narrowed.map(\.id) == [11, 1_001], "the urgent one, and itself")
  }

  /// The forecast as it was before the queue was narrowed: every message, a thousand steps.
  static func wholeQueueForecast(
    _ engine: ContentEngine, _ message: Message, _ messages: [Message], from now: Date
  ) -> Forecast? {
    var engine = engine
    engine.withoutSchedules()
    var quietOnTheWay = false
    var ahead = 0
    return engine.playForward(messages: messages, from: now, horizon: 8 * 86_400, steps: 1_000) {
      engine, decision, queue, instant in
      if engine.current.values.contains(where: { $0.source.messageID == message.id }) {
        return Forecast(at: instant, heldByQuietHours: quietOnTheWay, ahead: ahead)
      }
      ahead += decision.started.count { started in
        queue.contains { $0.id == started && $0.zone == message.zone }
      }
      quietOnTheWay = quietOnTheWay || (decision.quiet && !message.bypassQuietHours)
      return nil
    }
  }

  static func message(
    id: Int64, createdBefore start: Date, using random: inout SplitMix64
  ) -> Message {
    let created = start - Double.random(in: 0...3_600, using: &random)
    let due =
      Int.random(in: 0..<4, using: &random) == 0
      ? start + Double.random(in: 0...600, using: &random) : created
    return Message(
      id: id, sender: "s\(id)", body: .text("M\(id)"),
      priority: Int.random(in: 0..<6, using: &random) == 0 ? .urgent : .normal,
      createdAt: created, notBefore: due,
      expiresAt: due + Double.random(in: 120...7_200, using: &random),
      pinned: Int.random(in: 0..<8, using: &random) == 0,
      zone: Bool.random(using: &random) ? "top" : "bottom",
      bypassQuietHours: Int.random(in: 0..<8, using: &random) == 0,
      duration: Bool.random(using: &random) ? Double.random(in: 10...120, using: &random) : nil)
  }
}
