import ClackCore
import Foundation

/// What a zone shows, and why.
public enum ZoneSource: Sendable, Hashable {
  /// A message: urgent, or the newest for the zone.
  case message(Int64)
  /// A pinned message (pinned ones take turns, a dwell each).
  case pinned(Int64)
  /// Schedule entry `index` of the rules, fired at `firedAt`.
  case scheduled(index: Int, firedAt: Date)
  /// Nothing to show: the zone keeps its last frame and does not move.
  case idle

  var messageID: Int64? {
    switch self {
    case .message(let id), .pinned(let id): id
    default: nil
    }
  }
}

/// One decision: each zone's source, and the messages that started or stopped showing.
public struct ContentDecision: Sendable, Hashable {
  public var zones: [String: ZoneSource]
  /// Zones whose source changed (the ones to redraw).
  public var changed: [String]
  public var started: [Int64]
  /// Messages that left the board for good (shown).
  public var finished: [Int64]
  /// Urgent messages among `finished` whose time on show is over.
  public var ended: [Int64] = []
  /// Messages an urgent one took off the board before their time was up: they are queued
  /// again and come back after it, unless something newer comes first.
  public var interrupted: [Int64] = []
  /// True during quiet hours: only messages that bypass them may move the board.
  public var quiet: Bool
}

/// What a zone shows, since when, and for how long it holds the zone (a message's own
/// `duration` or the dwell; nothing for scheduled content and idle).
public struct ZoneShowing: Sendable, Hashable {
  public var source: ZoneSource
  public var since: Date
  public var hold: TimeInterval

  /// True while the message on show keeps its zone.
  func holds(at now: Date) -> Bool { source.messageID != nil && now < since + hold }
}

/// Decides what each zone shows, in this order: an urgent message (oldest first), which
/// preempts at once, holds the zone for its `duration` (else the dwell) and then ends as
/// shown; an entry of priority high shown `while` its source holds something; the newest
/// message for the zone (once the one showing has had its time); pinned messages in turn; an
/// entry of priority normal shown `while` its source holds something; the latest scheduled
/// content; otherwise idle — the last frame stays and nothing flips. A message an urgent one
/// or an entry of priority high interrupts comes back after it. In quiet hours nothing
/// changes except for messages that bypass them. Time is passed in, so a test runs
/// days of schedule in milliseconds.
public struct ContentEngine: Sendable {
  public private(set) var rules: ContentRules
  public private(set) var current: [String: ZoneShowing] = [:]
  /// Each zone's run of show.
  var programs: [String: ZoneProgram] = [:]
  private var checkedUpTo: Date
  /// `quiet on|off` from a person: held until the configured quiet hours next begin or end.
  private var quietOverride: (quiet: Bool, scheduledWhenSet: Bool)?
  /// Urgent messages whose time on show is over (until they leave the queue).
  private var ended: Set<Int64> = []
  /// Zones whose scheduled content is to be drawn again though it is the same entry as of
  /// the same instant: a live source it reads brought new data (`sourcesChanged`).
  var redraw: Set<String> = []
  /// Entries shown `while` a source holds something whose condition holds, since when
  /// (`observe`).
  var holding: [Int: Date] = [:]

  /// Starts at `now`, looking back a day for the latest fire of each schedule, so a board
  /// started at noon shows the quote that fired at 07:00.
  public init(rules: ContentRules, now: Date) {
    self.rules = rules
    checkedUpTo = now.addingTimeInterval(-86_400)
    advanceSchedules(to: now, lookingBack: true)
  }

