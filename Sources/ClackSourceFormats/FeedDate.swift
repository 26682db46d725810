import Foundation

/// The dates feeds carry: RFC 822 (RSS's `pubDate`, `Tue, 03 Jun 2003 09:39:21 GMT`, with the
/// looseness real feeds have: no weekday, one-digit days, two-digit years, no seconds, zone
/// names) and RFC 3339 (Atom, Dublin Core: `2003-12-13T18:30:02Z`, `…+01:00`, a bare date).
/// Nil for anything else: a feed with an odd date is still read, without that date.
public enum FeedDate {
  public static func parse(_ text: String) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return nil }
    if let first = trimmed.first, first.isNumber, trimmed.count >= 10,
      Array(trimmed)[4] == "-"
    {
      return rfc3339(Array(trimmed))
    }
    return rfc822(trimmed)
  }

  /// `YYYY-MM-DD`, optionally `THH:MM[:SS[.fff]]` and `Z` or `±HH:MM` (no zone: UTC).
  static func rfc3339(_ c: [Character]) -> Date? {
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= c.count else { return nil }
      return Int(String(c[range]))
    }
    guard let year = number(0..<4), c[4] == "-", let month = number(5..<7), c.count >= 10,
      c[7] == "-", let day = number(8..<10)
    else { return nil }
    var hour = 0
    var minute = 0
    var second = 0
    var at = 10
    if at < c.count, c[at] == "T" || c[at] == "t" || c[at] == " " {
      guard let h = number(at + 1..<at + 3), at + 3 < c.count, c[at + 3] == ":",
        let m = number(at + 4..<at + 6)
      else { return nil }
      (hour, minute) = (h, m)
      at += 6
      if at < c.count, c[at] == ":" {
        guard let s = number(at + 1..<at + 3) else { return nil }
        second = s
        at += 3
      }
      if at < c.count, c[at] == "." || c[at] == "," {
        at += 1
        while at < c.count, c[at].isNumber { at += 1 }
      }
    }
    var offset = 0
    if at < c.count {
      switch c[at] {
      case "Z", "z": at += 1
      case "+", "-":
        let digits = String(c[(at + 1)...]).replacingOccurrences(of: ":", with: "")
        guard digits.count == 4, let value = Int(digits) else { return nil }
        offset = (value / 100 * 60 + value % 100) * 60 * (c[at] == "-" ? -1 : 1)
        at = c.count
      default: return nil
      }
    }
    guard at == c.count else { return nil }
    return date(year, month, day, hour, minute, second, offset: offset)
  }

  /// `[Www,] D Mmm YYYY HH:MM[:SS] ZONE`.
  static func rfc822(_ text: String) -> Date? {
    var words = text.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(
      String.init)
    if let first = words.first, first.count >= 3, Int(first) == nil { words.removeFirst() }
    guard words.count >= 4, let day = Int(words[0]),
      let month = months.firstIndex(of: words[1].prefix(3).lowercased()),
      var year = Int(words[2])
    else { return nil }
    if words[2].count == 2 { year += year < 50 ? 2000 : 1900 }
    let clock = words[3].split(separator: ":").map { Int($0) }
    guard clock.count == 2 || clock.count == 3, !clock.contains(nil) else { return nil }
    let zone = words.count > 4 ? words[4] : "GMT"
    guard let offset = offset(of: zone) else { return nil }
    return date(
      year, month + 1, day, clock[0]!, clock[1]!, clock.count == 3 ? clock[2]! : 0,
      offset: offset)
  }

  static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// Seconds east of UTC for `+HHMM`, `-HHMM` or a zone name RFC 822 allows.
  static func offset(of zone: String) -> Int? {
    if let sign = zone.first, sign == "+" || sign == "-" {
      let digits = zone.dropFirst().replacingOccurrences(of: ":", with: "")
      guard digits.count == 4, let value = Int(digits) else { return nil }
      return (value / 100 * 60 + value % 100) * 60 * (sign == "-" ? -1 : 1)
    }
    let hours: [String: Int] = [
      "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5,
      "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
    ]
    return hours[zone.uppercased()].map { $0 * 3600 }
  }

  /// The instant of a civil date and time at `offset` seconds east of UTC; nil when a field
  /// is out of its range.
  static func date(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int,
    offset: Int
  ) -> Date? {
    guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
      (0...24).contains(hour), (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    // Days from 1970-01-01 to a civil date (Howard Hinnant's days_from_civil).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }
}
