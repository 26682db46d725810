/// How modules are built and wired, as a board file says. Line numbers are GPIO line offsets on
/// the named chip; addresses are 7-bit I2C addresses.
public enum ModuleHardware: Hashable, Sendable {
  /// A ULN2003 + 28BYJ-48 and a hall sensor per module, straight on GPIO lines.
  case gpioStepper(GPIOStepperWiring)
  /// A Chainlink-style 74HC595/74HC165 chain, over SPI or bit-banged GPIO.
  case shiftRegister(ShiftRegisterWiring)
  /// Clack smart modules (module register protocol) on I2C.
  case i2cSmart(I2CWiring)
  /// One PCF8575 expander per module on I2C.
  case pcf8575(I2CWiring)
  /// A Vestaboard (or another board answering its Local API) on the network: its own
  /// controller moves the flaps, Clack sends it whole messages.
  case vestaboard(MessageBoardWiring)

  public static let typeNames = [
    "gpio-stepper", "shift-register", "i2c-smart", "pcf8575", "vestaboard",
  ]

  public var typeName: String {
    switch self {
    case .gpioStepper: "gpio-stepper"
    case .shiftRegister: "shift-register"
    case .i2cSmart: "i2c-smart"
    case .pcf8575: "pcf8575"
    case .vestaboard: "vestaboard"
    }
  }

  /// Smart modules step themselves; the host only polls them.
  public var isSmart: Bool {
    if case .i2cSmart = self { return true }
    return false
  }

  /// The I2C buses and addresses of modules on I2C; nil for GPIO and shift-register wiring.
  public var i2cWiring: I2CWiring? {
    switch self {
    case .i2cSmart(let wiring), .pcf8575(let wiring): wiring
    case .gpioStepper, .shiftRegister, .vestaboard: nil
    }
  }

  /// The same modules on `wiring` (I2C kinds only; others are returned unchanged).
  public func with(i2cWiring wiring: I2CWiring) -> ModuleHardware {
    switch self {
    case .i2cSmart: .i2cSmart(wiring)
    case .pcf8575: .pcf8575(wiring)
    case .gpioStepper, .shiftRegister, .vestaboard: self
    }
  }
}

/// The bias a board file asks for on its sensor lines: an open-collector hall sensor needs a
/// pull-up (the default), unless the board has its own resistors.
public enum SensorBias: String, CaseIterable, Hashable, Sendable {
  case pullUp = "pull-up"
  case pullDown = "pull-down"
  case disabled
  case asIs = "as-is"
}

public struct GPIOStepperWiring: Hashable, Sendable {
  /// A chip label (preferred) or a /dev/gpiochipN path.
  public var chip: String
  public var modules: [Module]
  /// The sensor output's level when it sees the magnet (hall sensors usually pull low).
  public var sensorActiveHigh: Bool
  /// The bias on the sensor lines (`sensor_bias`).
  public var sensorBias: SensorBias

  public struct Module: Hashable, Sendable {
    public var coils: [Int]
    public var sensor: Int
  }
}

public struct ShiftRegisterWiring: Hashable, Sendable {
  public enum Transport: Hashable, Sendable {
    case spi(device: String, speedHz: Int)
    case gpio(data: Int, clock: Int, dataIn: Int)
  }
  public var transport: Transport
  /// The chip of the latch and load lines (and of the bit-banged lines).
  public var chip: String
  public var latch: Int
  public var load: Int
  public var sensorActiveHigh: Bool
}

public struct I2CWiring: Hashable, Sendable {
  /// Consecutive addresses on one bus, in module order.
  public struct Group: Hashable, Sendable {
    public var bus: String
    public var firstAddress: Int
    public var count: Int
    /// The bus's clock (SCL) in hertz: the Pi's default 100 kHz unless the board file says
    /// the machine raised it (`dtparam=i2c_arm_baudrate`).
    public var clockHz = I2CWiring.defaultClockHz
  }
  public var groups: [Group]
  /// The Raspberry Pi's I2C clock unless config.txt raises it.
  public static let defaultClockHz = 100_000

  /// Each bus's clock in hertz, by its path.
  public var clocks: [String: Int] {
    Dictionary(groups.map { ($0.bus, $0.clockHz) }, uniquingKeysWith: { first, _ in first })
  }

