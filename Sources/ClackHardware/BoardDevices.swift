import ClackBoard

/// A device node or chip a board's hardware needs, as its board file names it: what
/// `clack doctor` checks this machine for. Here, beside the opening of the board, because
/// this is where the kind of board and its wiring are told apart.
public enum NeededDevice: Hashable, Sendable {
  /// A GPIO chip by label (or `/dev/gpiochipN` path) and the line offsets used on it.
  case gpio(chip: String, lines: [Int])
  /// An I2C bus (`/dev/i2c-1`), the 7-bit addresses that should answer on it, and the clock
  /// the board file runs it at (the Pi's default 100 kHz unless the file says).
  case i2c(bus: String, addresses: [Int], clockHz: Int)
  /// An SPI device node (`/dev/spidev0.0`).
  case spi(path: String)

  /// The group that may use such devices on Raspberry Pi OS (and with udev/60-clack.rules).
  public var group: String {
    switch self {
    case .gpio: "gpio"
    case .i2c: "i2c"
    case .spi: "spi"
    }
  }

  /// Everything `board` drives; empty for a board that only ever runs simulated.
  public static func needed(by board: BoardDefinition) -> [NeededDevice] {
    if let pixels = board.pixels {
      guard !pixels.simulatedOnly else { return [] }
      let chips = pixels.chips
      if let bitBang = chips.bitBang {
        return [.gpio(chip: bitBang.chip, lines: [bitBang.data, bitBang.clock, bitBang.load])]
      }
      switch chips.kind {
      case .max7219, .ws2812, .sk6812, .sk6812RGBW, .apa102: return [.spi(path: chips.device)]
      // A FlaschenTaschen server is reached over the network: no device here.
      case .flaschenTaschen: return []
      case .ht16k33, .is31fl3731: break
      }
      return [
        .i2c(
          bus: chips.device, addresses: chips.placements.map(\.address),
          clockHz: chips.i2cClockHz)
      ]
    }
    guard !board.simulation.always, let hardware = board.hardware else { return [] }
    switch hardware {
    case .gpioStepper(let wiring):
      return [.gpio(chip: wiring.chip, lines: wiring.modules.flatMap { $0.coils + [$0.sensor] })]
    case .shiftRegister(let wiring):
      switch wiring.transport {
      case .spi(let device, _):
        return [.spi(path: device), .gpio(chip: wiring.chip, lines: [wiring.latch, wiring.load])]
      case .gpio(let data, let clock, let dataIn):
        return [
          .gpio(chip: wiring.chip, lines: [data, clock, dataIn, wiring.latch, wiring.load])
        ]
      }
    case .vestaboard:
      return []  // on the network: no device of this machine's
    case .i2cSmart(let wiring), .pcf8575(let wiring):
      var byBus: [String: [Int]] = [:]
      for module in wiring.modules { byBus[module.bus, default: []].append(module.address) }
      let clocks = wiring.clocks
      return byBus.keys.sorted().map {
        .i2c(
          bus: $0, addresses: byBus[$0] ?? [], clockHz: clocks[$0] ?? I2CWiring.defaultClockHz)
      }
    }
  }
}
