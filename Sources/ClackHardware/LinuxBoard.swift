import ClackBoard
import ClackDrivers
import ClackHAL
import ClackLinuxHAL

/// A board file's modules on this machine's real GPIO, I2C and SPI devices, under the same
/// drivers as its simulated twin. Opening claims the lines and buses (and reports, by name,
/// any that are missing, busy or not permitted).
public struct LinuxBoard {
  public let board: BoardDefinition
  public private(set) var stepped: StepperBank?
  public private(set) var smart: SmartModuleBank?

  public init(board: BoardDefinition) throws(HALError) {
    guard let hardware = board.hardware else {
      throw HALError(
        kind: .invalidArgument, device: board.name,
        message: "board '\(board.name)' has no modules section, so there is nothing to drive")
    }
    self.board = board
    switch hardware {
    case .gpioStepper(let wiring): stepped = try Self.gpioStepper(wiring)
    case .shiftRegister(let wiring): stepped = try Self.shiftRegister(wiring, board: board)
    case .i2cSmart(let wiring): smart = try Self.smartModules(wiring, board: board)
    case .pcf8575(let wiring): stepped = try Self.pcf8575(wiring)
    }
  }

  static func missing(_ what: String, trait: String, package: String) -> HALError {
    HALError(
      kind: .unsupported, device: what,
      message:
        "this clack was built without \(what) support; install \(package) and build with the \(trait) trait (the default)"
    )
  }

  static func selector(_ chip: String) -> GPIOChipSelector {
    chip.hasPrefix("/") ? .path(chip) : .label(chip)
  }

  private static func gpioStepper(_ wiring: GPIOStepperWiring) throws(HALError) -> StepperBank {
    #if GPIOD && os(Linux)
      return try GPIOStepperBank(
        controller: LinuxGPIOController(), chip: selector(wiring.chip),
        modules: wiring.modules.map {
          .init(coils: $0.coils.map(UInt32.init), sensor: UInt32($0.sensor))
        },
        sensorActiveLevel: wiring.sensorActiveHigh, sensorBias: GPIOBias(wiring.sensorBias))
    #else
      throw missing("GPIO", trait: "GPIOD", package: "libgpiod-dev")
    #endif
  }

  private static func shiftRegister(_ wiring: ShiftRegisterWiring, board: BoardDefinition)
    throws(HALError) -> StepperBank
  {
    #if GPIOD && os(Linux)
      let gpio = LinuxGPIOController()
      switch wiring.transport {
      case .spi(let device, let speed):
        return try ShiftRegisterSPIBank(
          spi: LinuxSPIDevice(path: device, config: SPIConfig(speedHz: UInt32(speed))),
          controller: gpio, chip: selector(wiring.chip), latchLine: UInt32(wiring.latch),
          loadLine: UInt32(wiring.load), moduleCount: board.moduleCount,
          sensorActiveLevel: wiring.sensorActiveHigh)
      case .gpio(let data, let clock, let dataIn):
        return try ShiftRegisterGPIOBank(
          controller: gpio, chip: selector(wiring.chip),
          lines: .init(
            data: UInt32(data), clock: UInt32(clock), latch: UInt32(wiring.latch),
            load: UInt32(wiring.load), dataIn: UInt32(dataIn)),
          moduleCount: board.moduleCount, sensorActiveLevel: wiring.sensorActiveHigh)
      }
    #else
      throw missing("GPIO", trait: "GPIOD", package: "libgpiod-dev")
    #endif
  }

  private static func smartModules(_ wiring: I2CWiring, board: BoardDefinition) throws(HALError)
    -> SmartModuleBank
  {
    #if I2C && os(Linux)
      let buses = try openBuses(wiring)
      var modules: [SmartModuleI2CBank<LinuxI2CBus>.Module] = []
      for (index, place) in wiring.modules.enumerated() {
        guard let bus = buses[place.bus] else { continue }
        modules.append(
          .init(
            bus: bus, address: UInt8(place.address),
            offset: Int16(clamping: board.offsets[index])))
      }
      return try SmartModuleI2CBank(modules: modules, flapCount: board.flapSet.count)
    #else
      throw missing("I2C", trait: "I2C", package: "libi2c-dev")
    #endif
  }

  #if I2C && os(Linux)
    /// Each bus path of the wiring, opened once.
    private static func openBuses(_ wiring: I2CWiring) throws(HALError) -> [String: LinuxI2CBus] {
      var buses: [String: LinuxI2CBus] = [:]
      for place in wiring.modules where buses[place.bus] == nil {
        buses[place.bus] = try LinuxI2CBus(path: place.bus)
      }
      return buses
    }
  #endif

  private static func pcf8575(_ wiring: I2CWiring) throws(HALError) -> StepperBank {
    #if I2C && os(Linux)
      let buses = try openBuses(wiring)
      var modules: [(bus: LinuxI2CBus, address: UInt8)] = []
      for place in wiring.modules {
        guard let bus = buses[place.bus] else { continue }
        modules.append((bus, UInt8(place.address)))
      }
      return try PCF8575StepperBank(modules: modules)
    #else
      throw missing("I2C", trait: "I2C", package: "libi2c-dev")
    #endif
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
