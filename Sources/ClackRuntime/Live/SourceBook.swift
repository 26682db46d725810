import ClackContent
import ClackCore
import Foundation
import Synchronization

/// The live sources' latest readings (docs/sources.md): written by the fetchers and by
/// webhooks, read when a page is drawn. Behind a lock, so a fetch landing never waits for
/// the display loop, and the loop reads a whole snapshot at once.
public final class SourceBook: Sendable {
  fileprivate let readings = Mutex<SourceSnapshot>([:])
  /// Calendar sources' events, whose page data change with the time, and when each next
  /// changes (`CalendarView.nextChange`).
  fileprivate let calendars = Mutex<[String: (view: CalendarView, next: Date?)]>([:])

  public init() {}

  public var snapshot: SourceSnapshot { readings.withLock { $0 } }

  public func reading(of name: String) -> SourceReading? { readings.withLock { $0[name] } }

  /// New data for `name` came at `now`: true when they differ from the last, or the source
  /// was stale (pages that read it are then drawn again).
  @discardableResult
  func receive(_ data: JSONValue, for name: String, at now: Date) -> Bool {
    readings.withLock { readings in
      let before = readings[name] ?? SourceReading()
      let after = before.receiving(data, at: now)
      readings[name] = after
      // A stale source that answers again is fresh: its age mark goes, even if its data stay.
      return after.version != before.version || before.isStale
    }
  }

  /// An attempt for `name` failed: its last good data stay, marked stale with the reason.
  /// True when that is news (it was fresh, or failed otherwise).
  @discardableResult
  func fail(_ name: String, _ problem: String) -> Bool {
    readings.withLock { readings in
      let before = readings[name] ?? SourceReading()
      readings[name] = before.failing(problem)
      return before.problem != problem
    }
  }
}

extension SourceBook {
  /// A fetch found the data unchanged (HTTP 304): they are fresh again, as of `now`. True
  /// when the source was stale.
  @discardableResult
  func confirm(_ name: String, at now: Date) -> Bool {
    readings.withLock { readings in
      guard var reading = readings[name] else { return false }
      let wasStale = reading.isStale
      (reading.problem, reading.updatedAt) = (nil, now)
      readings[name] = reading
      return wasStale
    }
  }
}

extension SourceBook {
  /// A calendar source's events came at `now`: its page data are worked out from them, now
  /// and at each of their changes (`refreshCalendars`). True as for `receive`.
  @discardableResult
  func receive(_ view: CalendarView, for name: String, at now: Date, in timeZone: TimeZone)
    -> Bool
  {
    calendars.withLock { $0[name] = (view, view.nextChange(after: now, in: timeZone)) }
    return receive(view.pageData(at: now, in: timeZone), for: name, at: now)
  }

  /// The calendars whose page data change by `now`, worked out again (the reading's time and
  /// problem stay: no fetch came). The names of those whose data differ.
  func refreshCalendars(at now: Date, in timeZone: TimeZone) -> Set<String> {
    let due = calendars.withLock { calendars in
      calendars.filter { $0.value.next.map { $0 <= now } ?? false }.map { ($0.key, $0.value.view) }
    }
    var changed: Set<String> = []
    for (name, view) in due {
      calendars.withLock { $0[name]?.next = view.nextChange(after: now, in: timeZone) }
      let data = view.pageData(at: now, in: timeZone)
      readings.withLock { readings in
        guard var reading = readings[name], reading.data != data else { return }
        reading.data = data
        reading.version += 1
        readings[name] = reading
        changed.insert(name)
      }
    }
    return changed
  }

  /// When a calendar's page data next change; nil with none.
  var nextCalendarChange: Date? {
    calendars.withLock { $0.values.compactMap(\.next).min() }
  }
}
