/// Parsers for the sections of a board file after geometry and flaps, each with the checks that
/// need more than one field.
enum BoardSections {
  static func motion(_ reader: YAMLReader) throws(BoardFileError) -> MotionProfile {
    let fields = try reader.fields(
      allowed: ["steps_per_revolution", "start_speed", "top_speed", "ramp_ms"], required: [])
    var motion = MotionProfile()
    if let value = fields["steps_per_revolution"] {
      motion.stepsPerRevolution = try value.int(in: 48...100_000)
    }
    if let value = fields["start_speed"] { motion.startSpeed = try value.int(in: 1...20_000) }
    if let value = fields["top_speed"] { motion.topSpeed = try value.int(in: 1...20_000) }
    if let value = fields["ramp_ms"] { motion.rampMilliseconds = try value.int(in: 0...10_000) }
    if motion.topSpeed < motion.startSpeed {
      throw (fields["top_speed"] ?? reader).error(
        "top_speed (\(motion.topSpeed)) is below start_speed (\(motion.startSpeed))")
    }
    return motion
  }

  /// `power:`: `max_moving`, and/or the supply's rating with each module's draw (see
  /// `PowerSupply`). The supply must carry at least one module at its highest draw.
  static func power(_ reader: YAMLReader, moduleCount: Int) throws(BoardFileError) -> (
    maxMoving: Int?, supply: PowerSupply?
  ) {
    let fields = try reader.fields(
      allowed: ["max_moving", "supply_amps", "reserved_amps", "module_amps"], required: [])
    let maxMoving = try fields["max_moving"]?.int(in: 1...moduleCount)
    func milliamps(_ value: YAMLReader, _ range: ClosedRange<Double>) throws(BoardFileError) -> Int
    {
      Int((try value.double(in: range) * 1000).rounded())
    }
    guard let supplyField = fields["supply_amps"] else {
      if let stray = fields["module_amps"] ?? fields["reserved_amps"] {
        throw stray.error("needs supply_amps beside it: the supply's rating in amperes")
      }
      if maxMoving == nil {
        throw reader.error("gives neither max_moving nor supply_amps with module_amps")
      }
      return (maxMoving, nil)
    }
    guard let drawField = fields["module_amps"] else {
      throw reader.error(
        "gives supply_amps but not module_amps: each module's draw (ramping, cruising, holding, idle)"
      )
    }
    let draws = try drawField.fields(
      allowed: ["ramping", "cruising", "holding", "idle"],
      required: ["ramping", "cruising", "holding", "idle"])
    let idle = try milliamps(draws.required("idle"), 0...10)
    var moving: [Int] = []
    for name in ["ramping", "cruising", "holding"] {
      let value = try draws.required(name)
      let draw = try milliamps(value, 0.001...10)
      guard draw >= idle else {
        throw value.error(
          "\(PowerSupply.amperes(draw)) is below idle (\(PowerSupply.amperes(idle))): a moving module draws at least what it draws at rest"
        )
      }
      moving.append(draw)
    }
    let supply = PowerSupply(
      supplyMilliamps: try milliamps(supplyField, 0.1...1000),
      reservedMilliamps: try fields["reserved_amps"].map { value throws(BoardFileError) in
        try milliamps(value, 0...1000)
      } ?? 0,
      ramping: moving[0], cruising: moving[1], holding: moving[2], idle: idle)
    guard supply.maxMoving(moduleCount: moduleCount) >= 1 else {
      throw supplyField.error(
        "\(PowerSupply.amperes(supply.supplyMilliamps)) cannot move one module: "
          + "\(PowerSupply.amperes(supply.reservedMilliamps)) reserved and \(moduleCount) modules idle at "
          + "\(PowerSupply.amperes(idle)) leave \(PowerSupply.amperes(supply.headroomMilliamps(moduleCount: moduleCount))), "
          + "and a moving module needs \(PowerSupply.amperes(supply.peakMilliamps - idle)) more than idle"
      )
    }
    return (maxMoving, supply)
  }

