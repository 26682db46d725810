import ClackCore
import Foundation

/// A rectangle of the board fed by its own messages and schedule. `main` is the whole board
/// when a config names no zones.
public struct ZoneSpec: Sendable, Hashable {
  public var name: String
  public var row: Int
  public var col: Int
  public var rows: Int
  public var cols: Int

  public init(name: String, row: Int, col: Int, rows: Int, cols: Int) {
    self.name = name
    self.row = row
    self.col = col
    self.rows = rows
    self.cols = cols
  }
}

/// What a schedule entry puts on its zone.
public enum ScheduledContent: Sendable, Hashable {
  case quoteOfTheDay
  /// The time, re-drawn at each fire (a `* * * * *` entry makes a minute clock).
  case clock(format: String)
  case text(String)
}

/// "At these times, show this": a cron expression in the board's time zone.
public struct ScheduleEntry: Sendable, Hashable {
  public var cron: CronExpression
  public var zone: String
  public var content: ScheduledContent
  /// How the board changes to it; nil is the configured default.
  public var transition: TransitionSpec?
  /// The script its text is shown in; nil is the board's script at the time.
  public var script: RunicScript?

  public init(
    cron: CronExpression, zone: String = "main", content: ScheduledContent,
    transition: TransitionSpec? = nil, script: RunicScript? = nil
  ) {
    self.cron = cron
    self.zone = zone
    self.content = content
    self.transition = transition
    self.script = script
  }
}

/// A daily stretch without motion, in local minutes after midnight; it may wrap past
/// midnight (22:00–07:00).
public struct QuietHours: Sendable, Hashable {
  public var startMinute: Int
  public var endMinute: Int

  public init(startMinute: Int, endMinute: Int) {
    self.startMinute = startMinute
    self.endMinute = endMinute
  }

  /// The first time after `instant` at which quiet hours begin or end (nil when they never
  /// do: start and end the same).
  public func nextBoundary(after instant: Date, in zone: TimeZone) -> Date? {
    guard startMinute != endMinute else { return nil }
    return [nextStart(after: instant, in: zone), nextEnd(after: instant, in: zone)].min()
  }

  /// The first time after `instant` at which quiet hours end.
  public func nextEnd(after instant: Date, in zone: TimeZone) -> Date {
    Self.next(minute: endMinute, after: instant, in: zone)
  }

  func nextStart(after instant: Date, in zone: TimeZone) -> Date {
    Self.next(minute: startMinute, after: instant, in: zone)
  }

  /// The next local time `minute` after midnight, through daylight-saving changes (a time
  /// that does not exist that day comes at the next one that does).
  private static func next(minute: Int, after instant: Date, in zone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar.nextDate(
      after: instant, matching: DateComponents(hour: minute / 60, minute: minute % 60),
      matchingPolicy: .nextTime) ?? instant.addingTimeInterval(86_400)
  }

  public func contains(_ instant: Date, in zone: TimeZone) -> Bool {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.hour, .minute], from: instant)
    let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    if startMinute == endMinute { return false }
    return startMinute < endMinute
      ? (startMinute..<endMinute).contains(minute)
      : minute >= startMinute || minute < endMinute
  }
}

/// Everything the content engine decides by.
public struct ContentRules: Sendable {
  public var zones: [ZoneSpec]
  public var schedules: [ScheduleEntry]
  public var quietHours: QuietHours?
  /// The least time a message stays before a newer normal one replaces it (urgent ones
  /// do not wait).
  public var dwell: TimeInterval
  public var timeZone: TimeZone

  public init(
    zones: [ZoneSpec], schedules: [ScheduleEntry] = [], quietHours: QuietHours? = nil,
    dwell: TimeInterval = 60, timeZone: TimeZone = .current
  ) {
    self.zones = zones
    self.schedules = schedules
    self.quietHours = quietHours
    self.dwell = dwell
    self.timeZone = timeZone
  }
}
