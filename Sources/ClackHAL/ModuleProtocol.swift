/// The Clack module register protocol (version 1): what a host and a smart split-flap module
/// (a microcontroller per module at an I2C address) say to each other. docs/module-protocol.md
/// is the full description, for firmware authors; this is its single definition in code.
public enum ModuleProtocol {
  public static let version: UInt8 = 1

  /// Register addresses. Writes of [register, data…] and reads auto-increment.
  public enum Register: UInt8, CaseIterable, Sendable {
    case protocolVersion = 0x00
    case status = 0x01
    case faults = 0x02
    case flap = 0x03
    case target = 0x04
    case flapCount = 0x05
    case offsetLow = 0x06
    case offsetHigh = 0x07
    case command = 0x08
    case speed = 0x09
    case bootCount = 0x0A
    case missedHomes = 0x0B
    case unexpectedHomes = 0x0C
  }

  /// Bytes in a status snapshot: one block read of registers 0x00–0x0C.
  public static let snapshotLength = 13

  public struct Status: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let homed = Status(rawValue: 0x01)
    public static let moving = Status(rawValue: 0x02)
    public static let fault = Status(rawValue: 0x04)
    public static let coilsOn = Status(rawValue: 0x08)
    /// Set at every power-on until the host acknowledges it: the module reset.
    public static let reset = Status(rawValue: 0x80)
  }

  public struct Faults: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Homing stepped more than (flaps + 2) flaps' worth without seeing the magnet.
    public static let homeNotFound = Faults(rawValue: 0x01)
    /// A home pulse came where none was expected (the module re-homed on it).
    public static let homeUnexpected = Faults(rawValue: 0x02)
    /// A target at or past FLAP_COUNT was written (and ignored).
    public static let badTarget = Faults(rawValue: 0x04)
    public static let badCommand = Faults(rawValue: 0x08)
    public static let brownout = Faults(rawValue: 0x10)
  }

  public enum Command: UInt8, Sendable {
    case home = 0x01
    case clearFaults = 0x02
    case acknowledgeReset = 0x03
    case release = 0x04
  }

  /// Decoded status snapshot.
  public struct Snapshot: Sendable, Hashable {
    public let protocolVersion: UInt8
    public let status: Status
    public let faults: Faults
    /// Flap shown, or nil before the module has homed (0xFF on the wire).
    public let flap: Int?
    public let target: Int
    public let flapCount: Int
    public let offset: Int16
    public let speed: UInt8
    public let bootCount: UInt8
    public let missedHomes: UInt8
    public let unexpectedHomes: UInt8

    public init?(bytes: [UInt8]) {
      guard bytes.count >= ModuleProtocol.snapshotLength else { return nil }
      protocolVersion = bytes[0]
      status = Status(rawValue: bytes[1])
      faults = Faults(rawValue: bytes[2])
      flap = bytes[3] == 0xFF ? nil : Int(bytes[3])
      target = Int(bytes[4])
      flapCount = Int(bytes[5])
      offset = Int16(bitPattern: UInt16(bytes[6]) | UInt16(bytes[7]) << 8)
      speed = bytes[9]
      bootCount = bytes[10]
      missedHomes = bytes[11]
      unexpectedHomes = bytes[12]
    }
  }
}
