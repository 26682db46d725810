import ClackHAL

/// Something wrong with one module, for the layers above to show and act on. A fault never
/// stops the other modules.
public struct ModuleFault: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Kind: Sendable, Hashable {
    /// The module's bus operation failed (NACK, timeout, bus error …).
    case bus(HALErrorKind)
    /// Homing went more than a revolution without a home pulse: dead sensor or stuck rotor.
    case homeNotFound
    /// The sensor never went inactive: the rotor is stuck on the magnet or the sensor shorted.
    case sensorStuckActive
    /// A smart module reported faults (its FAULTS register).
    case reported(ModuleProtocol.Faults)
    /// A smart module reset since it was configured (its RESET flag came back).
    case moduleReset
    /// A smart module speaks another protocol version.
    case protocolMismatch(UInt8)
    /// A smart module's spool has another number of flaps than the board file says.
    case flapCountMismatch(module: Int, board: Int)
  }

  public let module: Int
  public let kind: Kind
  public let message: String

  public init(module: Int, kind: Kind, message: String) {
    self.module = module
    self.kind = kind
    self.message = message
  }

  public var description: String { "module \(module): \(message)" }

  static func bus(_ module: Int, _ error: HALError) -> ModuleFault {
    ModuleFault(module: module, kind: .bus(error.kind), message: error.message)
  }
}
