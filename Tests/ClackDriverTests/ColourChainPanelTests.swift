import ClackCore
import ClackDrivers
import ClackHAL
import ClackSimHAL
import Testing

/// A picture on a colour chain's twin: the LEDs, read back from the chain models, show each
/// pixel where the layout puts it, through the lightness curve, within the supply.
@Suite struct ColourChainPanelTests {
  static let curve = LightnessCurve()

  static func picture(width: Int, height: Int) -> ColourCanvas {
    var canvas = ColourCanvas(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        canvas[x, y] = RGB(UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x + y) % 256))
      }
    }
    canvas[3, 0] = RGB(255, 0, 0)
    canvas[0, 1] = RGB(0, 0, 255)
    return canvas
  }

  @Test func aSixteenBySixteenWS2812PanelShowsEachPixelAtItsLED() throws {
    let model = WS2812ChainModel(part: .ws2812b, ledCount: 256)
    let log = TransactionLog()
    let spi = SimulatedSPIDevice(
      name: "/dev/spidev0.0", config: SPIConfig(speedHz: UInt32(WS2812Encoding.speedHz)),
      peripheral: model, clock: VirtualClock(), log: log)
    let layout = try LEDChainLayout(panels: [.init(width: 16, height: 16)])
    let panel = ColourChainPanel(spi: spi, chip: .ws2812, layout: layout)
    let canvas = Self.picture(width: 16, height: 16)
    panel.show(canvas)
    #expect(panel.fault == nil && model.ambiguousPulses == 0 && model.latches == 1)
    #expect(log.entries(.spiTransfer).count == 1, "one frame, one transfer")
    for led in 0..<256 {
      let pixel = layout.pixelOfLED[led]
      let want = canvas[pixel % 16, pixel / 16]
      let shown = model.colour(ofLED: led)
      #expect(
        [shown.red, shown.green, shown.blue]
          == [Self.curve[want.red], Self.curve[want.green], Self.curve[want.blue]], "LED \(led)")
    }
    // The serpentine: the second row runs back, so its first pixel is the 32nd LED.
    #expect(model.colour(ofLED: 31).blue == 255 && model.colour(ofLED: 3).red == 255)
  }

  @Test func anRGBWChainLightsWhiteWithItsWhiteLED() throws {
    let model = WS2812ChainModel(part: .sk6812RGBW, ledCount: 3)
    let spi = SimulatedSPIDevice(
      name: "/dev/spidev0.0", config: SPIConfig(speedHz: UInt32(WS2812Encoding.speedHz)),
      peripheral: model, clock: VirtualClock(), log: TransactionLog())
    let layout = try LEDChainLayout(panels: [.init(width: 3, height: 1)])
    let panel = ColourChainPanel(spi: spi, chip: .sk6812RGBW, layout: layout)
    var canvas = ColourCanvas(width: 3, height: 1)
    canvas[0, 0] = RGB(255, 255, 255)
    canvas[1, 0] = RGB(255, 128, 0)
    canvas[2, 0] = RGB(255, 255, 128)
    panel.show(canvas)
    #expect(model.colour(ofLED: 0) == (0, 0, 0, 255))
    #expect(model.colour(ofLED: 1) == (255, Self.curve[128], 0, 0))
    let warm = model.colour(ofLED: 2)
    #expect(warm.white == Self.curve[128] && warm.blue == 0 && warm.red == 255 - Self.curve[128])
  }

  @Test func anAPA102PanelShowsRedGreenAndBlueInTheirPlaces() throws {
    let model = APA102ChainModel(ledCount: 64)
    let spi = SimulatedSPIDevice(
      name: "/dev/spidev0.0", config: SPIConfig(speedHz: 8_000_000), peripheral: model,
      clock: VirtualClock(), log: TransactionLog())
    let layout = try LEDChainLayout(panels: [.init(width: 8, height: 8, serpentine: false)])
    let panel = ColourChainPanel(spi: spi, chip: .apa102, layout: layout)
    let canvas = Self.picture(width: 8, height: 8)
    panel.show(canvas)
    #expect(model.malformedFrames == 0)
    for led in 0..<64 {
      let want = canvas[led % 8, led / 8]
      let shown = model.shown[led]
      #expect(shown.brightness == 31)
      #expect(
        [shown.red, shown.green, shown.blue]
          == [Self.curve[want.red], Self.curve[want.green], Self.curve[want.blue]], "LED \(led)")
    }
  }

  /// Full white on a 16 × 16 panel would draw about 15.6 A: on a 4 A supply the LEDs, as the
  /// model shows them, draw no more than 4 A; a dimmer setting lowers every LED.
  @Test func theLEDsNeverDrawMoreThanTheSupply() throws {
    let model = WS2812ChainModel(part: .ws2812b, ledCount: 256)
    let spi = SimulatedSPIDevice(
      name: "/dev/spidev0.0", config: SPIConfig(speedHz: UInt32(WS2812Encoding.speedHz)),
      peripheral: model, clock: VirtualClock(), log: TransactionLog())
    let budget = LEDCurrentBudget(supplyMilliamps: 4000, channelMilliamps: 20, idleMilliamps: 1)
    let panel = ColourChainPanel(
      spi: spi, chip: .ws2812, layout: try LEDChainLayout(panels: [.init(width: 16, height: 16)]),
      budget: budget)
    var white = ColourCanvas(width: 16, height: 16)
    white.clear(to: RGB(255, 255, 255))
    panel.show(white)
    let drawn = model.shown.withUnsafeBufferPointer { budget.milliamps(of: $0, leds: 256) }
    #expect(drawn <= 4000 && drawn > 3800, "\(drawn) mA")
    #expect(panel.lastSupplyScale < 0.25)

    var grey = ColourCanvas(width: 16, height: 16)
    grey.clear(to: RGB(100, 100, 100))
    panel.show(grey)
    let full = model.shown[0]
    #expect(full == Self.curve[100] && panel.lastSupplyScale == 1)
    panel.setBrightness(7)
    panel.show(grey)
    #expect(model.shown[0] == Self.curve[50])
  }
}
