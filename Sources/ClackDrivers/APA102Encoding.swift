/// An APA102 (or SK9822) chain's frame as SPI bytes. The chips are clocked, so the SPI clock
/// only sets the speed: a start frame of 32 zero bits, then per LED `0b111` and a 5-bit
/// global brightness, then blue, green and red; then 32 more zero bits, which an SK9822 needs
/// to show what it received (it updates on a start frame), and at least half a clock per LED,
/// as each LED passes the data on half a clock late and the last one's bits must reach it.
public struct APA102Encoding: Sendable, Hashable {
  /// LEDs in the chain.
  public let ledCount: Int

  public init(ledCount: Int) {
    precondition(ledCount > 0, "a chain of at least one LED")
    self.ledCount = ledCount
  }

  /// Zero bytes after the LEDs: the SK9822's latch (4) and half a clock per LED, rounded up.
  public var endBytes: Int { 4 + (ledCount + 15) / 16 }

  /// Bytes of one frame.
  public var frameBytes: Int { 4 + ledCount * 4 + endBytes }

  /// Writes the frame for `wire` (red, green, blue per LED, 0–255) at `brightness` (0–31, the
  /// chips' global current) into `frame` (`frameBytes` long). Allocates nothing.
  public func encode(
    _ wire: UnsafeBufferPointer<UInt8>, brightness: Int,
    into frame: UnsafeMutableBufferPointer<UInt8>
  ) {
    precondition(wire.count == ledCount * 3 && frame.count == frameBytes)
    let global = 0xE0 | UInt8(min(31, max(0, brightness)))
    for index in 0..<4 { frame[index] = 0 }
    var out = 4
    for led in 0..<ledCount {
      frame[out] = global
      frame[out + 1] = wire[led * 3 + 2]
      frame[out + 2] = wire[led * 3 + 1]
      frame[out + 3] = wire[led * 3]
      out += 4
    }
    for index in out..<frame.count { frame[index] = 0 }
  }
}
