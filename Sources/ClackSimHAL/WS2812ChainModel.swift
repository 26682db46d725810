/// A chain of WS2812-family LEDs on one data line, modelled from the line's levels: what SPI
/// clocks out at its speed is a waveform, which the chain reads as the chips do. A high pulse
/// up to the part's longest 0 is a 0, from its shortest 1 a 1 (between, the datasheets
/// promise nothing: such pulses are counted as `ambiguousPulses` and read by the midpoint).
/// The first LED keeps the first 24 bits after a reset (32 for RGBW), passes the rest on, and
/// so on down the chain; bits past the last LED fall out of its end. A low lasting the part's
/// reset time latches: each LED that received all its bits shows them, a LED short of bits
/// keeps what it showed. The line rests low between transfers (the Pi's MOSI), so a pause
/// longer than the reset inside a frame latches half of it, as on the real chain.
public final class WS2812ChainModel: SimulatedSPIPeripheral {
  /// A part's reading of the line, from its datasheet (nanoseconds).
  public struct Part: Sendable, Hashable {
    public let name: String
    /// The longest high that is a 0, and the shortest that is a 1.
    public let zeroHighMax: Int
    public let oneHighMin: Int
    /// The shortest low that latches.
    public let reset: Int
    /// Bytes a LED takes: 3 (GRB) or 4 (GRBW).
    public let channels: Int

    /// WS2812B: T0H 0.4 ± 0.15 µs, T1H 0.8 ± 0.15 µs; the reset of newer parts, 280 µs.
    public static let ws2812b = Part(
      name: "WS2812B", zeroHighMax: 550, oneHighMin: 650, reset: 280_000, channels: 3)
    /// SK6812: T0H 0.3 ± 0.15 µs, T1H 0.6 ± 0.15 µs, reset 80 µs; RGB and RGBW.
    public static let sk6812 = Part(
      name: "SK6812", zeroHighMax: 450, oneHighMin: 450, reset: 80_000, channels: 3)
    public static let sk6812RGBW = Part(
      name: "SK6812 RGBW", zeroHighMax: 450, oneHighMin: 450, reset: 80_000, channels: 4)
  }

  public let part: Part
  public let ledCount: Int
  /// What each LED shows: `channels` bytes a LED, in wire order (G, R, B and W), row by row
  /// of the chain. Power-up: dark.
  public private(set) var shown: [UInt8]
  /// Frames latched.
  public private(set) var latches = 0
  /// High pulses between the part's 0 and 1 (a wrong clock, or a wrong encoding).
  public private(set) var ambiguousPulses = 0
  /// Bits that fell out of the chain's end (more data than LEDs).
  public private(set) var bitsPassedOn = 0

  private var received: [UInt8]
  private var bits = 0
  /// The line's level and since when (nanoseconds).
  private var high = false
  private var since = 0.0

  public init(part: Part, ledCount: Int) {
    precondition(ledCount > 0, "a chain of at least one LED")
    self.part = part
    self.ledCount = ledCount
    shown = [UInt8](repeating: 0, count: ledCount * part.channels)
    received = shown
  }

  /// LED `index`'s colour as (red, green, blue, white), 0–255.
  public func colour(ofLED index: Int) -> (red: UInt8, green: UInt8, blue: UInt8, white: UInt8) {
    let at = index * part.channels
    return (shown[at + 1], shown[at], shown[at + 2], part.channels == 4 ? shown[at + 3] : 0)
  }

  public func spiTransfer(
    _ write: UnsafeRawBufferPointer, into read: UnsafeMutableRawBufferPointer, at time: UInt64,
    speedHz: Int
  ) {
    for index in 0..<read.count { read[index] = 0 }  // nothing comes back: MISO is unused
    guard speedHz > 0 else { return }
    let bitTime = 1e9 / Double(speedHz)
    var now = Double(time)
    for byte in write {
      for bit in stride(from: 7, through: 0, by: -1) {
        line(byte >> UInt8(bit) & 1 == 1, at: now)
        now += bitTime
      }
    }
    // The line rests low after the transfer.
    line(false, at: now)
    settle(at: now)
  }

  /// Latches if the line has been low for the reset by `time` (nanoseconds): what a reader of
  /// the LEDs at that moment sees when the frame's own end did not hold it low for long enough.
  public func settle(at time: UInt64) { settle(at: Double(time)) }

  private func settle(at time: Double) {
    if !high, bits > 0, time - since >= Double(part.reset) { latch() }
  }

  private func line(_ level: Bool, at time: Double) {
    guard level != high else { return }
    if level {
      settle(at: time)
    } else {
      take(time - since)
    }
    high = level
    since = time
  }

  /// A high pulse of `length` ns ended: one bit.
  private func take(_ length: Double) {
    let one: Bool
    if length <= Double(part.zeroHighMax) {
      one = false
    } else if length >= Double(part.oneHighMin) {
      one = true
    } else {
      ambiguousPulses += 1
      one = length * 2 >= Double(part.zeroHighMax + part.oneHighMin)
    }
    guard bits < received.count * 8 else {
      bitsPassedOn += 1
      return
    }
    let mask = UInt8(0x80) >> UInt8(bits % 8)
    if one { received[bits / 8] |= mask } else { received[bits / 8] &= ~mask }
    bits += 1
  }

  private func latch() {
    let complete = min(ledCount, bits / (part.channels * 8))
    for index in 0..<(complete * part.channels) { shown[index] = received[index] }
    bits = 0
    latches += 1
  }
}