  static func offsets(_ reader: YAMLReader, moduleCount: Int, stepsPerRevolution: Int)
    throws(BoardFileError) -> [Int]
  {
    try perModule(
      reader, moduleCount: moduleCount, range: -stepsPerRevolution...stepsPerRevolution,
      what: "offsets")
  }

  static func hardware(_ reader: YAMLReader, moduleCount: Int, rows: Int, cols: Int)
    throws(BoardFileError) -> ModuleHardware
  {
    let fields = try reader.fields(
      allowed: ["type", "wiring", "reverse"], required: ["type", "wiring"])
    let wiring = try fields.required("wiring")
    switch try fields.required("type").choice(ModuleHardware.typeNames) {
    case "gpio-stepper":
      return .gpioStepper(try gpio(wiring, moduleCount: moduleCount, rows: rows, cols: cols))
    case "shift-register": return .shiftRegister(try shiftRegister(wiring))
    case "i2c-smart":
      return .i2cSmart(
        try i2c(wiring, moduleCount: moduleCount, addresses: 0x08...0x77, chipName: nil))
    case "vestaboard": return .vestaboard(try messageBoard(wiring))
    default:
      return .pcf8575(
        try i2c(wiring, moduleCount: moduleCount, addresses: 0x20...0x27, chipName: "a PCF8575"))
    }
  }

  static func messageBoard(_ reader: YAMLReader) throws(BoardFileError) -> MessageBoardWiring {
    let fields = try reader.fields(
      allowed: ["url", "key_file", "settle_ms", "check_s"], required: ["url"])
    let urlReader = try fields.required("url")
    let url = try urlReader.string()
    guard url.hasPrefix("http://"), url.count > "http://".count else {
      throw urlReader.error(
        "must be the board's Local API address, http://host:port (a Vestaboard's is "
          + "http://vestaboard.local:7000); its Local API speaks plain HTTP")
    }
    return MessageBoardWiring(
      url: url, keyFile: try fields["key_file"]?.string(),
      settleMilliseconds: try fields["settle_ms"]?.int(in: 0...120_000)
        ?? MessageBoardWiring.defaultSettleMilliseconds,
      checkSeconds: try fields["check_s"]?.int(in: 0...3600)
        ?? MessageBoardWiring.defaultCheckSeconds)
  }

  private static func sensorLevel(_ fields: YAMLFields) throws(BoardFileError) -> Bool {
    try fields["sensor_active"].map { value throws(BoardFileError) in
      try value.choice(["low", "high"]) == "high"
    } ?? false
  }

  static func gpio(_ reader: YAMLReader, moduleCount: Int, rows: Int, cols: Int)
    throws(BoardFileError) -> GPIOStepperWiring
  {
    let fields = try reader.fields(
      allowed: ["chip", "modules", "sensor_active", "sensor_bias"], required: ["chip", "modules"])
    let list = try fields.required("modules")
    let items = try list.items()
    guard items.count == moduleCount else {
      throw list.error(
        "lists \(items.count) modules, the board has \(moduleCount) (\(rows)×\(cols))")
    }
    var used: [Int: String] = [:]
    var modules: [GPIOStepperWiring.Module] = []
    for (index, item) in items.enumerated() {
      let module = try item.fields(allowed: ["coils", "sensor"], required: ["coils", "sensor"])
      let coilsReader = try module.required("coils")
      let coilItems = try coilsReader.items()
      guard coilItems.count == 4 else {
        throw coilsReader.error("needs 4 lines (IN1-IN4 of the ULN2003), not \(coilItems.count)")
      }
      var coils: [Int] = []
      for coil in coilItems {
        let line = try coil.int(in: 0...1023)
        if let owner = used[line] { throw coil.error("line \(line) is already used by \(owner)") }
        used[line] = "module \(index)'s coils"
        coils.append(line)
      }
      let sensorReader = try module.required("sensor")
      let sensor = try sensorReader.int(in: 0...1023)
      if let owner = used[sensor] {
        throw sensorReader.error("line \(sensor) is already used by \(owner)")
      }
      used[sensor] = "module \(index)'s sensor"
      modules.append(.init(coils: coils, sensor: sensor))
    }
    return GPIOStepperWiring(
      chip: try fields.required("chip").string(), modules: modules,
      sensorActiveHigh: try sensorLevel(fields),
      sensorBias: try fields["sensor_bias"].map { field throws(BoardFileError) in
        SensorBias(rawValue: try field.choice(SensorBias.allCases.map(\.rawValue))) ?? .pullUp
      } ?? .pullUp)
  }

