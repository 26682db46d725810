import ClackCore
import Foundation

/// A time as people read it on the board's wall clock, with how far off it is: "07:00, in 34
/// min", "tomorrow 07:00, in 9 h 12 min", "Sat 28 Nov 07:00, in 3 days", "2027-01-01 00:00,
/// in 37 days". The status answer, `clack status` and the web page show schedules this way,
/// in the board's time zone, rather than as UTC timestamps.
public enum LocalTimeText {
  public static func describe(_ at: Date, now: Date, in zone: TimeZone) -> String {
    let (day, minute) = local(at, zone)
    let (today, _) = local(now, zone)
    let clock = String(format: "%02d:%02d", minute / 60, minute % 60)
    let days = day - today
    let when: String
    switch days {
    case 0: when = clock
    case 1: when = "tomorrow " + clock
    case 2...6:
      let date = CivilDate(daysSinceEpoch: day)
      when = "\(weekdays[((day % 7) + 11) % 7]) \(date.day) \(months[date.month - 1]) \(clock)"
    default: when = "\(CivilDate(daysSinceEpoch: day)) \(clock)"
    }
    let seconds = at.timeIntervalSince(now)
    guard seconds >= 1 else { return when + ", now" }
    if seconds >= 2 * 86400 { return when + ", in \(Int(seconds / 86400)) days" }
    // Rounded up to the minute: "in 0 min" would read as now.
    let upToMinute = (seconds / 60).rounded(.up) * 60
    return when + ", in " + DurationText.describe(upToMinute)
  }

  /// Days since 1970-01-01 and minutes since midnight, on the zone's wall clock.
  private static func local(_ date: Date, _ zone: TimeZone) -> (day: Int, minute: Int) {
    let (day, minute) = CivilDate.wallClock(of: date, in: zone)
    return (day.daysSinceEpoch, minute)
  }

  // 1970-01-01 was a Thursday: day 0 is index 4 here ((0 + 11) % 7).
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
}
