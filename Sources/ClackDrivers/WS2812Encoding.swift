/// A WS2812-family chain's frame as SPI bytes. The chips read one data line against their own
/// timing: each bit is a high pulse, short for 0 and long for 1, 1.25 µs a bit, the most
/// significant bit first, each LED's bytes in green, red, blue (and white, SK6812 RGBW) order;
/// a low of at least the reset time latches what the chain received. SPI at 2.4 MHz sends
/// each data bit as three SPI bits, `100` for 0 and `110` for 1: high for 417 or 833 ns, within
/// the WS2812B datasheet's T0H (0.4 ± 0.15 µs) and T1H (0.8 ± 0.15 µs). The SK6812's are
/// 0.3 ± 0.15 and 0.6 ± 0.15 µs: 417 ns is a 0, and 833 ns, longer than its T1H, still a 1, as
/// the chip samples the line once after the rising edge (rpi_ws281x drives both alike). The
/// MOSI line of `spidev` needs nothing else, so no root, PWM or DMA channel: every Pi has it.
///
/// The frame ends with zero bytes that hold the line low for the reset, so the latch never
/// depends on when the next transfer starts; and it goes out in one transfer, as a pause
/// longer than the reset inside it would latch half a frame.
public struct WS2812Encoding: Sendable, Hashable {
  /// The SPI clock the bit patterns are made for.
  public static let speedHz = 2_400_000
  /// SPI bits per data bit.
  public static let spiBitsPerBit = 3
  /// The low that latches: newer WS2812B parts need 280 µs (older ones and the SK6812 take
  /// 50 and 80); 300 µs leaves a margin.
  public static let resetMicroseconds = 300

  /// LEDs in the chain.
  public let ledCount: Int
  /// Bytes a LED takes: 3 (GRB) or 4 (SK6812 RGBW: GRBW).
  public let channels: Int

  public init(ledCount: Int, channels: Int) {
    precondition(ledCount > 0 && (channels == 3 || channels == 4), "a chain of GRB or GRBW LEDs")
    self.ledCount = ledCount
    self.channels = channels
  }

  /// Zero bytes after the data: the reset's length at the SPI clock, rounded up.
  public static var resetBytes: Int {
    (resetMicroseconds * speedHz / 1_000_000 + 7) / 8
  }

  /// Bytes of one frame: three a data byte, then the reset.
  public var frameBytes: Int { ledCount * channels * Self.spiBitsPerBit + Self.resetBytes }

  /// How long a frame takes on the wire (µs): the bound a panel's frame rate is measured by.
  public var frameMicroseconds: Int { frameBytes * 8 * 1_000_000 / Self.speedHz }

  /// Writes the frame for `wire` (`ledCount × channels` bytes, each LED's in wire order) into
  /// `frame` (`frameBytes` long). Allocates nothing: a frame loop calls it every frame.
  public func encode(
    _ wire: UnsafeBufferPointer<UInt8>, into frame: UnsafeMutableBufferPointer<UInt8>
  ) {
    precondition(wire.count == ledCount * channels && frame.count == frameBytes)
    var out = 0
    for byte in wire {
      let bits = Self.pattern(of: byte)
      frame[out] = UInt8(truncatingIfNeeded: bits >> 16)
      frame[out + 1] = UInt8(truncatingIfNeeded: bits >> 8)
      frame[out + 2] = UInt8(truncatingIfNeeded: bits)
      out += 3
    }
    for index in out..<frame.count { frame[index] = 0 }
  }

  /// A data byte's 24 SPI bits (in the low 24 of the result), most significant first.
  @inline(__always)
  static func pattern(of byte: UInt8) -> UInt32 {
    var bits: UInt32 = 0
    for bit in stride(from: 7, through: 0, by: -1) {
      bits = bits << 3 | (byte >> UInt8(bit) & 1 == 1 ? 0b110 : 0b100)
    }
    return bits
  }
}
