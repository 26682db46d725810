import ClackContent
import ClackCore
import Foundation
import Synchronization

/// The live sources' latest readings (docs/sources.md): written by the fetchers and by
/// webhooks, read when a page is drawn. Behind a lock, so a fetch landing never waits for
/// the display loop, and the loop reads a whole snapshot at once.
public final class SourceBook: Sendable {
  fileprivate let readings = Mutex<SourceSnapshot>([:])

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
