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

/// Modules whose motors the host steps: the scheduler computes coil patterns, the bank moves
/// them to the hardware.
public protocol StepperBank: AnyObject {
  var moduleCount: Int { get }
  /// Drives every module's coils at once: `patterns[i]` is module i's IN1–IN4 (bit 0 = IN1).
  /// A failure marks the affected modules in `busFaults` instead of throwing.
  func writeCoils(_ patterns: [UInt8])
  /// Reads every module's home sensor: `active[i]` is true while module i sees its magnet.
  func readSensors(into active: inout [Bool])
  /// Switches every coil off (idle, stop, exit): energised coils overheat.
  func coilsOff()
  /// The latest bus failure of each module, nil once an operation succeeds again.
  var busFaults: [ModuleFault?] { get }
  /// How many ticks old the sensors are when read after `writeCoils`: 0 when they are read
  /// after the coils change, 1 for shift-register chains, which capture the sensors at the
  /// start of the transfer that latches the new coils. Position tracking must allow for it.
  var sensorDelayTicks: Int { get }
}

/// Modules with their own controller (Clack smart modules): the host sets targets and reads
/// status; the module steps itself.
public protocol SmartModuleBank: AnyObject {
  var moduleCount: Int { get }
  /// Checks every module's protocol version and flap count, writes its offset and
  /// acknowledges its reset flag. Returns the faults found (empty when all are ready).
  func configure() -> [ModuleFault]
  /// Configures one module as `configure()` does; nil when it is ready.
  func configure(module: Int) -> ModuleFault?
  func setTarget(_ flap: Int, module: Int) -> ModuleFault?
  func home(module: Int) -> ModuleFault?
  /// Clears a module's latched FAULTS register once the host has noted them.
  func clearFaults(module: Int) -> ModuleFault?
  /// A module's status, or its fault. A module found reset is configured again, its last
  /// target re-sent, and reported once as `moduleReset`.
  func status(module: Int) -> Result<ModuleProtocol.Snapshot, ModuleFault>
  /// Switches every module's coils off.
  func release()
}
