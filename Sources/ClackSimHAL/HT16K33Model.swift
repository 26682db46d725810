/// A Holtek HT16K33 LED driver on a matrix backpack, modelled at the command level: the
/// display RAM (16 bytes, two per COM line, random at power-up), the oscillator, display
/// on/off with blink, and the 16-step dimming. What a person sees is derived from those
/// registers and the backpack's wiring — never from what a driver meant to show.
///
/// Commands (datasheet): `0x2X` system setup (bit 0: oscillator on), `0x8X` display setup
/// (bit 0: on; bits 1–2: blink off, 2 Hz, 1 Hz, 0.5 Hz), `0xEX` dimming (X + 1 sixteenths),
/// `0x0X` sets the RAM address pointer; bytes after it are written from there, the pointer
/// advancing and wrapping at 16. A read returns RAM from the pointer.
public final class HT16K33Model: SimulatedI2CDevice {
  /// How the backpack wires the chip's ROW (anode) and COM (cathode) lines to its LEDs.
  public enum Backpack: String, Sendable, CaseIterable {
    /// 16 × 8: x is ROW 0–15, y is COM 0–7.
    case matrix16x8
    /// 8 × 8: x from ROW 0–7 shifted by one (the Adafruit backpack's column rotation:
    /// LED column x is ROW (x + 7) % 8), y is COM.
    case matrix8x8
    /// Bicolour 8 × 8: green on ROW 0–7, red on ROW 8–15; both lit is yellow.
    case bicolor8x8

    public var width: Int { self == .matrix16x8 ? 16 : 8 }
    public var height: Int { 8 }
  }

  public let backpack: Backpack
  public private(set) var ram: [UInt8]
  public private(set) var oscillatorOn = false
  public private(set) var displayOn = false
  /// 0 off, 1 = 2 Hz, 2 = 1 Hz, 3 = 0.5 Hz.
  public private(set) var blink = 0
  /// 0–15: the display is lit (dimming + 1) sixteenths of the time.
  public private(set) var dimming = 15
  private var pointer = 0
  /// Every command byte received, in order (for tests that check a start-up sequence).
  public private(set) var commands: [UInt8] = []

  public init(backpack: Backpack = .matrix16x8, seed: UInt64 = 1) {
    self.backpack = backpack
    // The RAM powers up with whatever it holds: a driver must clear it before switching on.
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    ram = (0..<16).map { _ in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return UInt8(truncatingIfNeeded: state)
    }
  }

  public func i2cWrite(_ bytes: UnsafeRawBufferPointer, at time: UInt64) {
    guard let command = bytes.first else { return }
    commands.append(command)
    switch command & 0xF0 {
    case 0x00:
      pointer = Int(command & 0x0F)
      for byte in bytes.dropFirst() {
        ram[pointer] = byte
        pointer = (pointer + 1) % 16
      }
    case 0x20:
      oscillatorOn = command & 0x01 != 0
    case 0x80:
      displayOn = command & 0x01 != 0
      blink = Int(command >> 1 & 0x03)
    case 0xE0:
      dimming = Int(command & 0x0F)
    default:
      break  // ROW/INT set, key RAM: nothing a matrix shows
    }
  }

  public func i2cRead(into bytes: UnsafeMutableRawBufferPointer, at time: UInt64) -> Int {
    for index in 0..<bytes.count { bytes[index] = ram[(pointer + index) % 16] }
    return bytes.count
  }

  /// Whether the LED at (x, y) of the backpack is driven on by the RAM (before the display
  /// switch and the oscillator); for the bicolour backpack, either colour.
  public func ramBit(x: Int, y: Int) -> Bool {
    guard x >= 0, x < backpack.width, y >= 0, y < backpack.height else { return false }
    switch backpack {
    case .matrix16x8:
      return bit(row: x, com: y)
    case .matrix8x8:
      return bit(row: (x + 7) % 8, com: y)
    case .bicolor8x8:
      return bit(row: x, com: y) || bit(row: x + 8, com: y)
    }
  }

  /// The bicolour backpack's colour at (x, y): green, red, both (yellow) or none.
  public func bicolor(x: Int, y: Int) -> (green: Bool, red: Bool) {
    (bit(row: x, com: y), bit(row: x + 8, com: y))
  }

  /// How bright the LED at (x, y) looks, 0–255: dark unless the oscillator runs and the
  /// display is on; lit LEDs at the dimming duty (blinking ones counted as on).
  public func seen(x: Int, y: Int) -> UInt8 {
    guard oscillatorOn, displayOn, ramBit(x: x, y: y) else { return 0 }
    return UInt8((dimming + 1) * 255 / 16)
  }

  private func bit(row: Int, com: Int) -> Bool {
    ram[com * 2 + row / 8] & (1 << UInt8(row % 8)) != 0
  }
}
