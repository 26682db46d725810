import Foundation

/// When a queued message will show, if nothing else arrives.
public struct Forecast: Sendable, Hashable {
  /// When the engine will put it on the board.
  public var at: Date
  /// True when quiet hours hold it back on the way.
  public var heldByQuietHours: Bool
  /// Messages of its zone that go on show before it.
  public var ahead: Int
}

extension ContentEngine {
  /// Plays the rules forward from `now` over the queue as it stands (`messages`, the active
  /// ones) until message `id` goes on show, so an estimate follows the same rules as the
  /// board: urgent ones first and their time on show, dwells, `not_before`, expiry and quiet
  /// hours. Nil when it would not show within `horizon`: a newer message for its zone takes
  /// its place, or it expires first.
  public func forecast(
    _ id: Int64, messages: [Message], from now: Date, horizon: TimeInterval = 8 * 86_400
  ) -> Forecast? {
    var engine = self
    // Scheduled content never holds a message back; leaving it out keeps a minute clock from
    // turning a night's forecast into hundreds of steps.
    engine.withoutSchedules()
    var messages = messages
    var instant = now
    var quietOnTheWay = false
    var ahead = 0
    let message = messages.first { $0.id == id }
    let zone = message?.zone
    let bypass = message?.bypassQuietHours ?? false
    // Each step passes one change (a dwell ending, a message due, quiet hours ending); a
    // queue never needs anywhere near this many.
    for _ in 0..<1_000 {
      let decision = engine.decide(messages: messages, now: instant)
      if engine.current.values.contains(where: { $0.source.messageID == id }) {
        return Forecast(at: instant, heldByQuietHours: quietOnTheWay, ahead: ahead)
      }
      ahead += decision.started.count { started in
        messages.contains { $0.id == started && $0.zone == zone }
      }
      quietOnTheWay = quietOnTheWay || (decision.quiet && !bypass)
      for index in messages.indices {
        let message = messages[index].id
        if decision.finished.contains(message) { messages[index].state = .shown }
        if decision.interrupted.contains(message) { messages[index].state = .queued }
        if decision.started.contains(message) { messages[index].state = .showing }
      }
      var times = messages.flatMap { message in
        [message.notBefore, message.pinned ? .distantFuture : message.expiresAt]
      }
      if let change = engine.nextChange(after: instant) { times.append(change) }
      guard let next = times.filter({ $0 > instant }).min(), next <= now + horizon else {
        return nil
      }
      instant = next
    }
    return nil
  }
}
