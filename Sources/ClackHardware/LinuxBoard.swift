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
    case .vestaboard:
      throw HALError(
        kind: .unsupported, device: board.name,
        message: "board '\(board.name)' is a Vestaboard: it is reached over its Local API")
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
      return try FlapBanks.gpioStepper(
        wiring, controller: LinuxGPIOController(), chip: selector(wiring.chip))
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
        return try FlapBanks.shiftRegisterSPI(
          wiring, spi: LinuxSPIDevice(path: device, config: SPIConfig(speedHz: UInt32(speed))),
          controller: gpio, chip: selector(wiring.chip), moduleCount: board.moduleCount)
      case .gpio(let data, let clock, let dataIn):
        return try FlapBanks.shiftRegisterGPIO(
          wiring, data: data, clock: clock, dataIn: dataIn, controller: gpio,
          chip: selector(wiring.chip), moduleCount: board.moduleCount)
      }
    #else
      throw missing("GPIO", trait: "GPIOD", package: "libgpiod-dev")
    #endif
  }

  private static func smartModules(_ wiring: I2CWiring, board: BoardDefinition) throws(HALError)
    -> SmartModuleBank
  {
    #if I2C && os(Linux)
      return try FlapBanks.smartModules(
        wiring,
        buses: FlapBanks.buses(wiring) { (path, _) throws(HALError) in
          try LinuxI2CBus(path: path)
        },
        board: board)
    #else
      throw missing("I2C", trait: "I2C", package: "libi2c-dev")
    #endif
  }

  private static func pcf8575(_ wiring: I2CWiring) throws(HALError) -> StepperBank {
    #if I2C && os(Linux)
      return try FlapBanks.pcf8575(
        wiring,
        buses: FlapBanks.buses(wiring) { (path, _) throws(HALError) in
          try LinuxI2CBus(path: path)
        })
    #else
      throw missing("I2C", trait: "I2C", package: "libi2c-dev")
    #endif
  }
}
