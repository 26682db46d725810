import ClackContent
import Foundation

/// Live sources reaching the board.
extension Display {
  /// Sources `names` brought new data: pages that read them are drawn again now, and
  /// `on_change` entries that show them come due (`ContentEngine.sourcesChanged`).
  func sourcesChanged(_ names: Set<String>) {
    engine.sourcesChanged(names, now: clock.now())
    dirty = true
    wake.signal()
  }

  /// Calendars whose page data change by `now` (an event starting or ending, midnight) are
  /// worked out again, and pages that read them drawn again.
  func refreshCalendars(now: Date) {
    let changed = sources.refreshCalendars(at: now, in: config.timeZone)
    guard !changed.isEmpty else { return }
    engine.sourcesChanged(changed, now: now)
    dirty = true
    for name in changed.sorted() {
      events.publish(
        .source(
          name: name, stale: sources.reading(of: name)?.isStale ?? false,
          problem: sources.reading(of: name)?.problem))
    }
  }
}
