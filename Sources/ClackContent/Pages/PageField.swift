import ClackCore
import Foundation

/// A value a page shows, worked out at the moment it is drawn, in the board's time zone.
public enum PageField: Sendable, Hashable {
  /// The time or date in a `DateFormatter` pattern (`HH:mm`, `EEE d MMM`), upper-cased as
  /// flaps show it.
  case time(format: String)
  /// Whole days, hours or minutes left until a local date and time (0 once it has passed).
  case countdown(to: DateComponents, unit: CountdownUnit)
  /// The quote of the day's text, and its author.
  case quote
  case author
  /// A value from a live source's data (docs/sources.md), picked by a path; `fallback` while
  /// there is none (before the source's first data, or a path not in it). With `rotate`
  /// (whole minutes), a list (`items[*].title`) shows one item at a time, the next each
  /// `rotate` minutes: headlines in turn.
  case source(String, path: JSONPath, fallback: String = "", rotate: Int? = nil)
  /// How old a source's data is once its latest attempt failed (`12M`, `3H`, `2D`); nothing
  /// while it is fresh. What a template shows to mark a stale value.
  case sourceAge(String)

  /// The fields every page has.
  public static let builtIn: [String: PageField] = [
    "time": .time(format: "HH:mm"),
    "date": .time(format: "EEE d MMM"),
    "weekday": .time(format: "EEEE"),
    "quote": .quote,
    "author": .author,
  ]
}

/// What a countdown counts.
public enum CountdownUnit: String, Sendable, Hashable, CaseIterable {
  /// Calendar days to the date (midnight to midnight), as "days to Christmas" is meant.
  case days
  case hours
  case minutes
}

extension PageField {
  /// The live source it reads, if any.
  public var sourceName: String? {
    switch self {
    case .source(let name, _, _, _), .sourceAge(let name): name
    default: nil
    }
  }

  /// True when its text can change with the time alone (every field but a source's value
  /// that does not rotate).
  public var dependsOnTime: Bool {
    if case .source(_, _, _, let rotate) = self { rotate != nil } else { true }
  }

  /// The field's text at `now`; `quote` is the quote of the day, when the page needs one;
  /// `sources`, the live sources' latest readings.
  public func text(
    at now: Date, in timeZone: TimeZone, quote: Quote?, sources: SourceSnapshot = [:]
  ) -> String {
    switch self {
    case .time(let format):
      return LocalTimeFormat.string(now, format, in: timeZone)
    case .countdown(let target, let unit):
      return String(Self.countdown(to: target, unit: unit, at: now, in: timeZone))
    case .quote: return quote?.text ?? ""
    case .author: return quote?.author ?? ""
    case .source(let name, let path, let fallback, let rotate):
      guard let data = sources[name]?.data, let value = path.value(in: data) else {
        return fallback
      }
      guard let rotate, case .array(let items) = value else { return value.pageText }
      guard !items.isEmpty else { return fallback }
      return items[Self.turn(at: now, every: rotate) % items.count].pageText
    case .sourceAge(let name):
      guard let reading = sources[name], reading.isStale else { return "" }
      guard let updated = reading.updatedAt else { return "?" }
      return Self.age(now.timeIntervalSince(updated))
    }
  }

  /// Which turn of a rotation of `every` minutes `now` is in: counted in whole minutes from
  /// 1970, so the turns fall on the same minutes whenever the page is drawn.
  static func turn(at now: Date, every minutes: Int) -> Int {
    max(0, Int((now.timeIntervalSince1970 / 60).rounded(.down))) / max(1, minutes)
  }

  /// An age in its largest whole unit: `12M`, `3H`, `2D`.
  static func age(_ seconds: TimeInterval) -> String {
    let minutes = max(0, Int(seconds / 60))
    if minutes < 60 { return "\(minutes)M" }
    if minutes < 1440 { return "\(minutes / 60)H" }
    return "\(minutes / 1440)D"
  }

  /// Units left until `target` (local), rounded down; 0 once it has come.
  static func countdown(
    to target: DateComponents, unit: CountdownUnit, at now: Date, in timeZone: TimeZone
  ) -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    guard let end = calendar.date(from: target), end > now else { return 0 }
    switch unit {
    case .days:
      let today = calendar.startOfDay(for: now)
      return calendar.dateComponents([.day], from: today, to: calendar.startOfDay(for: end)).day
        ?? 0
    case .hours: return Int(end.timeIntervalSince(now) / 3600)
    case .minutes: return Int(end.timeIntervalSince(now) / 60)
    }
  }
}
