import ClackCore
import Foundation
import Testing

@testable import ClackContent

/// A forecast leaves the run of show out (scheduled content never holds a message back), and
/// with it every entry that came due and waits its turn: a zone program that still named an
/// entry once the entries were gone crashed the daemon when a message was sent to another
/// zone while one held a zone a fire was waiting behind.
@Suite struct ForecastScheduleTests {
  static let top = ZoneSpec(name: "top", row: 0, col: 0, rows: 3, cols: 22)
  static let bottom = ZoneSpec(name: "bottom", row: 3, col: 0, rows: 3, cols: 22)

  static func message(_ id: Int64, zone: String, due: Date, duration: TimeInterval? = nil)
    -> Message
  {
    var message = Message(
      id: id, sender: "s\(id)", body: .text("M\(id)"), createdAt: monday, notBefore: due,
      expiresAt: monday + 86_400, zone: zone)
    message.duration = duration
    return message
  }

  @Test func aFireWaitingBehindAMessageLeavesTheForecastWhole() throws {
    let minutely = ScheduleEntry(
      cadence: .every(minutes: 1), zone: "top", content: .text("TICK"), dwell: 30)
    let rules = ContentRules(
      zones: [Self.top, Self.bottom], schedules: [minutely], dwell: 60, timeZone: utc)
    var engine = ContentEngine(rules: rules, now: monday)
    // A message holds the top zone for ten minutes: the minute entry's fires wait in line.
    var queue = [Self.message(1, zone: "top", due: monday, duration: 600)]
    for instant in stride(from: monday, through: monday + 150, by: 30) {
      ContentEngine.apply(engine.decide(messages: queue, now: instant), to: &queue)
    }
    #expect(!engine.program(of: "top").waiting.isEmpty, "a fire waits behind the message")
    // A message due for the bottom zone after the top one's time is up.
    let later = Self.message(2, zone: "bottom", due: monday + 700)
    queue.append(later)
    let forecast = try #require(engine.forecast(later.id, messages: queue, from: monday + 150))
    #expect(forecast.at == monday + 700)
    #expect(!engine.program(of: "top").waiting.isEmpty, "the engine itself keeps its line")
  }

  /// The daemon's case: the quote of the day stands in the top zone from the start (its last
  /// fire, looking back), and nothing has been decided yet (the board is homing) when a
  /// message for the top zone and then one for the bottom zone come in.
  @Test func aStandingFireBeforeTheFirstDecisionLeavesTheForecastWhole() throws {
    let daily = ScheduleEntry(
      cron: try CronExpression("0 7 * * *"), zone: "top", content: .quoteOfTheDay)
    let rules = ContentRules(
      zones: [Self.top, Self.bottom], schedules: [daily], dwell: 60, timeZone: utc)
    let engine = ContentEngine(rules: rules, now: monday)
    let first = Self.message(1, zone: "top", due: monday)
    let second = Self.message(2, zone: "bottom", due: monday)
    #expect(engine.forecast(first.id, messages: [first], from: monday + 6)?.at == monday + 6)
    let forecast = engine.forecast(second.id, messages: [first, second], from: monday + 6)
    #expect(forecast?.at == monday + 6)
  }
}
