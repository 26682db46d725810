import Foundation

/// A `DateFormatter` for fixed patterns (`HH:mm`, `EEE d MMM`): the POSIX locale, so a
/// pattern means the same on every machine whatever its language, in a given time zone.
public enum LocalTimeFormat {
  public static func formatter(_ pattern: String, in timeZone: TimeZone) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = pattern
    return formatter
  }

  /// `instant` written with `pattern` in `timeZone`.
  public static func string(_ instant: Date, _ pattern: String, in timeZone: TimeZone) -> String {
    formatter(pattern, in: timeZone).string(from: instant)
  }
}
