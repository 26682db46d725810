import Foundation

/// Entries shown `while` a live source holds something (`ScheduleCadence.holds`): a
/// "starting soon" page that takes its zone for the minutes before an event.
extension ContentEngine {
  /// Finds which entries shown `while` a source holds something hold at `now`, from the
  /// sources' latest readings. Called before each decision; one that starts holding is on
  /// show from `now`, one that stops gives its zone back at the next decision.
  public mutating func observe(_ readings: SourceSnapshot, now: Date) {
    for (index, entry) in rules.schedules.enumerated() {
      guard let condition = entry.condition else { continue }
      if condition.holds(in: readings) {
        if holding[index] == nil { holding[index] = now }
      } else {
        holding[index] = nil
      }
    }
  }

  /// The entries whose condition holds now, by index.
  public var holdingEntries: Set<Int> { Set(holding.keys) }

  /// What takes `zone` among the entries of `priority` whose condition holds: the one on show
  /// stays; else the one that began holding first, then the first in the run of show. Drawn
  /// as of when it began, or as of the minute when it shows the time.
  func takeover(
    of zone: String, from priority: EntryPriority, _ previous: ZoneShowing?, now: Date
  ) -> ZoneSource? {
    let candidates = holding.filter { index, _ in
      rules.schedules.indices.contains(index) && rules.schedules[index].zone == zone
        && rules.schedules[index].priority == priority
    }
    guard let first = candidates.min(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else {
      return nil
    }
    var index = first.key
    if case .scheduled(let shown, _) = previous?.source, candidates[shown] != nil {
      index = shown
    }
    let since = candidates[index] ?? now
    let asOf = refreshes(index) ? ZoneProgram.minute(of: now, since: since) : since
    return .scheduled(index: index, firedAt: asOf)
  }

  /// True when `source` is an entry shown while its source holds something (of `priority`,
  /// when given).
  func takesOver(_ source: ZoneSource, from priority: EntryPriority? = nil) -> Bool {
    guard case .scheduled(let index, _) = source, holding[index] != nil,
      rules.schedules.indices.contains(index)
    else { return false }
    return priority.map { rules.schedules[index].priority == $0 } ?? true
  }
}
