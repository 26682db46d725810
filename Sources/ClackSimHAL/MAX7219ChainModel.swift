/// A cascade of Maxim MAX7219 LED drivers, each on an 8×8 block, modelled at the register
/// level on its SPI wires. Each transfer shifts 16-bit words through the chain (the first chip
/// takes the bits from the Pi, and passes what falls out of its register to the next); at the
/// end of the transfer LOAD (the chip select) rises and every chip acts on the word it holds:
/// address in bits 8–11, data in bits 0–7. So the word for the last chip goes out first, and a
/// no-op (address 0) addresses nobody.
///
/// Registers: digits 0x01–0x08, decode 0x09, intensity 0x0A (0–15), scan limit 0x0B (digits
/// shown − 1), shutdown 0x0C (1 = on), display test 0x0F. At power-up a chip is shut down,
/// scans one digit, and its digit registers hold whatever they hold.
///
/// What a person sees comes from the registers and how each block is mounted: in a block's own
/// wiring digit d drives row d, bit 7 the leftmost column; `mounting` turns a block on the
/// panel (clockwise quarter turns), and the first chip of the chain sits at the panel's right
/// end unless `firstOnLeft` (both vary between the modules sold).
public final class MAX7219ChainModel: SimulatedSPIPeripheral {
  public struct Chip: Sendable, Hashable {
    public var shift: UInt16 = 0
    public var digits: [UInt8]
    public var decode: UInt8 = 0
    public var intensity = 0
    public var scanLimit = 0
    public var on = false
    public var test = false
  }

  public private(set) var chips: [Chip]
  public let mounting: Int
  public let firstOnLeft: Bool
  /// Every word each chip acted on, in order (address, data), for tests of write counts.
  public private(set) var latched: [[(UInt8, UInt8)]]

  public init(blocks: Int, mounting: Int = 0, firstOnLeft: Bool = false, seed: UInt64 = 1) {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    chips = (0..<blocks).map { _ in
      Chip(
        digits: (0..<8).map { _ in
          state ^= state << 13
          state ^= state >> 7
          state ^= state << 17
          return UInt8(truncatingIfNeeded: state)
        })
    }
    self.mounting = mounting
    self.firstOnLeft = firstOnLeft
    latched = Array(repeating: [], count: blocks)
  }

  public func spiTransfer(
    _ write: UnsafeRawBufferPointer, into read: UnsafeMutableRawBufferPointer, at time: UInt64,
    speedHz: Int
  ) {
    for (index, byte) in write.enumerated() {
      var out: UInt8 = 0
      for bit in stride(from: 7, through: 0, by: -1) {
        out = out << 1 | (shift(byte >> UInt8(bit) & 1 != 0) ? 1 : 0)
      }
      if index < read.count { read[index] = out }
    }
    // LOAD rises at the end of the transfer: every chip latches its word.
    load()
  }

  /// One rising edge of CLK with DIN at `bit`: every chip's register shifts left by one, the
  /// first taking `bit`, each passing its top bit to the next. Returns the bit that falls out
  /// of the last (its DOUT). The MAX7219 shifts whatever LOAD is doing.
  @discardableResult
  public func shift(_ bit: Bool) -> Bool {
    var carry: UInt16 = bit ? 1 : 0
    for chip in chips.indices {
      let next = chips[chip].shift >> 15
      chips[chip].shift = chips[chip].shift << 1 | carry
      carry = next
    }
    return carry != 0
  }

  /// LOAD rises: every chip acts on the word it holds.
  public func load() {
    for chip in chips.indices { apply(chip) }
  }

  /// Wires a cascade bit-banged on GPIO lines: DIN and CLK shift (on CLK's rising edge), LOAD
  /// latches (on its rising edge). The chip keeps the model alive.
  public func connectBitBang(on chip: SimulatedGPIOChip, data: Int, clock: Int, load: Int) {
    var previous = (clock: false, load: true)
    chip.connectOutputs([data, clock, load]) { levels, _ in
      if levels[1] && !previous.clock { self.shift(levels[0]) }
      if levels[2] && !previous.load { self.load() }
      previous = (levels[1], levels[2])
    }
  }

  private func apply(_ index: Int) {
    let address = UInt8(chips[index].shift >> 8 & 0x0F)
    let data = UInt8(chips[index].shift & 0xFF)
    guard address != 0 else { return }
    latched[index].append((address, data))
    switch address {
    case 0x01...0x08: chips[index].digits[Int(address) - 1] = data
    case 0x09: chips[index].decode = data
    case 0x0A: chips[index].intensity = Int(data & 0x0F)
    case 0x0B: chips[index].scanLimit = Int(data & 0x07)
    case 0x0C: chips[index].on = data & 0x01 != 0
    case 0x0F: chips[index].test = data & 0x01 != 0
    default: break
    }
  }

  /// Pixels across the panel.
  public var width: Int { chips.count * 8 }

  /// How bright the LED at (x, y) of the panel looks, 0–255: dark when its chip is shut down
  /// or the digit is not scanned; every LED at full in display test; else lit LEDs at the
  /// intensity's duty ((2·intensity + 1) / 32). Decoded digits (Code B) are not a matrix
  /// picture and show dark.
  public func seen(x: Int, y: Int) -> UInt8 {
    guard x >= 0, x < width, y >= 0, y < 8 else { return 0 }
    let block = x / 8
    let chip = firstOnLeft ? block : chips.count - 1 - block
    let (column, row) = native(x: x % 8, y: y)
    let state = chips[chip]
    if state.test { return 255 }
    guard state.on, row <= state.scanLimit, state.decode & (1 << UInt8(row)) == 0,
      state.digits[row] & (0x80 >> UInt8(column)) != 0
    else { return 0 }
    return UInt8((2 * state.intensity + 1) * 255 / 32)
  }

  /// A block's LED (x, y) as mounted, in the chip's own wiring (column, row).
  private func native(x: Int, y: Int) -> (Int, Int) {
    switch mounting {
    case 90: return (y, 7 - x)
    case 180: return (7 - x, 7 - y)
    case 270: return (7 - y, x)
    default: return (x, y)
    }
  }
}