  /// Decides at `now` from the queue's messages (inactive ones are passed over).
  public mutating func decide(messages: [Message], now: Date) -> ContentDecision {
    advanceSchedules(to: now)
    // An ended one is forgotten once it leaves the queue or is marked shown (a pinned one then
    // takes its turns with the others).
    ended = ended.filter { id in messages.contains { $0.id == id && $0.state != .shown } }
    let scheduled = scheduledQuiet(at: now)
    if let held = quietOverride, held.scheduledWhenSet != scheduled { quietOverride = nil }
    let quiet = quietOverride?.quiet ?? scheduled
    var decision = ContentDecision(
      zones: [:], changed: [], started: [], finished: [], quiet: quiet)
    for zone in rules.zones {
      // Positions in `messages`, not copies: a decision looks at each message once.
      let eligible = messages.indices.filter {
        messages[$0].zone == zone.name && messages[$0].isActive(at: now)
          && (!quiet || messages[$0].bypassQuietHours)
      }
      let previous = current[zone.name]
      let next =
        quiet && eligible.isEmpty
        ? previous?.source ?? .idle
        : choose(zone.name, messages, eligible, previous, now: now, quiet: quiet)
      decision.zones[zone.name] = next
      // A message, or an entry taking the zone while its source holds, ends the turn of the
      // entry on show: the run of show goes on after it.
      if next.messageID != nil || takesOver(next) {
        programs[zone.name, default: ZoneProgram()].interrupt()
      }
      guard next != previous?.source else {
        // New data for what it shows: drawn again, unless quiet hours hold it (then after).
        if !quiet, case .scheduled = next, redraw.remove(zone.name) != nil {
          decision.changed.append(zone.name)
        }
        continue
      }
      redraw.remove(zone.name)
      let nextMessage = eligible.lazy.map { messages[$0] }.first { $0.id == next.messageID }
      current[zone.name] = ZoneShowing(
        source: next, since: now, hold: nextMessage.map(hold(of:)) ?? 0)
      decision.changed.append(zone.name)
      if let previous, let id = previous.source.messageID, id != next.messageID {
        let shown = messages.first { $0.id == id }
        if nextMessage?.priority == .urgent || takesOver(next, from: .high),
          previous.holds(at: now), let shown,
          shown.priority == .normal, !shown.pinned
        {
          decision.interrupted.append(id)
        } else {
          decision.finished.append(id)
          if ended.contains(id) { decision.ended.append(id) }
        }
      }
      if let id = next.messageID, id != previous?.source.messageID { decision.started.append(id) }
    }
    return decision
  }

  /// The message on show in `zone` is seen whole only `seconds` after it started (a pixel
  /// board's transition, a long line scrolling by): its time on show counts from then.
  public mutating func delayHold(zone: String, by seconds: TimeInterval) {
    guard var showing = current[zone], showing.source.messageID != nil, seconds > 0 else {
      return
    }
    showing.hold += seconds
    current[zone] = showing
  }

  /// Drops the schedule entries (a forecast of messages needs none; an entry taking the zone
  /// while its source holds goes too, as how long that lasts is the source's to say).
  mutating func withoutSchedules() {
    rules.schedules = []
    holding = [:]
    // The zones' programs name entries (fires waiting their turn, the one on show): with the
    // entries gone, they would name none.
    programs = [:]
  }

  /// How long `message` holds its zone once shown.
  public func hold(of message: Message) -> TimeInterval { message.duration ?? rules.dwell }

  /// The next time after `now` at which time alone can change a decision: a message's time on
  /// show ending, a schedule firing, quiet hours beginning or ending. (When messages become
  /// due or expire is the queue's to say.) Nil when nothing is ahead.
  public func nextChange(after now: Date) -> Date? {
    var times: [Date] = []
    for entry in current.values where entry.holds(at: now) {
      times.append(entry.since + entry.hold)
    }
    for schedule in rules.schedules {
      if let fire = schedule.nextFire(after: now, in: rules.timeZone) {
        times.append(fire)
      }
    }
    for program in programs.values {
      if let change = program.nextChange(after: now, refreshes: refreshes) { times.append(change) }
    }
    // An entry taking a zone while its source holds is drawn again each minute if it shows
    // the time.
    for showing in current.values {
      if case .scheduled(let index, _) = showing.source, holding[index] != nil, refreshes(index) {
        times.append(ZoneProgram.nextMinute(after: now))
      }
    }
    if let boundary = rules.quietHours?.nextBoundary(after: now, in: rules.timeZone) {
      times.append(boundary)
    }
    return times.min()
  }

  /// Holds the board quiet (or lets it move) from `now` until the configured quiet hours
  /// next begin or end; with none configured, until told otherwise.
  public mutating func overrideQuiet(_ quiet: Bool, now: Date) {
    quietOverride = (quiet, scheduledQuiet(at: now))
  }

  /// Takes new rules (a reloaded config) over the same zones, keeping what messages show and
  /// for how long. Scheduled content is decided afresh from the new schedules, looking back a
  /// day as at start: an index into the old list means nothing in the new one.
  public mutating func reconfigure(rules newRules: ContentRules, now: Date) {
    precondition(newRules.zones == rules.zones, "reconfigure keeps the zones")
    rules = newRules
    for (zone, entry) in current {
      if case .scheduled = entry.source {
        current[zone] = ZoneShowing(source: .idle, since: now, hold: 0)
      }
    }
    programs.removeAll()
    // Indices into the old entries: the next `observe` finds which of the new ones hold.
    holding.removeAll()
    checkedUpTo = now.addingTimeInterval(-86_400)
    advanceSchedules(to: now, lookingBack: true)
  }

