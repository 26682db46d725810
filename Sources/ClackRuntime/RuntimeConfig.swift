import ClackContent
import ClackCore
import Foundation

/// What the runtime decides by: zones and who writes to them, schedules, quiet hours, dwell,
/// the time zone, sender limits and the default transition. Every field has a default, so a
/// board needs no config at all (docs/config.md). The daemon's config adds what only the
/// composition and the faces need (board file, listener, MQTT, HTTP limits).
public struct RuntimeConfig: Sendable {
  public var timeZone = TimeZone.current
  /// The least time a message stays on show before a newer one replaces it.
  public var dwell: TimeInterval = 60
  public var quietHours: QuietHours?
  /// Zones; empty means one zone, `main`, covering the whole board.
  public var zones: [ZoneSpec] = []
  /// Which zone a sender's messages go to when they name none.
  public var senderZones: [String: String] = [:]
  /// The run of show: entries at set times (`schedules`, and timed `run_of_show` entries)
  /// and in rotation (docs/content.md).
  public var schedules: [ScheduleEntry] = RuntimeConfig.defaultSchedules
  /// The pages the config defines, whether the run of show uses them or not (a page can be
  /// previewed before it goes up).
  public var pages: [Page] = []
  /// The live sources pages read (docs/sources.md).
  public var sources: [SourceSpec] = []
  public var senderPolicy = SenderPolicy()
  /// The transition used when a message or schedule entry names none.
  public var defaultTransition = TransitionSpec(kind: .fastest)
  /// A pixel board changes pictures at once (no scroll, wipe or flap look-alike); long lines
  /// still scroll, as they cannot be read otherwise.
  public var reduceMotion = false
  /// Content due at an instant (a clock page's next minute, an entry coming due) starts
  /// early, by the planner's forecast of the move, so its last flap settles at the instant;
  /// false starts it at the instant, as most split-flap clocks do.
  public var landOnTime = true
  /// The script text is shown in when a message or schedule entry names none, until one is
  /// set at run time (which is kept in the store and wins from then on). Nil is Latin, or on
  /// a board without Latin letters (a rune flap set) the first script it can show.
  public var script: RunicScript?

  public init() {}

  /// Quote of the day at 07:00 every day: what a board with no config shows.
  public static let defaultSchedules = [
    ScheduleEntry(
      cron: try! CronExpression("0 7 * * *"),  // safe: a constant, parsed by RuntimeConfigTests
      content: .quoteOfTheDay)
  ]

  /// The zones to run: the configured ones, or `main` covering the board.
  public func resolvedZones(rows: Int, cols: Int) -> [ZoneSpec] {
    zones.isEmpty ? [ZoneSpec(name: "main", row: 0, col: 0, rows: rows, cols: cols)] : zones
  }
}
