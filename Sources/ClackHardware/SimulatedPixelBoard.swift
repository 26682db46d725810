import ClackBoard
import ClackCore
import ClackDrivers
import ClackHAL
import ClackSimHAL

/// The simulated twin of a pixel board file: register-level models of its chips on a
/// simulated I2C bus or SPI device, wired as the file says, under the same driver the real
/// panel uses; a colour panel's are the chain's or the server's models
/// (`SimulatedColourPanel`). `seen()` reads what a person would see back from the models'
/// registers.
public final class SimulatedPixelBoard {
  public let board: PixelBoardDefinition
  public let clock = VirtualClock()
  public let log = TransactionLog()
  public let panel: any PixelPanel
  private let seenPixel: (Int, Int) -> UInt8
  /// A colour panel's twin (nil for single-colour chips).
  private let colourTwin: SimulatedColourPanel?

  public init(board: PixelBoardDefinition) throws(HALError) {
    self.board = board
    let chips = board.chips
    let missing = Set(board.missingChips)
    if let colour = chips.colour {
      let twin = try SimulatedColourPanel(
        board: board, colour: colour, missing: missing.contains(0), clock: clock, log: log)
      colourTwin = twin
      panel = twin.panel
      seenPixel = { twin.seenIndex(x: $0, y: $1) }
      return
    }
    colourTwin = nil
    switch chips.kind {
    case .max7219:
      let model = MAX7219ChainModel(
        blocks: chips.count, mounting: chips.blockRotation, firstOnLeft: chips.firstOnLeft)
      if let wiring = chips.bitBang {
        // The cascade's DIN, CLK and LOAD on a simulated GPIO chip, the model on its lines.
        let byPath = wiring.chip.hasPrefix("/")
        let chip = SimulatedGPIOChip(
          path: byPath ? wiring.chip : "/dev/gpiochip0", label: byPath ? "sim" : wiring.chip,
          lineCount: max(wiring.data, wiring.clock, wiring.load) + 1)
        model.connectBitBang(
          on: chip, data: wiring.data, clock: wiring.clock, load: wiring.load)
        let gpio = SimulatedGPIO(chips: [chip], clock: clock, log: log)
        panel = board.max7219Panel(
          on: try BitBangSPI(
            controller: gpio, chip: LinuxBoard.selector(wiring.chip), data: UInt32(wiring.data),
            clock: UInt32(wiring.clock), select: UInt32(wiring.load)))
      } else {
        let spi = SimulatedSPIDevice(
          name: chips.device, config: SPIConfig(speedHz: UInt32(chips.spiSpeedHz)),
          peripheral: model, clock: clock, log: log)
        panel = board.max7219Panel(on: spi)
      }
      seenPixel = { model.seen(x: $0, y: $1) }
    case .ht16k33:
      let bus = SimulatedI2CBus(
        name: chips.device, clock: clock, log: log,
        timing: WireTiming.raspberryPi.i2cClock(chips.i2cClockHz))
      let backpack: HT16K33Model.Backpack =
        switch chips.backpack {
        case "8x8": .matrix8x8
        case "bicolor-8x8": .bicolor8x8
        default: .matrix16x8
        }
      var models: [(PixelChips.Placement, HT16K33Model)] = []
      for (index, placement) in chips.placements.enumerated() where !missing.contains(index) {
        let model = HT16K33Model(backpack: backpack, seed: UInt64(placement.address))
        bus.attach(model, at: UInt8(placement.address))
        models.append((placement, model))
      }
      panel = try board.ht16k33Panel(on: bus)
      seenPixel = { x, y in
        for (placement, model) in models
        where (placement.x..<placement.x + backpack.width).contains(x)
          && (placement.y..<placement.y + backpack.height).contains(y)
        {
          return model.seen(x: x - placement.x, y: y - placement.y)
        }
        return 0
      }
    case .is31fl3731:
      let bus = SimulatedI2CBus(
        name: chips.device, clock: clock, log: log,
        timing: WireTiming.raspberryPi.i2cClock(chips.i2cClockHz))
      var models: [(PixelChips.Placement, IS31FL3731Model)] = []
      for (index, placement) in chips.placements.enumerated() where !missing.contains(index) {
        let model = IS31FL3731Model()
        bus.attach(model, at: UInt8(placement.address))
        models.append((placement, model))
      }
      panel = try board.is31fl3731Panel(on: bus)
      seenPixel = { x, y in
        for (placement, model) in models
        where (placement.x..<placement.x + 16).contains(x)
          && (placement.y..<placement.y + 9).contains(y)
        {
          return model.seen(x: x - placement.x, y: y - placement.y)
        }
        return 0
      }
    case .ws2812, .sk6812, .sk6812RGBW, .apa102, .flaschenTaschen:
      preconditionFailure("a colour panel's chips carry its wiring")
    }
  }

  /// What the panel shows, read from the chips' registers, in picture coordinates.
  public func seen() -> PixelCanvas {
    let geometry = board.geometry
    var canvas = PixelCanvas(
      width: geometry.canvasWidth, height: geometry.canvasHeight,
      depth: board.depth == .palette ? .palette : .grey)
    readSeen(into: &canvas)
    return canvas
  }

  /// `seen()` into a canvas of the picture's size (no allocation: the frame loop reads it).
  public func readSeen(into canvas: inout PixelCanvas) {
    let geometry = board.geometry
    for y in 0..<geometry.height {
      for x in 0..<geometry.width {
        let point = geometry.canvasPoint(x: x, y: y)
        canvas[point.x, point.y] = seenPixel(x, y)
      }
    }
  }
}