  /// Blanks every zone: returns the messages that were on show (the caller marks them shown).
  /// Scheduled content waits for its next fire; pinned messages stay pinned and come back.
  public mutating func clear(now: Date) -> [Int64] {
    var finished: [Int64] = []
    for (zone, entry) in current {
      if let id = entry.source.messageID { finished.append(id) }
      current[zone] = ZoneShowing(source: .idle, since: now, hold: 0)
    }
    programs.removeAll()
    return finished.sorted()
  }

  /// Whether the board is held still at `now`: the configured quiet hours, unless a person's
  /// `quiet on|off` holds until they next begin or end. The same answer `decide` acts on.
  public func isQuiet(at now: Date) -> Bool {
    let scheduled = scheduledQuiet(at: now)
    guard let held = quietOverride, held.scheduledWhenSet == scheduled else { return scheduled }
    return held.quiet
  }

  private func scheduledQuiet(at now: Date) -> Bool {
    rules.quietHours?.contains(now, in: rules.timeZone) ?? false
  }

  private mutating func choose(
    _ zone: String, _ messages: [Message], _ eligible: [Int], _ previous: ZoneShowing?,
    now: Date, quiet: Bool
  ) -> ZoneSource {
    let shown = previous.flatMap { previous in
      eligible.lazy.map { messages[$0] }.first { $0.id == previous.source.messageID }
    }
    let held = previous?.holds(at: now) ?? false
    // An urgent message on show keeps the zone for its time, then ends.
    if let shown, shown.priority == .urgent, !ended.contains(shown.id), shown.state != .shown {
      if held, let previous { return previous.source }
      ended.insert(shown.id)
    }
    // One look at each candidate: the oldest urgent one, the newest one not pinned, and the
    // pinned ones (no sorted copy of the queue: it may hold hundreds).
    var oldestUrgent: Message?
    var newest: Message?
    var pinned: [Int64] = []
    for index in eligible where !ended.contains(messages[index].id) {
      let message = messages[index]
      // Urgent ones in the order they came (a pinned one, once shown, joins the pinned turns).
      if message.priority == .urgent, message.state != .shown,
        oldestUrgent.map({ Self.order(message) < Self.order($0) }) ?? true
      {
        oldestUrgent = message
      }
      if message.pinned {
        pinned.append(message.id)
      } else if newest.map({ Self.order(message) > Self.order($0) }) ?? true {
        newest = message
      }
    }
    if let urgent = oldestUrgent { return .message(urgent.id) }
    if !quiet, let takeover = takeover(of: zone, from: .high, previous, now: now) {
      return takeover
    }
    // A message on show keeps the zone for its time.
    if held, let previous, shown != nil { return previous.source }
    if let newest { return .message(newest.id) }
    pinned.sort()
    if !pinned.isEmpty {
      guard case .pinned(let id) = previous?.source, let at = pinned.firstIndex(of: id) else {
        return .pinned(pinned[0])
      }
      return .pinned(pinned[(at + 1) % pinned.count])  // its time is over: the next one
    }
    if !quiet, let takeover = takeover(of: zone, from: .normal, previous, now: now) {
      return takeover
    }
    if let showing = chooseProgram(zone, now: now) {
      return .scheduled(index: showing.index, firedAt: showing.asOf)
    }
    return previous.map { $0.source.messageID == nil ? $0.source : .idle } ?? .idle
  }

  /// The order messages came in: when they were created, then their id.
  private static func order(_ message: Message) -> (Date, Int64) { (message.createdAt, message.id) }

  /// Records every timed entry's fires between the last check and `now`. Looking back (at
  /// start, or with new rules), only entries that stand until the next fire are recovered: a
  /// page with a dwell that came due while the board was off is not owed a turn.
  private mutating func advanceSchedules(to now: Date, lookingBack: Bool = false) {
    guard now > checkedUpTo else { return }
    for (index, entry) in rules.schedules.enumerated() where !entry.rotates {
      let stands = entry.dwell == nil && rotation(of: entry.zone).isEmpty
      if lookingBack, !stands { continue }
      var instant = checkedUpTo
      // A long gap (a board off for a week) only needs the last fire; cap the walk.
      if now.timeIntervalSince(instant) > 86_400 * 2 {
        instant = now.addingTimeInterval(-86_400 * 2)
      }
      var last: Date?
      while let fire = entry.nextFire(after: instant, in: rules.timeZone), fire <= now {
        last = fire
        instant = fire
      }
      if let last {
        programs[entry.zone, default: ZoneProgram()].fired(index, at: last, stands: stands)
      }
    }
    checkedUpTo = now
  }
}