  /// Every module's bus and address, in module order.
  public var modules: [(bus: String, address: Int)] {
    groups.flatMap { group in (0..<group.count).map { (group.bus, group.firstAddress + $0) } }
  }

  public static func == (lhs: I2CWiring, rhs: I2CWiring) -> Bool { lhs.groups == rhs.groups }
  public func hash(into hasher: inout Hasher) { hasher.combine(groups) }
}

/// How fast modules may turn, in steps (half-steps of the motor) per second.
public struct MotionProfile: Hashable, Sendable {
  public var stepsPerRevolution: Int = 4096
  public var startSpeed: Int = 200
  public var topSpeed: Int = 1000
  /// Time to accelerate from start to top speed.
  public var rampMilliseconds: Int = 200

  public init(
    stepsPerRevolution: Int = 4096, startSpeed: Int = 200, topSpeed: Int = 1000,
    rampMilliseconds: Int = 200
  ) {
    self.stepsPerRevolution = stepsPerRevolution
    self.startSpeed = startSpeed
    self.topSpeed = topSpeed
    self.rampMilliseconds = rampMilliseconds
  }
}

/// Which cell each module shows: module index → (row, column).
public enum ModuleOrder: String, Hashable, Sendable, CaseIterable {
  /// Left to right, top row first.
  case rowMajor = "row-major"
  /// Top to bottom, left column first.
  case columnMajor = "column-major"
  /// Rows alternate direction, as a chain snaking across the wall is often wired.
  case serpentine

  public func cell(ofModule module: Int, rows: Int, cols: Int) -> (row: Int, col: Int) {
    switch self {
    case .rowMajor: (module / cols, module % cols)
    case .columnMajor: (module % rows, module / rows)
    case .serpentine:
      (module / cols, (module / cols) % 2 == 0 ? module % cols : cols - 1 - module % cols)
    }
  }
}

/// What the simulated twin of the board is like, and which faults it has.
public struct SimulationParameters: Hashable, Sendable {
  /// The board exists only in simulation (no wiring is opened even without --simulate).
  public var always = false
  public var seed: UInt64 = 1
  /// The fastest the simulated motors follow, in steps per second.
  public var maxStepRate: Double = 1400
  /// Steps of a revolution over which the simulated sensor sees the magnet.
  public var sensorWindow = 60
  /// Chance that a simulated step is missed.
  public var slipRate: Double = 0
  public var deadSensors: [Int] = []
  public var stuckRotors: [Int] = []
  /// Modules whose I2C address does not answer.
  public var missingModules: [Int] = []
  /// Chance that an I2C transaction is not acknowledged.
  public var nackRate: Double = 0
  /// What the simulated modules really are, where the board file need not know it (to try
  /// calibration): each module's steps from its home edge to flap 0 (`offsets`), and its
  /// spool's steps per revolution (`steps_per_revolution`; many 28BYJ-48s make about 4076
  /// half-steps, not 4096). Nil: as the board file says.
  public var trueOffsets: [Int]? = nil
  public var trueRevolutions: [Int]? = nil
  /// Motors wired with their coils in reverse order: they turn backwards unless the board
  /// file's `modules.reverse` names them.
  public var reversedMotors: [Int] = []
}

/// A board on the network that takes whole messages (`modules: {type: vestaboard}`).
public struct MessageBoardWiring: Hashable, Sendable {
  /// Where its Local API answers: `http://vestaboard.local:7000`.
  public var url: String
  /// The file holding its Local API key (one line); nil for a simulated board.
  public var keyFile: String?
  /// How long the board takes from a message (or a transition's last step) until its flaps
  /// rest: what the display times pages and landings by, as measured on the board.
  public var settleMilliseconds: Int
  /// How often the board is read while nothing changes (0: only after each change), to show
  /// what it reports and to notice a board that stopped answering.
  public var checkSeconds: Int

  public static let defaultSettleMilliseconds = 6000
  public static let defaultCheckSeconds = 60

  public init(
    url: String, keyFile: String?, settleMilliseconds: Int = defaultSettleMilliseconds,
    checkSeconds: Int = defaultCheckSeconds
  ) {
    self.url = url
    self.keyFile = keyFile
    self.settleMilliseconds = settleMilliseconds
    self.checkSeconds = checkSeconds
  }
}
