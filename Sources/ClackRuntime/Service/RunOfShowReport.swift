import ClackContent
import ClackCore
import Foundation

/// The run of show as it stands: every entry, which one each zone shows, which wait and when
/// each shows next; and the pages the config defines.
public struct RunOfShowReport: Sendable {
  public struct Entry: Sendable {
    /// Its place in the run of show (`schedules` first, then `run_of_show`).
    public let index: Int
    public let entry: ScheduleEntry
    /// On show in its zone now (a message taking the zone ends its turn).
    public let onShow: Bool
    /// Its place in the zone's line of entries that came due (1 is next); nil when not in it.
    public let waiting: Int?
    /// When it next goes on show if nothing else arrives (now, when on show); nil when not
    /// within a day.
    public let nextShow: Date?
    /// How long it holds its zone once on show (nil: until the next one comes due).
    public let hold: TimeInterval?
  }

  public let entries: [Entry]
  public let pages: [Page]
  public let now: Date
  public let timeZone: TimeZone
  /// Whether the entries are the config's or a run of show set at run time.
  public internal(set) var source: RunOfShowSource = .config
}

/// A page drawn at a moment, for a preview.
public struct PagePreview: Sendable {
  public let page: Page
  /// The zone it is drawn for: the zone of its first run-of-show entry, else the first zone.
  public let zone: ZoneSpec
  public let at: Date
  public let frame: Frame
  /// The fields' values at `at`.
  public let fields: [String: String]
}
