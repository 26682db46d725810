/// One operation seen on a simulated bus.
public struct BusTransaction: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: String, Sendable {
    case gpioSet = "gpio-set"
    case gpioGet = "gpio-get"
    case i2cWrite = "i2c-write"
    case i2cRead = "i2c-read"
    case i2cError = "i2c-error"
    case spiTransfer = "spi"
  }

  /// Virtual time of the operation, in nanoseconds.
  public let time: UInt64
  /// The bus: a GPIO chip path, an I2C bus path or an SPI device path.
  public let bus: String
  public let kind: Kind
  /// The I2C address, for I2C operations.
  public let address: UInt8?
  /// Bytes written or read (GPIO masks as 8 little-endian bytes).
  public let bytes: [UInt8]

  public var description: String {
    let at = address.map { " \(hexByte($0))" } ?? ""
    return "\(time) \(bus)\(at) \(kind.rawValue) [\(bytes.map(hexByte).joined(separator: " "))]"
  }
}

/// Every operation on the simulated buses that share it, in order, for tests to assert on.
public final class TransactionLog {
  public private(set) var entries: [BusTransaction] = []
  /// Turn off for long runs where nothing reads the log.
  public var isEnabled = true

  public init() {}

  /// Built only while enabled, so a long run with the log off allocates nothing here.
  func record(_ transaction: @autoclosure () -> BusTransaction) {
    if isEnabled { entries.append(transaction()) }
  }

  public func clear() { entries.removeAll(keepingCapacity: true) }

  /// Entries of one kind, optionally on one bus.
  public func entries(_ kind: BusTransaction.Kind, bus: String? = nil) -> [BusTransaction] {
    entries.filter { $0.kind == kind && (bus == nil || $0.bus == bus) }
  }
}

func hexByte(_ value: UInt8) -> String {
  let digits = String(value, radix: 16)
  return digits.count < 2 ? "0" + digits : digits
}

func maskBytes(_ mask: UInt64) -> [UInt8] {
  (0..<8).map { UInt8(truncatingIfNeeded: mask >> (8 * UInt64($0))) }
}
