import ClackDrivers
import ClackHAL
import ClackSimHAL
import Testing

/// The WS2812 and APA102 frames, sent over a simulated `spidev` to chain models that read the
/// line as the chips do: a frame lands whole, a wrong clock or a pause inside a frame does
/// not, and a frame's end is as long as the chain needs.
@Suite struct ColourChainTests {
  static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed | 1
    return (0..<count).map { _ in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return UInt8(truncatingIfNeeded: state)
    }
  }

  static func spi(_ model: SimulatedSPIPeripheral, speedHz: Int, clock: VirtualClock)
    -> SimulatedSPIDevice
  {
    SimulatedSPIDevice(
      name: "/dev/spidev0.0", config: SPIConfig(speedHz: UInt32(speedHz)), peripheral: model,
      clock: clock, log: TransactionLog())
  }

  static func ws2812Frame(_ wire: [UInt8], channels: Int) -> [UInt8] {
    let encoding = WS2812Encoding(ledCount: wire.count / channels, channels: channels)
    var frame = [UInt8](repeating: 0xFF, count: encoding.frameBytes)
    wire.withUnsafeBufferPointer { input in
      frame.withUnsafeMutableBufferPointer { encoding.encode(input, into: $0) }
    }
    return frame
  }

  @Test(arguments: [
    (WS2812ChainModel.Part.ws2812b, 256), (.sk6812, 60), (.sk6812RGBW, 144),
  ])
  func aFrameLandsWholeInOneTransferAtItsClock(part: WS2812ChainModel.Part, leds: Int) throws {
    let model = WS2812ChainModel(part: part, ledCount: leds)
    let clock = VirtualClock()
    let spi = Self.spi(model, speedHz: WS2812Encoding.speedHz, clock: clock)
    let wire = Self.randomBytes(leds * part.channels, seed: UInt64(leds))
    let frame = Self.ws2812Frame(wire, channels: part.channels)
    _ = try spi.transfer(frame)
    #expect(model.shown == wire)
    #expect(model.latches == 1 && model.ambiguousPulses == 0 && model.bitsPassedOn == 0)
    // Time on the wire: 1.25 µs a data bit, then the reset.
    let encoding = WS2812Encoding(ledCount: leds, channels: part.channels)
    let wireMicroseconds = Int(clock.nanoseconds / 1000)
    #expect(wireMicroseconds >= encoding.frameMicroseconds)
    #expect(wireMicroseconds >= leds * part.channels * 8 * 5 / 4 + 280)
    let white = model.colour(ofLED: 0).white
    #expect(part.channels == 4 ? white == wire[3] : white == 0)
    #expect(model.colour(ofLED: 0).red == wire[1] && model.colour(ofLED: 0).green == wire[0])
  }

  /// The 16 × 16 panel's frame is 7.7 ms of data and the reset: about 125 frames a second.
  @Test func aSixteenBySixteenFrameTakesItsWireTime() {
    let encoding = WS2812Encoding(ledCount: 256, channels: 3)
    #expect(encoding.frameBytes == 256 * 3 * 3 + 90)
    #expect(encoding.frameMicroseconds >= 7_680 + 280 && encoding.frameMicroseconds < 8_100)
  }

  /// Sent at the wrong clock the pulses fall outside the chips' windows: too slow, every bit
  /// reads 1; too fast, every bit 0; between, the pulses are ambiguous.
  @Test(arguments: [1_200_000, 3_200_000, 8_000_000])
  func aWrongClockDecodesWrong(speedHz: Int) throws {
    let model = WS2812ChainModel(part: .ws2812b, ledCount: 16)
    let spi = Self.spi(model, speedHz: speedHz, clock: VirtualClock())
    let wire = Self.randomBytes(48, seed: 9)
    _ = try spi.transfer(Self.ws2812Frame(wire, channels: 3))
    switch speedHz {
    case 1_200_000: #expect(model.shown.allSatisfy { $0 == 0xFF })
    case 8_000_000: #expect(model.shown.allSatisfy { $0 == 0 } && model.latches <= 1)
    default: #expect(model.ambiguousPulses > 0)
    }
    #expect(model.shown != wire)
  }

  /// A frame cut in two: a pause shorter than the reset goes unnoticed; a longer one latches
  /// the first half, and the second half lands on the first LEDs.
  @Test(arguments: [50, 400])
  func aPauseInsideAFrameLatchesOnlyWhenLongerThanTheReset(pauseMicroseconds: Int) throws {
    let model = WS2812ChainModel(part: .ws2812b, ledCount: 32)
    let clock = VirtualClock()
    let spi = Self.spi(model, speedHz: WS2812Encoding.speedHz, clock: clock)
    let wire = Self.randomBytes(96, seed: 3)
    let frame = Self.ws2812Frame(wire, channels: 3)
    let half = 16 * 3 * 3
    _ = try spi.transfer(Array(frame[..<half]))
    clock.advance(nanoseconds: UInt64(pauseMicroseconds) * 1000)
    _ = try spi.transfer(Array(frame[half...]))
    if pauseMicroseconds < 280 {
      #expect(model.shown == wire && model.latches == 1)
    } else {
      #expect(model.latches == 2)
      #expect(Array(model.shown[..<48]) == Array(wire[48...]), "the second half on the first LEDs")
    }
  }

  /// Data for more LEDs than the chain has falls out of its end; a frame without its reset
  /// shows once the line has rested low for long enough.
  @Test func extraBitsPassOnAndARestLatches() throws {
    let model = WS2812ChainModel(part: .sk6812, ledCount: 8)
    let clock = VirtualClock()
    let spi = Self.spi(model, speedHz: WS2812Encoding.speedHz, clock: clock)
    let wire = Self.randomBytes(30, seed: 5)
    let frame = Self.ws2812Frame(wire, channels: 3)
    _ = try spi.transfer(Array(frame[..<(30 * 3)]))
    #expect(model.latches == 0)
    model.settle(at: clock.nanoseconds + 79_000)
    #expect(model.latches == 0, "79 µs is short of the SK6812's reset")
    model.settle(at: clock.nanoseconds + 80_000)
    #expect(model.latches == 1 && model.shown == Array(wire[..<24]))
    #expect(model.bitsPassedOn == 6 * 8)
  }

  static func apa102Frame(_ wire: [UInt8], brightness: Int) -> [UInt8] {
    let encoding = APA102Encoding(ledCount: wire.count / 3)
    var frame = [UInt8](repeating: 0xAA, count: encoding.frameBytes)
    wire.withUnsafeBufferPointer { input in
      frame.withUnsafeMutableBufferPointer {
        encoding.encode(input, brightness: brightness, into: $0)
      }
    }
    return frame
  }

  @Test(arguments: [false, true])
  func anAPA102FrameLandsOnEveryLED(sk9822: Bool) throws {
    let model = APA102ChainModel(ledCount: 200, showsOnStartFrame: sk9822)
    let spi = Self.spi(model, speedHz: 8_000_000, clock: VirtualClock())
    let wire = Self.randomBytes(600, seed: 11)
    _ = try spi.transfer(Self.apa102Frame(wire, brightness: 7))
    #expect(model.malformedFrames == 0)
    for led in 0..<200 {
      let shown = model.shown[led]
      #expect(shown.brightness == 7)
      #expect([shown.red, shown.green, shown.blue] == Array(wire[(led * 3)..<(led * 3 + 3)]))
    }
  }

  /// Without half a clock per LED after the data the far LEDs wait for clocks; an SK9822
  /// without the 32 zero bits after the data shows nothing new until the next frame.
  @Test(arguments: [false, true])
  func aShortEndLeavesTheFarLEDsBehind(sk9822: Bool) throws {
    let model = APA102ChainModel(ledCount: 200, showsOnStartFrame: sk9822)
    let spi = Self.spi(model, speedHz: 8_000_000, clock: VirtualClock())
    let wire = Self.randomBytes(600, seed: 13)
    let frame = Self.apa102Frame(wire, brightness: 31)
    let cut = sk9822 ? 4 + 200 * 4 : 4 + 200 * 4 + 4
    _ = try spi.transfer(Array(frame[..<cut]))
    if sk9822 {
      #expect(model.shown.allSatisfy { $0 == APA102ChainModel.LED() })
    } else {
      #expect(model.shown[0].brightness == 31)
      #expect(model.shown[199] == APA102ChainModel.LED(), "LED 199 needs 100 clocks more")
    }
    _ = try spi.transfer(Array(frame[cut...]))
    #expect(model.shown[199].red == wire[597] && model.shown[199].brightness == 31)
  }

  @Test func aFrameWithoutItsLeadingOnesIsNotShown() throws {
    let model = APA102ChainModel(ledCount: 2)
    let spi = Self.spi(model, speedHz: 1_000_000, clock: VirtualClock())
    _ = try spi.transfer([0, 0, 0, 0, 0x9F, 1, 2, 3, 0xE1, 4, 5, 6, 0, 0, 0, 0, 0])
    #expect(model.malformedFrames == 1)
    #expect(model.shown[0] == APA102ChainModel.LED())
    #expect(model.shown[1] == APA102ChainModel.LED(brightness: 1, red: 6, green: 5, blue: 4))
  }
}
