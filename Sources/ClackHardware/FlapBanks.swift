import ClackBoard
import ClackDrivers
import ClackHAL

/// The drivers of a flap board's wiring, built once for both families of HAL: `LinuxBoard`
/// hands in this machine's devices and `SimulatedBoard` its twin's, and each wiring becomes
/// the same driver with the same lines, addresses and offsets either way. Generic over the
/// device types, so the real-time loop calls them directly, not through an existential.
enum FlapBanks {
  /// Steppers on GPIO lines: four coil lines and a sensor per module.
  static func gpioStepper<Controller: GPIOController>(
    _ wiring: GPIOStepperWiring, controller: Controller, chip: GPIOChipSelector
  ) throws(HALError) -> StepperBank {
    try GPIOStepperBank(
      controller: controller, chip: chip,
      modules: wiring.modules.map {
        .init(coils: $0.coils.map(UInt32.init), sensor: UInt32($0.sensor))
      },
      sensorActiveLevel: wiring.sensorActiveHigh, sensorBias: GPIOBias(wiring.sensorBias))
  }

  /// A 74HC595/165 chain shifted over SPI, latched and loaded on two GPIO lines.
  static func shiftRegisterSPI<SPI: SPIDevice, Controller: GPIOController>(
    _ wiring: ShiftRegisterWiring, spi: SPI, controller: Controller, chip: GPIOChipSelector,
    moduleCount: Int
  ) throws(HALError) -> StepperBank {
    try ShiftRegisterSPIBank(
      spi: spi, controller: controller, chip: chip, latchLine: UInt32(wiring.latch),
      loadLine: UInt32(wiring.load), moduleCount: moduleCount,
      sensorActiveLevel: wiring.sensorActiveHigh)
  }

  /// The same chain bit-banged on GPIO lines.
  static func shiftRegisterGPIO<Controller: GPIOController>(
    _ wiring: ShiftRegisterWiring, data: Int, clock: Int, dataIn: Int, controller: Controller,
    chip: GPIOChipSelector, moduleCount: Int
  ) throws(HALError) -> StepperBank {
    try ShiftRegisterGPIOBank(
      controller: controller, chip: chip,
      lines: .init(
        data: UInt32(data), clock: UInt32(clock), latch: UInt32(wiring.latch),
        load: UInt32(wiring.load), dataIn: UInt32(dataIn)),
      moduleCount: moduleCount, sensorActiveLevel: wiring.sensorActiveHigh)
  }

  /// Smart modules on I2C, each at its address on its bus, with its mechanical offset.
  static func smartModules<Bus: I2CBus>(
    _ wiring: I2CWiring, buses: [String: Bus], board: BoardDefinition
  ) throws(HALError) -> SmartModuleBank {
    var modules: [SmartModuleI2CBank<Bus>.Module] = []
    for (index, place) in wiring.modules.enumerated() {
      guard let bus = buses[place.bus] else { continue }
      modules.append(
        .init(
          bus: bus, address: UInt8(place.address),
          offset: Int16(clamping: board.offsets[index])))
    }
    return try SmartModuleI2CBank(
      modules: modules, flapCount: board.flapSet.count,
      clockHz: wiring.clocks.values.min() ?? I2CWiring.defaultClockHz)
  }

  /// One PCF8575 expander per stepper module, each at its address on its bus.
  static func pcf8575<Bus: I2CBus>(_ wiring: I2CWiring, buses: [String: Bus]) throws(HALError)
    -> StepperBank
  {
    var modules: [(bus: Bus, address: UInt8)] = []
    for place in wiring.modules {
      guard let bus = buses[place.bus] else { continue }
      modules.append((bus, UInt8(place.address)))
    }
    return try PCF8575StepperBank(modules: modules)
  }

  /// Each bus path of an I2C wiring, opened once.
  static func buses<Bus: I2CBus, Failure: Error>(
    _ wiring: I2CWiring, open: (_ path: String, _ group: Int) throws(Failure) -> Bus
  ) throws(Failure) -> [String: Bus] {
    var buses: [String: Bus] = [:]
    for (index, group) in wiring.groups.enumerated() where buses[group.bus] == nil {
      buses[group.bus] = try open(group.bus, index)
    }
    return buses
  }
}

extension GPIOBias {
  /// A board file's `sensor_bias`, as the GPIO request asks for it.
  init(_ bias: SensorBias) {
    switch bias {
    case .pullUp: self = .pullUp
    case .pullDown: self = .pullDown
    case .disabled: self = .disabled
    case .asIs: self = .asIs
    }
  }
}
