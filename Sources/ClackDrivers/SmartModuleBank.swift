import ClackHAL

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
  /// How long each kind of operation holds the bus, so a tick can share its bus time.
  var busCosts: SmartBusCosts { get }
}

/// How long a smart module's operations hold the bus, in microseconds.
public struct SmartBusCosts: Sendable, Equatable {
  /// A status read.
  public var status: Int
  /// A target or a command: one register write.
  public var write: Int
  /// Configuring a module: its version and flap count read, its offset written, its reset
  /// acknowledged.
  public var configure: Int

  public init(status: Int, write: Int, configure: Int) {
    (self.status, self.write, self.configure) = (status, write, configure)
  }

  /// A bus that takes no time.
  public static let free = SmartBusCosts(status: 0, write: 0, configure: 0)
}
