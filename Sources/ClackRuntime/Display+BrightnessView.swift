import ClackAPI
import Foundation

extension Display {
  /// The brightness as the API shows it; nil on a flap board.
  public func brightnessView() -> BrightnessView? {
    guard let brightness else { return nil }
    func time(_ minute: Int) -> String {
      String(format: "%02d:%02d", minute / 60, minute % 60)
    }
    return BrightnessView(
      brightness: brightness.level(at: clock.now(), in: config.timeZone),
      setting: brightness.setting,
      night: brightness.night.map {
        .init(
          from: time($0.startMinute), to: time($0.endMinute), brightness: brightness.nightLevel)
      })
  }
}
