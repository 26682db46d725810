import ClackCore
import Foundation
import GRDB

/// A moment as the store writes it: `yyyy-MM-dd HH:mm:ss.SSS` in UTC, the text GRDB writes for
/// a `Date`, made and read here by arithmetic. GRDB makes it with a `DateFormatter` and reads
/// it back through a `Calendar` with a locale, which loads ICU's calendars, locales and
/// formatters (several MiB resident) into a daemon that needs none of them. The text is the
/// same, so databases written before read the same, and times still compare as text.
struct StoreTime: DatabaseValueConvertible, Hashable, Sendable {
  let date: Date

  init(_ date: Date) { self.date = date }

  var databaseValue: DatabaseValue { text.databaseValue }

  static func fromDatabaseValue(_ dbValue: DatabaseValue) -> StoreTime? {
    switch dbValue.storage {
    case .string(let text):
      if let date = Self.parse(text) { return StoreTime(date) }
      // Some other form SQLite knows (written by hand, say): GRDB's general reader.
      return Date.fromDatabaseValue(dbValue).map(StoreTime.init)
    case .int64(let seconds): return StoreTime(Date(timeIntervalSince1970: Double(seconds)))
    case .double(let seconds): return StoreTime(Date(timeIntervalSince1970: seconds))
    case .null, .blob: return nil
    }
  }

  /// The text, to the nearest millisecond (as GRDB's formatter rounds).
  var text: String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    let (days, inDay) = milliseconds.floorDivided(by: 86_400_000)
    let date = CivilDate(daysSinceEpoch: Int(days))
    let second = inDay / 1000
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let fraction = inDay % 1000
    let three = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
    let year = String(repeating: "0", count: max(0, 4 - String(date.year).count)) + "\(date.year)"
    return "\(year)-\(two(Int64(date.month)))-\(two(Int64(date.day))) \(two(second / 3600)):"
      + "\(two(second / 60 % 60)):\(two(second % 60)).\(three)"
  }

  /// `yyyy-MM-dd HH:mm[:ss[.f…]]`, with a space or a `T`, in UTC; nil for anything else.
  static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    var index = 0
    func number(_ digits: Int) -> Int64? {
      guard index + digits <= bytes.count else { return nil }
      var value: Int64 = 0
      for byte in bytes[index..<index + digits] {
        guard byte >= 48, byte <= 57 else { return nil }
        value = value * 10 + Int64(byte - 48)
      }
      index += digits
      return value
    }
    func expect(_ characters: String) -> Bool {
      guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
      index += 1
      return true
    }
    guard let year = number(4), expect("-"), let month = number(2), expect("-"),
      let day = number(2), expect(" T"),
      let hour = number(2), expect(":"), let minute = number(2), hour < 24, minute < 60
    else { return nil }
    var second: Int64 = 0
    var nanoseconds: Int64 = 0
    if index < bytes.count {
      guard expect(":"), let value = number(2), value < 60 else { return nil }
      second = value
      if index < bytes.count {
        guard expect("."), index < bytes.count, bytes.count - index <= 9 else { return nil }
        let digits = bytes.count - index
        guard let fraction = number(digits) else { return nil }
        nanoseconds = fraction * Int64(pow(10, Double(9 - digits)))
      }
    }
    // CivilDate refuses month 13, 30 February and the like.
    guard let civil = CivilDate(year: Int(year), month: Int(month), day: Int(day)) else {
      return nil
    }
    let seconds = Int64(civil.daysSinceEpoch) * 86_400 + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
  }
}

extension Int64 {
  /// Quotient and remainder rounded toward minus infinity (times before 1970 too).
  fileprivate func floorDivided(by divisor: Int64) -> (Int64, Int64) {
    let quotient = self / divisor
    let remainder = self % divisor
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }
}

/// Records whose `Date` columns the store writes and reads as `StoreTime`.
public protocol StoreTimeRecord: FetchableRecord, EncodableRecord {}

extension StoreTimeRecord {
  public static func databaseDateDecodingStrategy(for column: String)
    -> DatabaseDateDecodingStrategy
  {
    .custom { StoreTime.fromDatabaseValue($0)?.date }
  }

  public static func databaseDateEncodingStrategy(for column: String)
    -> DatabaseDateEncodingStrategy
  {
    .custom { StoreTime($0) }
  }
}
