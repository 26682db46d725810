/// What an I2C adapter can do, as reported by Linux's `I2C_FUNCS` (the same bit values).
public struct I2CCapabilities: OptionSet, Sendable, Hashable {
  public let rawValue: UInt64
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// Plain I2C transfers (`I2C_RDWR`), needed for writes longer than 32 bytes in one go.
  public static let plainI2C = I2CCapabilities(rawValue: 0x0000_0001)
  /// SMBus send/receive byte (one byte with no register: a command, such as the HT16K33's).
  public static let smbusByte = I2CCapabilities(rawValue: 0x0006_0000)
  /// SMBus read/write byte data.
  public static let smbusByteData = I2CCapabilities(rawValue: 0x0018_0000)
  /// SMBus read/write word data.
  public static let smbusWordData = I2CCapabilities(rawValue: 0x0060_0000)
  /// SMBus block data (a count byte from the device).
  public static let smbusBlockData = I2CCapabilities(rawValue: 0x0300_0000)
  /// I2C block read/write (up to 32 bytes at a register).
  public static let smbusI2CBlock = I2CCapabilities(rawValue: 0x0C00_0000)

  /// A short list for logs and errors.
  public var summary: String {
    var parts: [String] = []
    if contains(.plainI2C) { parts.append("I2C") }
    if contains(.smbusByte) { parts.append("SMBus send byte") }
    if contains(.smbusByteData) { parts.append("SMBus byte") }
    if contains(.smbusWordData) { parts.append("SMBus word") }
    if contains(.smbusBlockData) { parts.append("SMBus block") }
    if contains(.smbusI2CBlock) { parts.append("I2C block") }
    return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
  }
}

/// One SMBus transaction. Block transactions move their data through the caller's buffer.
public enum SMBusTransaction: Sendable, Hashable {
  /// One byte with no register ("send byte"): a command.
  case sendByte(UInt8)
  /// One byte read with no register ("receive byte"): from wherever the device's pointer is.
  case receiveByte
  case readByteData(register: UInt8)
  case writeByteData(register: UInt8, value: UInt8)
  case readWordData(register: UInt8)
  case writeWordData(register: UInt8, value: UInt16)
  /// Reads `count` (1–32) bytes from consecutive registers into the buffer.
  case readI2CBlock(register: UInt8, count: Int)
  /// Writes `count` (1–32) bytes from the buffer to consecutive registers.
  case writeI2CBlock(register: UInt8, count: Int)
}

/// An I2C bus. Backends implement the two primitives; everything else (`I2CDevice`) is built
/// on them.
public protocol I2CBus: AnyObject {
  /// The bus's name for messages, such as `/dev/i2c-1`.
  var name: String { get }
  /// What the adapter supports, asked once when the bus was opened.
  var capabilities: I2CCapabilities { get }
  /// A plain transfer: write `write` (may be empty), then read `read.count` bytes (may be zero)
  /// after a repeated start. Needs `.plainI2C`.
  func transfer(
    address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer
  ) throws(HALError)
  /// One SMBus transaction; returns the byte or word read (0 for writes and blocks).
  func smbus(
    address: UInt8, _ transaction: SMBusTransaction, buffer: UnsafeMutableRawBufferPointer
  ) throws(HALError) -> UInt16
}

/// The 7-bit addresses a device may use; 0x00–0x07 and 0x78–0x7F are reserved by the I2C
/// specification.
public let validI2CAddresses: ClosedRange<UInt8> = 0x08...0x77
