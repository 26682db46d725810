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
  /// The time, re-drawn at each fire and at each minute while on show.
  case clock(format: String)
  case text(String)
  /// A page: a template and the fields that fill it, re-drawn at each minute while on show
  /// when a field depends on the time.
  case page(Page)

  /// True when what it shows changes with the time, so it is drawn again each minute while
  /// it is on show (a live update: it replaces itself in place).
  public var refreshes: Bool {
    switch self {
    case .clock: true
    case .page(let page): page.dependsOnTime
    case .quoteOfTheDay, .text: false
    }
  }

  /// The live sources it reads (a page's source fields).
  public var sources: Set<String> {
    if case .page(let page) = self { page.sources } else { [] }
  }

  /// True when what it shows can change (with the time, or with a source's data): what
  /// `on_change` needs.
  public var changes: Bool { refreshes || !sources.isEmpty }

  /// The first instant after `instant` at which it shows something else (the next minute of
  /// a clock, the next day's quote); nil for fixed text.
  public func nextDataChange(after instant: Date, in timeZone: TimeZone) -> Date? {
    switch self {
    case .quoteOfTheDay: PageField.quote.nextChange(after: instant, in: timeZone)
    case .clock(let format): PageField.time(format: format).nextChange(after: instant, in: timeZone)
    case .text: nil
    case .page(let page): page.nextDataChange(after: instant, in: timeZone)
    }
  }
}

/// When a run-of-show entry comes due.
public enum ScheduleCadence: Sendable, Hashable {
  /// At the times of a cron expression, in the board's time zone.
  case cron(CronExpression)
  /// Every N minutes counted from local midnight (every 15: :00, :15, :30, :45).
  case every(minutes: Int)
  /// Not at set times: it takes its turn in the zone's rotation.
  case rotation
  /// When what it shows changes: a clock page at each minute, a page of the date at
  /// midnight, a countdown in days once a day (`ScheduledContent.nextDataChange`), a page of
  /// a live source when its data change (`ContentEngine.sourcesChanged`).
  case onChange
  /// Not at set times: it takes its zone while a live source has something at a path (a
  /// calendar's event starting soon), ahead of the rotation and the entries that came due,
  /// and gives it back when that ends (`ContentEngine.observe`).
  case holds(SourceCondition)

  /// The first time strictly after `instant` at which it comes due, for a cadence of set
  /// times (nil for the rotation, for `holds`, which the sources decide, and for `onChange`,
  /// which needs the content: `ScheduleEntry.nextFire`).
  public func nextFire(after instant: Date, in zone: TimeZone) -> Date? {
    switch self {
    case .cron(let cron): return cron.nextFire(after: instant, in: zone)
    case .rotation, .onChange, .holds: return nil
    case .every(let minutes):
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      let midnight = calendar.startOfDay(for: instant)
      let step = TimeInterval(minutes * 60)
      let next = midnight + step * ((instant.timeIntervalSince(midnight) / step).rounded(.down) + 1)
      let tomorrow = calendar.date(byAdding: .day, value: 1, to: midnight) ?? next
      return min(next, tomorrow)
    }
  }
}

/// "At these times (or in turn), show this": an entry of the run of show. `schedules` in the
/// config are entries at cron times with no dwell: each stays until the next fires.
public struct ScheduleEntry: Sendable, Hashable {
  public var cadence: ScheduleCadence
  public var zone: String
  public var content: ScheduledContent
  /// How the board changes to it; nil is the configured default.
  public var transition: TransitionSpec?
  /// The script its text is shown in; nil is the board's script at the time.
  public var script: RunicScript?
  /// How long it holds the zone before the next entry may take over; nil for an entry at set
  /// times that stays until the next one fires (in a zone that rotates: the zone's dwell).
  public var dwell: TimeInterval?
  /// For an entry shown while a source holds something (`ScheduleCadence.holds`): whether
  /// it takes its zone from messages too.
  public var priority: EntryPriority

  public init(
    cadence: ScheduleCadence, zone: String = "main", content: ScheduledContent,
    transition: TransitionSpec? = nil, script: RunicScript? = nil, dwell: TimeInterval? = nil,
    priority: EntryPriority = .normal
  ) {
    self.cadence = cadence
    self.zone = zone
    self.content = content
    self.transition = transition
    self.script = script
    self.dwell = dwell
    self.priority = priority
  }

  /// An entry at cron times that stays until the next fires.
  public init(
    cron: CronExpression, zone: String = "main", content: ScheduledContent,
    transition: TransitionSpec? = nil, script: RunicScript? = nil
  ) {
    self.init(
      cadence: .cron(cron), zone: zone, content: content, transition: transition, script: script)
  }

  /// The first time strictly after `instant` at which it comes due: its cadence's next time,
  /// or for `onChange` the next change of what it shows. Nil when it never comes due again.
  public func nextFire(after instant: Date, in zone: TimeZone) -> Date? {
    guard cadence == .onChange else { return cadence.nextFire(after: instant, in: zone) }
    return content.nextDataChange(after: instant, in: zone)
  }

  /// The cron expression as written, or `every 15m`, `on change`, `while work.soon` or
  /// `rotation`.
  public var cadenceSource: String {
    switch cadence {
    case .cron(let cron): cron.source
    case .every, .onChange, .holds: cadenceText
    case .rotation: "rotation"
    }
  }

  /// What it shows, in a few words: `page clock`, `quote of the day`, `clock HH:mm`, `text`.
  public var label: String {
    switch content {
    case .quoteOfTheDay: "quote of the day"
    case .clock(let format): "clock \(format)"
    case .text: "text"
    case .page(let page): "page \(page.name)"
    }
  }

  /// The name of the page it shows; nil for built-in content.
  public var pageName: String? {
    if case .page(let page) = content { page.name } else { nil }
  }

  /// True for an entry that takes its turn in the rotation.
  public var rotates: Bool { cadence == .rotation }

  /// Its cadence in a few words: `cron 0 7 * * *`, `every 15m`, `on change`, `in rotation`,
  /// `while work.soon` (`, over messages` at priority high).
  public var cadenceText: String {
    switch cadence {
    case .cron(let cron): "cron \(cron)"
    case .every(let minutes): minutes % 60 == 0 ? "every \(minutes / 60)h" : "every \(minutes)m"
    case .onChange: "on change"
    case .rotation: "in rotation"
    case .holds(let condition):
      "while \(condition)" + (priority == .high ? ", over messages" : "")
    }
  }

  /// Its cadence's kind, as the config names it: `cron`, `every`, `on_change`, `while` or
  /// `rotation`.
  public var cadenceKind: String {
    switch cadence {
    case .cron: "cron"
    case .every: "every"
    case .onChange: "on_change"
    case .holds: "while"
    case .rotation: "rotation"
    }
  }

  /// The condition it is shown while, if it has one.
  public var condition: SourceCondition? {
    if case .holds(let condition) = cadence { condition } else { nil }
  }
}

/// How far an entry shown `while` a source holds something reaches: over the run of show
/// only (`normal`), or over messages too (`high`; urgent messages still come first).
public enum EntryPriority: String, Sendable, Hashable, CaseIterable {
  case normal
  case high
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
