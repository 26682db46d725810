/// What a colour panel may draw, and the brightness that keeps a frame within it. Each LED
/// channel draws its full current at full duty, in proportion below (the chips' PWM), and
/// each LED a little at rest; the supply gives `supplyMilliamps`. A frame that would draw
/// more is dimmed as a whole, every channel by the same factor, so its colours stay as they
/// were: a full-white 16 × 16 WS2812 panel (about 15 A) on a 4 A supply shows at about a
/// quarter.
public struct LEDCurrentBudget: Sendable, Hashable {
  public let supplyMilliamps: Int
  /// One channel at full duty.
  public let channelMilliamps: Double
  /// One LED, dark.
  public let idleMilliamps: Double

  public init(supplyMilliamps: Int, channelMilliamps: Double, idleMilliamps: Double) {
    self.supplyMilliamps = supplyMilliamps
    self.channelMilliamps = channelMilliamps
    self.idleMilliamps = idleMilliamps
  }

  /// What `duties` (every channel of every LED, 0–255) draw, in milliamps.
  public func milliamps(of duties: UnsafeBufferPointer<UInt8>, leds: Int) -> Double {
    var sum = 0
    for duty in duties { sum += Int(duty) }
    return Double(sum) / 255 * channelMilliamps + Double(leds) * idleMilliamps
  }

  /// The factor (0–1) to scale `duties` by so that they draw no more than the supply: 1 when
  /// they fit. Allocates nothing.
  public func scale(for duties: UnsafeBufferPointer<UInt8>, leds: Int) -> Double {
    let idle = Double(leds) * idleMilliamps
    let lit = milliamps(of: duties, leds: leds) - idle
    let room = Double(supplyMilliamps) - idle
    guard lit > room else { return 1 }
    return max(0, room) / lit
  }

  /// Scales `duties` in place to fit (rounding down, so never over); returns the factor.
  @discardableResult
  public func fit(_ duties: UnsafeMutableBufferPointer<UInt8>, leds: Int) -> Double {
    let factor = scale(for: UnsafeBufferPointer(duties), leds: leds)
    guard factor < 1 else { return 1 }
    for index in duties.indices { duties[index] = UInt8(Double(duties[index]) * factor) }
    return factor
  }
}
