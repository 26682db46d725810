import ClackCore
import Foundation

/// When a field's text next changes: what an entry with the `on_change` cadence comes due at.
/// A page is drawn as of whole minutes, so a change is the first whole minute (or later
/// boundary) at which the text differs from the text now.
extension PageField {
  /// The first instant after `instant` at which the field's text differs from its text at
  /// `instant`; nil when it never changes again (a countdown that has ended, a pattern with
  /// no date or time in it).
  public func nextChange(after instant: Date, in timeZone: TimeZone) -> Date? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    switch self {
    case .source(_, _, _, let rotate?):
      // The next turn of the rotation (the list's length is the data's to say).
      let minutes = Double(max(1, rotate))
      return Date(
        timeIntervalSince1970: ((instant.timeIntervalSince1970 / 60 / minutes).rounded(.down) + 1)
          * minutes * 60)
    case .source, .sourceAge:
      // A source's value changes when its data come (`ContentEngine.sourcesChanged`), not
      // with the time; a stale one's age is redrawn with the page each minute on show.
      return nil
    case .quote, .author:
      // The quote of the day is picked by the local date.
      return Self.nextMidnight(after: instant, calendar)
    case .time(let format):
      return Self.nextChange(of: format, after: instant, calendar)
    case .countdown(let target, let unit):
      guard let end = calendar.date(from: target), end > instant else { return nil }
      let left = Self.countdown(to: target, unit: unit, at: instant, in: timeZone)
      guard left > 0 else { return nil }
      switch unit {
      case .minutes: return Self.nextMinute(after: instant)
      case .hours:
        // It reads `left` until fewer than `left` whole hours remain.
        return Self.nextMinute(after: end - TimeInterval(left) * 3600)
      case .days: return Self.nextMidnight(after: instant, calendar)
      }
    }
  }

  /// The next whole minute after `instant` (every zone in use is offset by whole minutes).
  static func nextMinute(after instant: Date) -> Date {
    Date(timeIntervalSince1970: ((instant.timeIntervalSince1970 / 60).rounded(.down) + 1) * 60)
  }

  static func nextMidnight(after instant: Date, _ calendar: Calendar) -> Date {
    let today = calendar.startOfDay(for: instant)
    return calendar.date(byAdding: .day, value: 1, to: today) ?? instant + 86_400
  }

  /// The smallest unit a date pattern shows decides the boundaries to try; a pattern whose
  /// smallest unit is the day (`MMM`, `yyyy`) is tried day by day until its text differs.
  private static func nextChange(of format: String, after instant: Date, _ calendar: Calendar)
    -> Date?
  {
    switch DatePatternUnit(format) {
    case nil: return nil
    case .minute: return nextMinute(after: instant)
    case .hour:
      return calendar.nextDate(
        after: instant, matching: DateComponents(minute: 0, second: 0),
        matchingPolicy: .nextTime)
    case .day:
      let formatter = LocalTimeFormat.formatter(format, in: calendar.timeZone)
      let now = formatter.string(from: instant)
      var day = instant
      // A year of days covers every pattern made of calendar fields.
      for _ in 0..<367 {
        day = nextMidnight(after: day, calendar)
        if formatter.string(from: day) != now { return day }
      }
      return nil
    }
  }
}

/// The smallest unit of time a `DateFormatter` pattern shows (seconds count as minutes: a page
/// is drawn once a minute). Nil for a pattern of literals only.
enum DatePatternUnit: Comparable {
  case minute, hour, day

  init?(_ pattern: String) {
    var smallest: DatePatternUnit?
    var quoted = false
    for character in pattern {
      if character == "'" {
        quoted.toggle()
        continue
      }
      guard !quoted, let unit = Self.unit(of: character) else { continue }
      smallest = min(smallest ?? unit, unit)
    }
    guard let smallest else { return nil }
    self = smallest
  }

  private static func unit(of letter: Character) -> DatePatternUnit? {
    switch letter {
    case "m", "s", "S", "A": .minute
    case "H", "h", "k", "K", "a", "b", "B", "j", "J", "C": .hour
    case _ where letter.isASCII && letter.isLetter: .day
    default: nil
    }
  }
}
