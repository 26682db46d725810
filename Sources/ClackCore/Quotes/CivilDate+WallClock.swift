import Foundation

extension CivilDate {
  /// The calendar day and the minute of that day that `date` is on `zone`'s wall clock: what
  /// the quote of the day and people reading a schedule go by.
  public static func wallClock(of date: Date, in zone: TimeZone) -> (day: CivilDate, minute: Int) {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
    let days = Int((Double(seconds) / 86400).rounded(.down))
    return (CivilDate(daysSinceEpoch: days), (seconds - days * 86400) / 60)
  }
}
