import ClackBoard
import ClackCore
import ClackDrivers
import ClackHAL

/// A board file's chips as their drivers take them, on any bus: the one place that turns a
/// `PixelChips` into a panel (real devices, the simulation and the benchmark's metered bus).
extension PixelBoardDefinition {
  /// The HT16K33 backpacks at their places on the panel.
  public func ht16k33Panel<Bus: I2CBus>(on bus: Bus) throws(HALError) -> HT16K33Panel<Bus> {
    try HT16K33Panel(
      bus: bus,
      chips: chips.placements.map {
        .init(
          address: UInt8($0.address),
          backpack: HT16K33Panel<Bus>.Backpack(rawValue: chips.backpack) ?? .matrix16x8,
          x: $0.x, y: $0.y)
      }, geometry: geometry)
  }

  /// The IS31FL3731 chips at their places on the panel.
  public func is31fl3731Panel<Bus: I2CBus>(on bus: Bus) throws(HALError) -> IS31FL3731Panel<Bus> {
    try IS31FL3731Panel(
      bus: bus,
      chips: chips.placements.map { .init(address: UInt8($0.address), x: $0.x, y: $0.y) },
      geometry: geometry)
  }

  /// The MAX7219 cascade, mounted and ordered as the file says.
  public func max7219Panel<SPI: SPIDevice>(on spi: SPI) -> MAX7219Panel<SPI> {
    MAX7219Panel(
      spi: spi, blocks: chips.count, blockRotation: chips.blockRotation,
      firstOnLeft: chips.firstOnLeft, geometry: geometry)
  }

  /// The bytes of one frame of a colour chain, all in one SPI transfer; nil for other panels.
  public var spiFrameBytes: Int? {
    guard let colour = chips.colour, chips.kind != .flaschenTaschen else { return nil }
    let leds = colour.layout.ledCount
    return chips.kind == .apa102
      ? APA102Encoding(ledCount: leds).frameBytes
      : WS2812Encoding(ledCount: leds, channels: chips.kind == .sk6812RGBW ? 4 : 3).frameBytes
  }

  /// A colour chain (WS2812, SK6812, APA102) on its SPI device, drawn in the board's palette.
  public func colourChainPanel<SPI: SPIDevice>(on spi: SPI) -> PalettePanel<ColourChainPanel<SPI>> {
    let colour = chips.colour!
    let chip: ColourChainPanel<SPI>.Chip =
      switch chips.kind {
      case .apa102: .apa102
      case .sk6812RGBW: .sk6812RGBW
      default: .ws2812
      }
    return PalettePanel(
      output: ColourChainPanel(spi: spi, chip: chip, layout: colour.layout, budget: colour.budget),
      palette: colour.palette)
  }

  /// A FlaschenTaschen display reached through `sender`, drawn in the board's palette.
  public func flaschenTaschenPanel<Sender: DatagramSender>(on sender: Sender) throws(HALError)
    -> PalettePanel<FlaschenTaschenDisplay<Sender>>
  {
    let colour = chips.colour!
    return PalettePanel(
      output: try FlaschenTaschenDisplay(
        sender: sender, width: geometry.width, height: geometry.height, x: colour.offset.x,
        y: colour.offset.y, layer: colour.offset.layer),
      palette: colour.palette)
  }
}
