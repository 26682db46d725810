import ClackHAL

/// One PCF8575 I/O expander per module: P00–P03 drive the ULN2003's IN1–IN4, P04 reads the
/// hall sensor. The expander has no registers, so every access is a plain I2C transfer of two
/// bytes (port 0, port 1); pins written 1 are weak-high inputs. Each module is its own
/// device: a NACK from one marks only that module.
///
/// I2C is slow beside a 1 ms tick (a two-byte transfer is about 92 µs at 400 kHz on a Pi,
/// docs/hal.md), so a tick only touches the expanders that need it: a module's coils are
/// written when their pattern changes, and its sensor is read when its rotor may have moved
/// (new coils, not off). A resting rotor cannot turn its magnet past the sensor, so its last
/// reading stands; a module whose transfer failed is written and read again next tick.
public final class PCF8575StepperBank<Bus: I2CBus>: StepperBank {
  public let moduleCount: Int
  public var sensorDelayTicks: Int { 0 }
  public var busFaults: [ModuleFault?] { bookkeeping.busFaults }
  private var bookkeeping: BankBookkeeping
  private let devices: [I2CDevice<Bus>]
  private let sensorPin: Int
  private let sensorActiveLevel: Bool
  /// Each module's coils as last written, or nil when unknown (at the start, after a failure).
  private var written: [UInt8?]
  /// Modules whose rotor may have moved since their sensor was last read.
  private var mayHaveMoved: [Bool]

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
    written = Array(repeating: nil, count: modules.count)
    mayHaveMoved = Array(repeating: true, count: modules.count)
  }

  // By index, not `enumerated()`: this generic class is called through `StepperBank`,
  // unspecialised, where iterating pairs of a generic element allocates on every tick.
  public func writeCoils(_ patterns: [UInt8]) {
    for module in devices.indices {
      let device = devices[module]
      // Unused pins and the sensor pin stay 1: weak-high inputs, as at power-on.
      let coils = patterns[module] & 0x0F
      guard written[module] != coils else { continue }
      let port0 = UInt8(0xF0) | coils | UInt8(1 << sensorPin)
      let done = bookkeeping.perform(for: module) { () throws(HALError) in
        try device.write(port0, 0xFF)
      }
      written[module] = done ? coils : nil
      // Coils switched off leave the rotor where it was; new ones may have stepped it.
      if coils != 0 || !done { mayHaveMoved[module] = true }
    }
  }

  public func readSensors(into active: inout [Bool]) {
    for module in devices.indices where mayHaveMoved[module] {
      let device = devices[module]
      var pins: (UInt8, UInt8) = (0xFF, 0xFF)
      let read = bookkeeping.perform(for: module) { () throws(HALError) in
        pins = try device.readTwoBytes()
      }
      guard read else { continue }
      mayHaveMoved[module] = false
      let level = (UInt16(pins.0) | UInt16(pins.1) << 8) & (1 << UInt16(sensorPin)) != 0
      active[module] = level == sensorActiveLevel
    }
  }

  /// Every coil off, written to every expander whatever was written before: the last word
  /// before a stop, and the start of a self-test.
  public func coilsOff() {
    for module in written.indices { written[module] = nil }
    writeCoils(bookkeeping.allOff)
  }
}
