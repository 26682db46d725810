import ClackHAL

/// Clack smart modules on one or more I2C buses, spoken to with the module register protocol
/// (see docs/module-protocol.md). A module's status is one I2C block read of 13 bytes.
public final class SmartModuleI2CBank<Bus: I2CBus>: SmartModuleBank {
  public struct Module {
    public let bus: Bus
    public let address: UInt8
    public let offset: Int16
    public init(bus: Bus, address: UInt8, offset: Int16 = 0) {
      self.bus = bus
      self.address = address
      self.offset = offset
    }
  }

  public let moduleCount: Int
  public let flapCount: Int
  private let devices: [I2CDevice<Bus>]
  private let offsets: [Int16]
  private var targets: [Int?]
  /// The status block, read into the same array every time: polling allocates nothing.
  private var statusBytes = [UInt8](repeating: 0, count: ModuleProtocol.snapshotLength)
  /// The offset's two bytes, written into the same array at every (re)configuration, which
  /// happens on the executor thread when a module resets.
  private var offsetBytes: [UInt8] = [0, 0]

  public let busCosts: SmartBusCosts

  /// `clockHz`: the slowest of the modules' buses' clocks (the Pi's default 100 kHz unless
  /// the board file raises it), for what each operation costs.
  public init(modules: [Module], flapCount: Int, clockHz: Int = 100_000) throws(HALError) {
    var devices: [I2CDevice<Bus>] = []
    for module in modules {
      devices.append(try I2CDevice(bus: module.bus, address: module.address))
    }
    self.devices = devices
    self.offsets = modules.map(\.offset)
    self.moduleCount = modules.count
    self.flapCount = flapCount
    self.targets = Array(repeating: nil, count: modules.count)
    let write = I2CWireTime.microseconds(written: 2, read: 0, clockHz: clockHz)
    let readByte = I2CWireTime.microseconds(written: 1, read: 1, clockHz: clockHz)
    busCosts = SmartBusCosts(
      status: I2CWireTime.microseconds(
        written: 1, read: ModuleProtocol.snapshotLength, clockHz: clockHz),
      write: write,
      configure: 2 * readByte + I2CWireTime.microseconds(written: 3, read: 0, clockHz: clockHz)
        + write)
  }

  public func configure() -> [ModuleFault] {
    (0..<moduleCount).compactMap(configure(module:))
  }

  /// Checks one module and sets it up; nil when it is ready.
  public func configure(module: Int) -> ModuleFault? {
    let device = devices[module]
    do {
      let version = try device.readByte(register: ModuleProtocol.Register.protocolVersion.rawValue)
      guard version == ModuleProtocol.version else {
        return ModuleFault(
          module: module, kind: .protocolMismatch(version),
          message:
            "speaks module protocol \(version), Clack speaks \(ModuleProtocol.version); update its firmware"
        )
      }
      let flaps = Int(try device.readByte(register: ModuleProtocol.Register.flapCount.rawValue))
      guard flaps == flapCount else {
        return ModuleFault(
          module: module, kind: .flapCountMismatch(module: flaps, board: flapCount),
          message: "has \(flaps) flaps, but the board file's flap set has \(flapCount)")
      }
      let offset = UInt16(bitPattern: offsets[module])
      offsetBytes[0] = UInt8(offset & 0xFF)
      offsetBytes[1] = UInt8(offset >> 8)
      try device.writeBlock(
        register: ModuleProtocol.Register.offsetLow.rawValue, from: &offsetBytes)
      try command(.acknowledgeReset, module: module)
      return nil
    } catch {
      return .bus(module, error)
    }
  }

  public func setTarget(_ flap: Int, module: Int) -> ModuleFault? {
    guard (0..<flapCount).contains(flap) else {
      return ModuleFault(
        module: module, kind: .reported(.badTarget),
        message: "flap \(flap) is not on a \(flapCount)-flap spool")
    }
    targets[module] = flap
    do {
      try devices[module].writeByte(register: ModuleProtocol.Register.target.rawValue, UInt8(flap))
      return nil
    } catch {
      return .bus(module, error)
    }
  }

  public func home(module: Int) -> ModuleFault? {
    do {
      try command(.home, module: module)
      return nil
    } catch {
      return .bus(module, error)
    }
  }

  public func clearFaults(module: Int) -> ModuleFault? {
    do {
      try command(.clearFaults, module: module)
      return nil
    } catch {
      return .bus(module, error)
    }
  }

  public func status(module: Int) -> Result<ModuleProtocol.Snapshot, ModuleFault> {
    do {
      try devices[module].readBlock(register: 0, into: &statusBytes)
    } catch {
      return .failure(.bus(module, error))
    }
    guard let snapshot = ModuleProtocol.Snapshot(bytes: statusBytes) else {
      return .failure(
        ModuleFault(module: module, kind: .bus(.busError), message: "returned a short status"))
    }
    if snapshot.status.contains(.reset) {
      // It lost its configuration and target: restore both, then say it happened.
      if let fault = configure(module: module) { return .failure(fault) }
      if let target = targets[module], let fault = setTarget(target, module: module) {
        return .failure(fault)
      }
      return .failure(
        ModuleFault(
          module: module, kind: .moduleReset,
          message:
            "reset (boot \(snapshot.bootCount)); it was configured again and its target re-sent"))
    }
    if !snapshot.faults.isEmpty {
      return .failure(
        ModuleFault(
          module: module, kind: .reported(snapshot.faults), message: Self.describe(snapshot.faults))
      )
    }
    return .success(snapshot)
  }

  public func release() {
    for module in 0..<moduleCount { try? command(.release, module: module) }
  }

  private func command(_ command: ModuleProtocol.Command, module: Int) throws(HALError) {
    try devices[module].writeByte(
      register: ModuleProtocol.Register.command.rawValue, command.rawValue)
  }

  static func describe(_ faults: ModuleProtocol.Faults) -> String {
    var parts: [String] = []
    if faults.contains(.homeNotFound) {
      parts.append("no home pulse found: the hall sensor may be dead or the rotor stuck")
    }
    if faults.contains(.homeUnexpected) {
      parts.append("a home pulse came where none was expected (it re-synchronised)")
    }
    if faults.contains(.badTarget) { parts.append("it was sent a flap it does not have") }
    if faults.contains(.badCommand) { parts.append("it was sent an unknown command") }
    if faults.contains(.brownout) { parts.append("its supply dipped (brown-out)") }
    return "reports: "
      + (parts.isEmpty ? "fault bits \(faults.rawValue)" : parts.joined(separator: "; "))
  }
}
