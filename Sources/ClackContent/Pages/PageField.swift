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
  /// The field's text at `now`; `quote` is the quote of the day, when the page needs one.
  public func text(at now: Date, in timeZone: TimeZone, quote: Quote?) -> String {
    switch self {
    case .time(let format):
      return LocalTimeFormat.string(now, format, in: timeZone)
    case .countdown(let target, let unit):
      return String(Self.countdown(to: target, unit: unit, at: now, in: timeZone))
    case .quote: return quote?.text ?? ""
    case .author: return quote?.author ?? ""
    }
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