  static func shiftRegister(_ reader: YAMLReader) throws(BoardFileError) -> ShiftRegisterWiring {
    let fields = try reader.fields(
      allowed: [
        "transport", "chip", "latch", "load", "spi_device", "spi_speed_hz", "data", "clock",
        "data_in", "sensor_active",
      ],
      required: ["transport", "chip", "latch", "load"])
    var used: [Int: String] = [:]
    func line(_ name: String) throws(BoardFileError) -> Int {
      let value = try fields.required(name)
      let line = try value.int(in: 0...1023)
      if let owner = used[line] { throw value.error("line \(line) is already used as \(owner)") }
      used[line] = name
      return line
    }
    let latch = try line("latch")
    let load = try line("load")
    let transport: ShiftRegisterWiring.Transport
    if try fields.required("transport").choice(["spi", "gpio"]) == "spi" {
      transport = .spi(
        device: try fields["spi_device"]?.string() ?? "/dev/spidev0.0",
        speedHz: try fields["spi_speed_hz"]?.int(in: 1_000...50_000_000) ?? 1_000_000)
    } else {
      transport = .gpio(
        data: try line("data"), clock: try line("clock"), dataIn: try line("data_in"))
    }
    return ShiftRegisterWiring(
      transport: transport, chip: try fields.required("chip").string(), latch: latch, load: load,
      sensorActiveHigh: try sensorLevel(fields))
  }

  static func i2c(
    _ reader: YAMLReader, moduleCount: Int, addresses: ClosedRange<Int>, chipName: String?
  ) throws(BoardFileError) -> I2CWiring {
    let fields = try reader.fields(allowed: ["buses"], required: ["buses"])
    let list = try fields.required("buses")
    var groups: [I2CWiring.Group] = []
    var taken: [String: Set<Int>] = [:]
    var clocks: [String: Int] = [:]
    for item in try list.items() {
      let group = try item.fields(
        allowed: ["bus", "first_address", "count", "clock_hz"],
        required: ["bus", "first_address", "count"])
      let bus = try group.required("bus").string()
      let clockReader = group["clock_hz"]
      // Standard mode (100 kHz) to Fast-mode Plus (1 MHz), the speeds I2C chips are made for.
      let clock = try clockReader?.int(in: 10_000...1_000_000) ?? I2CWiring.defaultClockHz
      if let clockReader, let earlier = clocks[bus], earlier != clock {
        throw clockReader.error(
          "\(bus) is at \(earlier) Hz in an entry above (\(I2CWiring.defaultClockHz) where none is given): a bus has one clock, so every entry of it must give the same"
        )
      }
      clocks[bus] = clocks[bus] ?? clock
      let firstReader = try group.required("first_address")
      let first = try firstReader.int(in: 0...0x7F)
      let count = try group.required("count").int(in: 1...112)
      let last = first + count - 1
      guard addresses.contains(first), addresses.contains(last) else {
        let what = chipName.map { "\($0) can only use" } ?? "usable 7-bit addresses are"
        throw firstReader.error(
          "addresses \(hex(first))-\(hex(last)) leave \(hex(addresses.lowerBound))-\(hex(addresses.upperBound)) (\(what) those; 0x00-0x07 and 0x78-0x7f are reserved)"
        )
      }
      for address in first...last where !taken[bus, default: []].insert(address).inserted {
        throw firstReader.error("address \(hex(address)) on \(bus) is used twice")
      }
      groups.append(
        .init(bus: bus, firstAddress: first, count: count, clockHz: clocks[bus] ?? clock))
    }
    let total = groups.reduce(0) { $0 + $1.count }
    guard total == moduleCount else {
      throw list.error("the buses hold \(total) modules, the board has \(moduleCount)")
    }
    return I2CWiring(groups: groups)
  }

