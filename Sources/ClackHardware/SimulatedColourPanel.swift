import ClackBoard
import ClackCore
import ClackDrivers
import ClackHAL
import ClackSimHAL

/// The simulated twin of a colour panel: a WS2812, SK6812 or APA102 chain model on a
/// simulated SPI device, or a FlaschenTaschen server model behind a simulated UDP socket,
/// under the same driver the real panel uses. What it shows is read from the models: each
/// LED's duty back through the lightness curve, then the palette colour it is a shade of.
final class SimulatedColourPanel {
  let panel: any PixelPanel
  let palette: ColourPalette
  /// The colour (lightness, 0–255 a channel) a pixel of the picture shows.
  private let seenColour: (Int, Int) -> RGB

  /// `missing`: the chain's data line or the server left off, to try faults (a chain cannot
  /// answer, so its transfers go nowhere and its LEDs stay dark; a server refuses).
  init(
    board: PixelBoardDefinition, colour: ColourWiring, missing: Bool, clock: VirtualClock,
    log: TransactionLog
  ) throws(HALError) {
    palette = colour.palette
    let chips = board.chips
    let curve = LightnessCurve()
    let width = board.geometry.width
    if chips.kind == .flaschenTaschen {
      let offset = colour.offset
      let server = FlaschenTaschenServerModel(
        width: offset.x + width, height: offset.y + board.geometry.height)
      let sender = SimulatedDatagramSender(name: chips.device, server: server, clock: clock)
      sender.refusing = missing
      panel = try board.flaschenTaschenPanel(on: sender)
      seenColour = { server.seen(x: offset.x + $0, y: offset.y + $1) }
      return
    }
    let layout = colour.layout
    var ledOfPixel = [Int](repeating: 0, count: layout.ledCount)
    for (led, pixel) in layout.pixelOfLED.enumerated() { ledOfPixel[pixel] = led }
    let peripheral: SimulatedSPIPeripheral
    switch chips.kind {
    case .apa102:
      let model = APA102ChainModel(ledCount: layout.ledCount)
      let seen = missing ? APA102ChainModel(ledCount: layout.ledCount) : model
      peripheral = model
      seenColour = { x, y in
        let led = seen.shown[ledOfPixel[y * width + x]]
        // The 5-bit global brightness scales the three duties.
        func lit(_ duty: UInt8) -> UInt8 {
          curve.lightness[Int(duty) * Int(led.brightness) / 31]
        }
        return RGB(lit(led.red), lit(led.green), lit(led.blue))
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
      seenColour = { x, y in
        let led = seen.colour(ofLED: ledOfPixel[y * width + x])
        // An RGBW LED's white shows the white its colours shared.
        func lit(_ duty: UInt8) -> UInt8 { curve.lightness[min(255, Int(duty) + Int(led.white))] }
        return RGB(lit(led.red), lit(led.green), lit(led.blue))
      }
    }
    let spi = SimulatedSPIDevice(
      name: chips.device, config: SPIConfig(speedHz: UInt32(colour.spiSpeedHz)),
      peripheral: peripheral, clock: clock, log: log)
    panel = board.colourChainPanel(on: spi)
  }

  /// The palette index a pixel shows.
  func seenIndex(x: Int, y: Int) -> UInt8 { palette.index(nearest: seenColour(x, y)) }

  /// What the panel shows, in colour.
  func seen(width: Int, height: Int) -> ColourCanvas {
    var canvas = ColourCanvas(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width { canvas[x, y] = seenColour(x, y) }
    }
    return canvas
  }
}
