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
    var quietOnTheWay = false
    var ahead = 0
    guard let message = messages.first(where: { $0.id == id }) else { return nil }
    let zone = message.zone
    let bypass = message.bypassQuietHours
    let queue = forecastQueue(for: message, in: messages, from: now)
    // Each step passes one change (a dwell ending, a message due, quiet hours ending): a
    // thousand is more than a queue needs; fewer when each step looks at many messages, so
    // that no forecast costs more than about 200,000 looks at a message (a few milliseconds).
    let steps = min(1_000, max(50, 200_000 / max(1, queue.count)))
    return engine.playForward(messages: queue, from: now, horizon: horizon, steps: steps) {
      engine, decision, queue, instant in
      if engine.current.values.contains(where: { $0.source.messageID == id }) {
        return Forecast(at: instant, heldByQuietHours: quietOnTheWay, ahead: ahead)
      }
      ahead += decision.started.count { started in
        queue.contains { $0.id == started && $0.zone == zone }
      }
      quietOnTheWay = quietOnTheWay || (decision.quiet && !bypass)
      return nil
    }
  }

  /// The messages that can come before `message`. One due from `now` on and not pinned shows
  /// before every older one of its zone that is neither urgent nor allowed through quiet
  /// hours (the newest goes first, and a pinned one waits for the rest), and other zones
  /// cannot hold it back, so those are left out: what can still come first is an urgent one,
  /// one that bypasses quiet hours while they hold, a newer one, and the one on show now for
  /// the rest of its time. With thousands queued, that is a handful. Any other message is
  /// forecast over the whole queue: until it is due, other zones' changes are instants at
  /// which its zone decides again (a pinned message's next turn starts at one).
  func forecastQueue(for message: Message, in messages: [Message], from now: Date) -> [Message] {
    let zone = message.zone
    let onShow = current[zone]?.source.messageID
    guard !message.pinned, message.notBefore <= now else { return messages }
    let order = (message.createdAt, message.id)
    return messages.filter { other in
      other.zone == zone
        && (other.id == message.id || other.id == onShow || other.state == .showing
          || other.priority == .urgent || other.bypassQuietHours
          || (other.createdAt, other.id) > order)
    }
  }

  /// When run-of-show entry `index` next goes on show (now, if it is on show), playing the
  /// rules forward over the queue as it stands: messages first, then the entries due before
  /// it, each for its dwell. Nil when it would not show within `horizon`.
  public func forecast(
    entry index: Int, messages: [Message], from now: Date, horizon: TimeInterval = 86_400
  ) -> Date? {
    guard rules.schedules.indices.contains(index) else { return nil }
    let zone = rules.schedules[index].zone
    // A minute clock makes a step a minute: a day of them, and then some.
    return playForward(messages: messages, from: now, horizon: horizon, steps: 3_000) {
      _, decision, _, instant in
      if case .scheduled(index, _) = decision.zones[zone] ?? .idle { return instant }
      return nil
    }
  }

  /// Decides on a copy of the engine at `now` and at each next instant anything can change,
  /// the queue's states following the decisions, until `found` makes something of a decision
  /// (it sees the engine, the decision, the queue before the decision is applied, and the
  /// instant). Nil past `horizon`, or after `steps` decisions.
  func playForward<Found>(
    messages: [Message], from now: Date, horizon: TimeInterval, steps: Int,
    _ found: (ContentEngine, ContentDecision, [Message], Date) -> Found?
  ) -> Found? {
    var engine = self
    var messages = messages
    var instant = now
    for _ in 0..<steps {
      let decision = engine.decide(messages: messages, now: instant)
      if let result = found(engine, decision, messages, instant) { return result }
      Self.apply(decision, to: &messages)
      guard let next = engine.nextStep(after: instant, messages: messages), next <= now + horizon
      else { return nil }
      instant = next
    }
    return nil
  }

  /// The queue after a decision: what finished is shown, what an urgent one interrupted is
  /// queued again, what started is showing.
  static func apply(_ decision: ContentDecision, to messages: inout [Message]) {
    for position in messages.indices {
      let message = messages[position].id
      if decision.finished.contains(message) { messages[position].state = .shown }
      if decision.interrupted.contains(message) { messages[position].state = .queued }
      if decision.started.contains(message) { messages[position].state = .showing }
    }
  }

  /// The next instant after `instant` at which anything can change: a message due or
  /// expiring, or a change of the engine's own.
  func nextStep(after instant: Date, messages: [Message]) -> Date? {
    var next = nextChange(after: instant)
    func consider(_ time: Date) {
      if time > instant, next.map({ time < $0 }) ?? true { next = time }
    }
    for message in messages {
      consider(message.notBefore)
      if !message.pinned { consider(message.expiresAt) }
    }
    return next
  }
}
