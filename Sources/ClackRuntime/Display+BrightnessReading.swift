import Foundation

extension Display {
  /// The brightness now, the one set and the night hours; nil on a flap board.
  public func brightnessReading() -> BrightnessReading? {
    guard let brightness else { return nil }
    return BrightnessReading(
      level: brightness.level(at: clock.now(), in: config.timeZone),
      setting: brightness.setting,
      night: brightness.night.map {
        .init(fromMinute: $0.startMinute, toMinute: $0.endMinute, level: brightness.nightLevel)
      })
  }
}