  static func simulation(_ reader: YAMLReader, moduleCount: Int) throws(BoardFileError)
    -> SimulationParameters
  {
    let fields = try reader.fields(
      allowed: [
        "always", "seed", "max_step_rate", "sensor_window", "slip_rate", "dead_sensors",
        "stuck_rotors", "missing_modules", "nack_rate", "offsets", "steps_per_revolution",
        "reversed_motors",
      ],
      required: [])
    var simulation = SimulationParameters()
    if let value = fields["always"] { simulation.always = try value.bool() }
    if let value = fields["seed"] { simulation.seed = UInt64(try value.int(in: 0...Int.max)) }
    if let value = fields["max_step_rate"] {
      simulation.maxStepRate = try value.double(in: 1...20_000)
    }
    if let value = fields["sensor_window"] {
      simulation.sensorWindow = try value.int(in: 1...10_000)
    }
    if let value = fields["slip_rate"] { simulation.slipRate = try value.double(in: 0...1) }
    if let value = fields["nack_rate"] { simulation.nackRate = try value.double(in: 0...1) }
    func modules(_ name: String) throws(BoardFileError) -> [Int] {
      guard let list = fields[name] else { return [] }
      var found: [Int] = []
      for item in try list.items() {
        let module = try item.int(in: 0...Int.max)
        guard module < moduleCount else {
          throw item.error("module \(module) does not exist (modules are 0-\(moduleCount - 1))")
        }
        found.append(module)
      }
      return found
    }
    simulation.deadSensors = try modules("dead_sensors")
    simulation.stuckRotors = try modules("stuck_rotors")
    simulation.missingModules = try modules("missing_modules")
    simulation.reversedMotors = try modules("reversed_motors")
    if let value = fields["steps_per_revolution"] {
      simulation.trueRevolutions = try perModule(
        value, moduleCount: moduleCount, range: 48...100_000, what: "revolutions")
    }
    if let value = fields["offsets"] {
      let longest = simulation.trueRevolutions?.max() ?? 100_000
      simulation.trueOffsets = try perModule(
        value, moduleCount: moduleCount, range: -longest...longest, what: "offsets")
    }
    return simulation
  }

  /// `modules.reverse`: the modules whose motors are wired to turn backwards; the executor
  /// drives their coils in mirrored order. Not for smart modules, which drive their own.
  static func reversed(_ reader: YAMLReader, moduleCount: Int) throws(BoardFileError) -> [Bool] {
    var reversed = Array(repeating: false, count: moduleCount)
    guard
      let list = try reader.fields(
        allowed: ["type", "wiring", "reverse"], required: ["type", "wiring"])["reverse"]
    else { return reversed }
    if try reader.fields(allowed: ["type", "wiring", "reverse"], required: [])
      .required("type").string() == "i2c-smart"
    {
      throw list.error("smart modules drive their own motors: set the direction in the module")
    }
    for item in try list.items() {
      let module = try item.int(in: 0...Int.max)
      guard module < moduleCount else {
        throw item.error("module \(module) does not exist (modules are 0-\(moduleCount - 1))")
      }
      reversed[module] = true
    }
    return reversed
  }

  /// One number for every module, or a list of one per module.
  static func perModule(
    _ reader: YAMLReader, moduleCount: Int, range: ClosedRange<Int>, what: String
  ) throws(BoardFileError) -> [Int] {
    if reader.node.scalar != nil {
      return Array(repeating: try reader.int(in: range), count: moduleCount)
    }
    let items = try reader.items()
    guard items.count == moduleCount else {
      throw reader.error(
        "lists \(items.count) \(what), the board has \(moduleCount) modules (or give one number for all)"
      )
    }
    var values: [Int] = []
    for item in items { values.append(try item.int(in: range)) }
    return values
  }

  static func hex(_ value: Int) -> String { "0x" + String(value, radix: 16) }
}
