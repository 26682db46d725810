/// An ISSI IS31FL3731 charlieplexed LED driver (16 × 9, 8-bit PWM per LED), modelled at the
/// register level: the bank select register 0xFD picks one of eight frames (0–7) or the
/// function registers (0x0B); each frame has LED enables 0x00–0x11, blink bits 0x12–0x23 and
/// PWM 0x24–0xB3 (LED x + 16·y, as on Adafruit's 16×9). Function registers: configuration
/// 0x00 (mode in bits 3–4: 0 is picture mode), picture frame 0x01, shutdown 0x0A (bit 0:
/// 0 = shut down). A write sets the register at its first byte and those after it; a read
/// returns from the register last set. Everything powers up zero: shut down.
///
/// What a person sees is the shown frame's PWM, where the LED is enabled and the chip is not
/// shut down. `tornWrites` counts PWM writes that landed on the frame on show while lit: a
/// half-written picture someone could have seen.
public final class IS31FL3731Model: SimulatedI2CDevice {
  public static let width = 16
  public static let height = 9
  public static let functionBank: UInt8 = 0x0B

  public private(set) var bank: UInt8 = 0
  public private(set) var frames: [[UInt8]] = Array(
    repeating: [UInt8](repeating: 0, count: 0xB4), count: 8)
  public private(set) var function = [UInt8](repeating: 0, count: 0x0D)
  public private(set) var tornWrites = 0
  private var pointer: UInt8 = 0

  public init() {}

  public var shutDown: Bool { function[0x0A] & 0x01 == 0 }
  public var pictureMode: Bool { function[0x00] >> 3 & 0x03 == 0 }
  public var shownFrame: Int { Int(function[0x01] & 0x07) }

  public func i2cWrite(_ bytes: UnsafeRawBufferPointer, at time: UInt64) {
    guard let register = bytes.first else { return }
    if register == 0xFD {
      if bytes.count > 1 { bank = bytes[1] }
      return
    }
    pointer = register
    for byte in bytes.dropFirst() {
      store(byte, at: pointer)
      pointer &+= 1
    }
  }

  public func i2cRead(into bytes: UnsafeMutableRawBufferPointer, at time: UInt64) -> Int {
    for offset in 0..<bytes.count {
      let register = Int(pointer) + offset
      bytes[offset] =
        bank == Self.functionBank
        ? (register < function.count ? function[register] : 0)
        : (bank < 8 && register < 0xB4 ? frames[Int(bank)][register] : 0)
    }
    return bytes.count
  }

  private func store(_ byte: UInt8, at register: UInt8) {
    if bank == Self.functionBank {
      if Int(register) < function.count { function[Int(register)] = byte }
    } else if bank < 8, register < 0xB4 {
      if register >= 0x24, Int(bank) == shownFrame, !shutDown,
        frames[Int(bank)][Int(register)] != byte
      {
        tornWrites += 1
      }
      frames[Int(bank)][Int(register)] = byte
    }
  }

  /// How bright the LED at (x, y) looks, 0–255.
  public func seen(x: Int, y: Int) -> UInt8 {
    guard x >= 0, x < Self.width, y >= 0, y < Self.height, !shutDown, pictureMode else {
      return 0
    }
    let led = x + Self.width * y
    let frame = frames[shownFrame]
    guard frame[led / 8] & (1 << UInt8(led % 8)) != 0 else { return 0 }
    return frame[0x24 + led]
  }
}
