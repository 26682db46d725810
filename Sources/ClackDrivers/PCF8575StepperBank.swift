import ClackHAL

/// One PCF8575 I/O expander per module: P00–P03 drive the ULN2003's IN1–IN4, P04 reads the
/// hall sensor. The expander has no registers, so every access is a plain I2C transfer of two
/// bytes (port 0, port 1); pins written 1 are weak-high inputs. Each module is its own
/// device: a NACK from one marks only that module.
public final class PCF8575StepperBank<Bus: I2CBus>: StepperBank {
  public let moduleCount: Int
  public var sensorDelayTicks: Int { 0 }
  public var busFaults: [ModuleFault?] { bookkeeping.busFaults }
  private var bookkeeping: BankBookkeeping
  private let devices: [I2CDevice<Bus>]
  private let sensorPin: Int
  private let sensorActiveLevel: Bool

  /// `addresses[i]` is module i's expander (0x20–0x27 for the PCF8575).
  public convenience init(
    bus: Bus, addresses: [UInt8], sensorPin: Int = 4, sensorActiveLevel: Bool = false
  ) throws(HALError) {
    try self.init(
      modules: addresses.map { (bus, $0) }, sensorPin: sensorPin,
      sensorActiveLevel: sensorActiveLevel)
  }

  /// Module i's expander is `modules[i]`: a bus and an address (a board may use several buses).
  public init(
    modules: [(bus: Bus, address: UInt8)], sensorPin: Int = 4, sensorActiveLevel: Bool = false
  ) throws(HALError) {
    var devices: [I2CDevice<Bus>] = []
    for (bus, address) in modules {
      guard bus.capabilities.contains(.plainI2C) else {
        throw HALError.unsupported(
          "plain I2C transfers, which the PCF8575 needs", bus: bus.name, address: address,
          capabilities: bus.capabilities)
      }
      devices.append(try I2CDevice(bus: bus, address: address))
    }
    self.devices = devices
    self.moduleCount = modules.count
    bookkeeping = BankBookkeeping(moduleCount: modules.count)
    self.sensorPin = sensorPin
    self.sensorActiveLevel = sensorActiveLevel
  }

  // By index, not `enumerated()`: this generic class is called through `StepperBank`,
  // unspecialised, where iterating pairs of a generic element allocates on every tick.
  public func writeCoils(_ patterns: [UInt8]) {
    for module in devices.indices {
      let device = devices[module]
      // Unused pins and the sensor pin stay 1: weak-high inputs, as at power-on.
      let port0 = UInt8(0xF0) | (patterns[module] & 0x0F) | UInt8(1 << sensorPin)
      bookkeeping.perform(for: module) { () throws(HALError) in try device.write(port0, 0xFF) }
    }
  }

  public func readSensors(into active: inout [Bool]) {
    for module in devices.indices {
      let device = devices[module]
      var pins: (UInt8, UInt8) = (0xFF, 0xFF)
      let read = bookkeeping.perform(for: module) { () throws(HALError) in
        pins = try device.readTwoBytes()
      }
      guard read else { continue }
      let level = (UInt16(pins.0) | UInt16(pins.1) << 8) & (1 << UInt16(sensorPin)) != 0
      active[module] = level == sensorActiveLevel
    }
  }

  public func coilsOff() {
    writeCoils(bookkeeping.allOff)
  }
}
