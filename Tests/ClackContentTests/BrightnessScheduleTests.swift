import ClackContent
import Foundation
import Testing

/// A pixel board's brightness over the day: the setting, the night level between the board
/// file's times, and a setting changed at night that holds until morning.
@Suite struct BrightnessScheduleTests {
  static let utc = TimeZone(identifier: "UTC")!
  /// 2026-01-05 00:00 UTC.
  static let midnight = Date(timeIntervalSince1970: 1_767_571_200)
  static func at(_ hour: Double) -> Date { midnight.addingTimeInterval(hour * 3600) }

  /// 8 by day, 1 from 22:00 to 07:00.
  static let schedule = BrightnessSchedule(setting: 8, night: (22 * 60, 7 * 60, 1))

  @Test func theNightLevelAppliesBetweenItsTimes() {
    let s = Self.schedule
    #expect(s.level(at: Self.at(12), in: Self.utc) == 8)
    #expect(s.level(at: Self.at(22), in: Self.utc) == 1)
    #expect(s.level(at: Self.at(3), in: Self.utc) == 1)
    #expect(s.level(at: Self.at(7), in: Self.utc) == 8)
    #expect(s.nextChange(after: Self.at(12), in: Self.utc) == Self.at(22))
    #expect(s.nextChange(after: Self.at(22), in: Self.utc) == Self.at(24 + 7))
  }

  @Test func aSettingChangedAtNightHoldsUntilMorningThenNightDimsAgain() {
    var s = Self.schedule
    s.set(12, at: Self.at(23), in: Self.utc)
    #expect(s.level(at: Self.at(23.5), in: Self.utc) == 12)
    #expect(s.level(at: Self.at(24 + 6.9), in: Self.utc) == 12)
    #expect(s.level(at: Self.at(24 + 12), in: Self.utc) == 12)
    #expect(s.level(at: Self.at(24 + 22), in: Self.utc) == 1)
  }

  @Test func aSettingByDayShowsAtOnceAndTheNightStillDims() {
    var s = Self.schedule
    s.set(15, at: Self.at(9), in: Self.utc)
    #expect(s.level(at: Self.at(9), in: Self.utc) == 15)
    #expect(s.level(at: Self.at(22.5), in: Self.utc) == 1)
  }

  @Test func withoutNightHoursTheSettingIsAll() {
    let s = BrightnessSchedule(setting: 20)
    #expect(s.setting == 15, "clamped to the chips' 16 levels")
    #expect(s.level(at: Self.at(23), in: Self.utc) == 15)
    #expect(s.nextChange(after: Self.at(23), in: Self.utc) == nil)
  }
}
