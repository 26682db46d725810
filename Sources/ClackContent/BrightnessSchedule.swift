import Foundation

/// A pixel board's brightness over the day: the setting (0–15, changed at run time and kept),
/// and the board file's night level between its two local times. A setting changed during the
/// night shows at once and holds until that night ends; the next night dims the board again.
public struct BrightnessSchedule: Sendable, Hashable {
  public private(set) var setting: Int
  public let night: QuietHours?
  public let nightLevel: Int
  /// The end of the night in which the setting was changed (it holds until then).
  private var heldUntil: Date?

  public init(setting: Int, night: (fromMinute: Int, toMinute: Int, level: Int)? = nil) {
    self.setting = Self.clamped(setting)
    self.night = night.map { QuietHours(startMinute: $0.fromMinute, endMinute: $0.toMinute) }
    nightLevel = Self.clamped(night?.level ?? setting)
  }

  /// The level the panel shows at `now`.
  public func level(at now: Date, in zone: TimeZone) -> Int {
    guard let night, night.contains(now, in: zone) else { return setting }
    if let heldUntil, now < heldUntil { return setting }
    return nightLevel
  }

  /// A person's setting, from `now` on.
  public mutating func set(_ level: Int, at now: Date, in zone: TimeZone) {
    setting = Self.clamped(level)
    heldUntil = night.flatMap {
      $0.contains(now, in: zone) ? $0.nextEnd(after: now, in: zone) : nil
    }
  }

  /// The next time the level may change by itself: night beginning or ending.
  public func nextChange(after now: Date, in zone: TimeZone) -> Date? {
    night?.nextBoundary(after: now, in: zone)
  }

  static func clamped(_ level: Int) -> Int { max(0, min(15, level)) }
}
