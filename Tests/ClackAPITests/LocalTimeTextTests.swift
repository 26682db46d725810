import ClackAPI
import Foundation
import Testing

@Suite struct LocalTimeTextTests {
  let berlin = TimeZone(identifier: "Europe/Berlin")!  // safe: tzdata is a test dependency
  /// 2026-11-25 06:26:00 UTC: 07:26 in Berlin (UTC+1 in winter).
  let now = Date(timeIntervalSince1970: 1_795_587_960)

  @Test func laterTodayIsAClockTimeAndMinutesAway() {
    let at = now.addingTimeInterval(34 * 60)  // 08:00 Berlin
    #expect(LocalTimeText.describe(at, now: now, in: berlin) == "08:00, in 34 min")
    #expect(LocalTimeText.describe(at, now: now, in: .gmt) == "07:00, in 34 min")
  }

  @Test func tomorrowAndLaterSayTheDay() {
    let tomorrow = now.addingTimeInterval(23 * 3600 + 34 * 60)  // 2026-11-26 07:00 Berlin
    #expect(
      LocalTimeText.describe(tomorrow, now: now, in: berlin) == "tomorrow 07:00, in 23 h 34 min")
    let saturday = now.addingTimeInterval(3 * 86400 + 34 * 60)  // 2026-11-28 08:00 Berlin
    #expect(LocalTimeText.describe(saturday, now: now, in: berlin) == "Sat 28 Nov 08:00, in 3 days")
    let newYear = Date(timeIntervalSince1970: 1_798_758_000)  // 2027-01-01 00:00 Berlin
    #expect(LocalTimeText.describe(newYear, now: now, in: berlin) == "2027-01-01 00:00, in 36 days")
  }

  @Test func theDayIsTheZonesDayNotUTCs() {
    // 23:30 UTC on the 25th is already the 26th in Berlin.
    let late = Date(timeIntervalSince1970: 1_795_649_400)
    #expect(LocalTimeText.describe(late, now: now, in: berlin) == "tomorrow 00:30, in 17 h 4 min")
    #expect(LocalTimeText.describe(late, now: now, in: .gmt) == "23:30, in 17 h 4 min")
  }

  @Test func aTimeDueNowSaysNow() {
    #expect(LocalTimeText.describe(now, now: now, in: berlin) == "07:26, now")
  }
}
