import ClackBoard
import ClackCore
import ClackDrivers
import ClackHAL
import ClackSimHAL

/// The simulated twin of a colour panel: a WS2812, SK6812 or APA102 chain model on a
/// simulated SPI device, or a FlaschenTaschen server model behind a simulated UDP socket,
/// under the same driver the real panel uses. What it shows is read from the models: each
/// LED's values on the wire (duties, or a server's bytes), matched to the palette colour that
/// gives them at the panel's brightness and the frame's supply scale.
final class SimulatedColourPanel {
  let panel: any PixelPanel
  let palette: ColourPalette
  /// What a pixel's LED was sent: red, green and blue as the wire carries them (a chain's
  /// duties, an RGBW LED's white added back; a server's bytes).
  private let seenWire: (Int, Int) -> (Int, Int, Int)
  /// The panel's brightness and the last frame's supply scale now.
  private let state: () -> (brightness: Int, scale: Double)
  /// Whether lightness goes through the curve on the way to the wire (chains; not a server).
  private let curved: Bool
  private let curve = LightnessCurve()
  /// Each lightness's value on the wire at `wireState`, worked out again when it changes.
  private var wire = [Int](repeating: 0, count: 256)
  private var wireState = (brightness: -1, scale: -1.0)

  /// `missing`: the chain's data line or the server left off, to try faults (a chain cannot
  /// answer, so its transfers go nowhere and its LEDs stay dark; a server refuses).
  init(
    board: PixelBoardDefinition, colour: ColourWiring, missing: Bool, clock: VirtualClock,
    log: TransactionLog
  ) throws(HALError) {
    palette = colour.palette
    let chips = board.chips
    let width = board.geometry.width
    if chips.kind == .flaschenTaschen {
      let offset = colour.offset
      let server = FlaschenTaschenServerModel(
        width: offset.x + width, height: offset.y + board.geometry.height)
      let sender = SimulatedDatagramSender(name: chips.device, server: server, clock: clock)
      sender.refusing = missing
      let display = try board.flaschenTaschenPanel(on: sender)
      panel = display
      seenWire = { x, y in
        let colour = server.seen(x: offset.x + x, y: offset.y + y)
        return (Int(colour.red), Int(colour.green), Int(colour.blue))
      }
      state = { (display.output.brightness, 1) }
      curved = false
      return
    }
    curved = true
    let layout = colour.layout
    var ledOfPixel = [Int](repeating: 0, count: layout.ledCount)
    for (led, pixel) in layout.pixelOfLED.enumerated() { ledOfPixel[pixel] = led }
    let peripheral: SimulatedSPIPeripheral
    switch chips.kind {
    case .apa102:
      let model = APA102ChainModel(ledCount: layout.ledCount)
      let seen = missing ? APA102ChainModel(ledCount: layout.ledCount) : model
      peripheral = model
      seenWire = { x, y in
        let led = seen.shown[ledOfPixel[y * width + x]]
        let scale = Int(led.brightness)
        return (Int(led.red) * scale / 31, Int(led.green) * scale / 31, Int(led.blue) * scale / 31)
      }
    default:
      let part: WS2812ChainModel.Part =
        switch chips.kind {
        case .sk6812: .sk6812
        case .sk6812RGBW: .sk6812RGBW
        default: .ws2812b
        }
      let model = WS2812ChainModel(part: part, ledCount: layout.ledCount)
      let seen = missing ? WS2812ChainModel(part: part, ledCount: layout.ledCount) : model
      peripheral = model
      seenWire = { x, y in
        let led = seen.colour(ofLED: ledOfPixel[y * width + x])
        let white = Int(led.white)
        return (Int(led.red) + white, Int(led.green) + white, Int(led.blue) + white)
      }
    }
    let spi = SimulatedSPIDevice(
      name: chips.device, config: SPIConfig(speedHz: UInt32(colour.spiSpeedHz)),
      peripheral: peripheral, clock: clock, log: log)
    let chain = board.colourChainPanel(on: spi)
    panel = chain
    state = { (chain.output.brightness, chain.output.lastSupplyScale) }
  }

  /// The palette index a pixel shows: dark when its LED is off; else a named colour (the ink,
  /// a tile) whose values on the wire are the LED's, give or take the rounding of an RGBW
  /// split or the supply's dimming; else the colour cube's, channel by channel.
  func seenIndex(x: Int, y: Int) -> UInt8 {
    let seen = seenWire(x, y)
    guard seen != (0, 0, 0) else { return ColourPalette.dark }
    updateWire()
    func near(_ lightness: UInt8, _ value: Int) -> Bool { abs(wire[Int(lightness)] - value) <= 2 }
    for index in 1..<palette.colours.count {
      let colour = palette.colours[index]
      if near(colour.red, seen.0), near(colour.green, seen.1), near(colour.blue, seen.2) {
        return UInt8(index)
      }
    }
    func level(_ value: Int) -> Int {
      var best = 0
      for (index, lightness) in ColourPalette.cubeLevels.enumerated()
      where abs(wire[Int(lightness)] - value)
        < abs(wire[Int(ColourPalette.cubeLevels[best])] - value)
      {
        best = index
      }
      return best
    }
    return UInt8(
      ColourPalette.cubeStart + 36 * level(seen.0) + 6 * level(seen.1) + level(seen.2))
  }

  /// Each lightness's value on the wire at the panel's brightness and supply scale now, as
  /// the driver works it out (ColourChainPanel, FlaschenTaschenDisplay).
  private func updateWire() {
    let now = state()
    guard now.brightness != wireState.brightness || now.scale != wireState.scale else { return }
    wireState = now
    for lightness in 0..<256 {
      let level = lightness * (now.brightness + 1) / 16
      let duty = curved ? Int(curve[UInt8(level)]) : level
      wire[lightness] = now.scale < 1 ? Int(Double(duty) * now.scale) : duty
    }
  }
}
