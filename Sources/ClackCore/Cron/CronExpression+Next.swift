import Foundation

extension CronExpression {
  /// How far ahead `nextFire` looks: long enough for any date that exists (29 February), then
  /// it gives up and returns nil.
  static let searchDays = 366 * 8 + 2

  /// The first time strictly after `instant` at which the expression fires in `zone`.
  ///
  /// Daylight saving follows cron: a fixed-time job (see `isFixedTime`) whose time is skipped
  /// by a spring-forward change fires at the moment the clock jumps, and fires only on the
  /// first pass of a repeated hour; wildcard jobs fire at every wall-clock time that exists,
  /// in both passes of a repeated hour.
  public func nextFire(after instant: Date, in zone: TimeZone) -> Date? {
    let after = instant.timeIntervalSince1970
    let nowSeconds = Int(after.rounded(.down))
    let firstDay = floorDiv(nowSeconds + zone.secondsFromGMT(for: instant), 86_400) - 1
    let hours = hour.values
    let minutes = minute.values
    var best: Int? = nil
    for day in firstDay...(firstDay + CronExpression.searchDays) {
      let dayStart = day * 86_400
      // No instant of this local day is earlier than its start minus the largest offset, nor
      // later than its end minus the smallest (offsets sampled either side of the day bracket
      // any change within it).
      let offsets = (offset(at: dayStart - 86_400, zone), offset(at: dayStart + 2 * 86_400, zone))
      let maxOffset = max(offsets.0, offsets.1)
      let minOffset = min(offsets.0, offsets.1)
      if let best, dayStart - maxOffset > best { break }
      guard dayStart + 86_400 - minOffset > nowSeconds else { continue }
      guard matches(CivilDate(daysSinceEpoch: day)) else { continue }
      for h in hours {
        // Whole hours that end before `instant` cannot fire after it: skipping them keeps a
        // minute-by-minute job from testing every minute since the day before.
        guard dayStart + (h + 1) * 3600 - minOffset > nowSeconds else { continue }
        for m in minutes {
          let wall = dayStart + h * 3600 + m * 60
          if let best, wall - maxOffset > best { break }
          guard wall + 60 - minOffset > nowSeconds else { continue }
          for candidate in instants(ofWallTime: wall, in: zone)
          where Double(candidate) > after && candidate < (best ?? Int.max) {
            best = candidate
          }
        }
      }
    }
    return best.map { Date(timeIntervalSince1970: Double($0)) }
  }

  /// The instants (seconds since 1970) at which this job fires for one local wall time
  /// (seconds since 1970 as if the zone were UTC).
  func instants(ofWallTime wall: Int, in zone: TimeZone) -> [Int] {
    let offsets = Set([
      offset(at: wall - 86_400, zone), offset(at: wall, zone), offset(at: wall + 86_400, zone),
    ])
    let valid = offsets.map { wall - $0 }.filter { offset(at: $0, zone) == wall - $0 }.sorted()
    if valid.isEmpty {
      // The wall time falls in a spring-forward gap.
      guard isFixedTime, let low = offsets.max(), let high = offsets.min() else { return [] }
      return [transition(from: wall - low, to: wall - high, zone)]
    }
    return isFixedTime ? [valid[0]] : valid
  }

  /// The first instant in (low, high] whose offset equals the offset at `high`.
  private func transition(from low: Int, to high: Int, _ zone: TimeZone) -> Int {
    let target = offset(at: high, zone)
    var (low, high) = (low, high)
    while high - low > 1 {
      let mid = low + (high - low) / 2
      if offset(at: mid, zone) == target { high = mid } else { low = mid }
    }
    return high
  }

  private func offset(at seconds: Int, _ zone: TimeZone) -> Int {
    zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
  }
}

private func floorDiv(_ a: Int, _ b: Int) -> Int {
  a >= 0 ? a / b : -((-a + b - 1) / b)
}
