import ClackBoard
import ClackCore
import ClackDrivers
import ClackHAL
import ClackSimHAL

/// A simulated twin of any board file: simulated chips, buses and modules wired exactly as the
/// file describes (the same chip labels, line numbers, bus paths and addresses), under the
/// same drivers the real board uses. This is the "--simulate" switch: every board file runs on
/// it, and `simulation:` in the file sets the twin's parameters and faults.
public final class SimulatedBoard {
  public let board: BoardDefinition
  public let clock: VirtualClock
  public let log: TransactionLog
  /// What each transfer on the twin's buses costs.
  public let timing: WireTiming
  /// The simulated modules, in module order.
  public let modules: [SplitFlapModuleModel]
  /// The driver, for boards whose host steps the motors.
  public private(set) var stepped: StepperBank?
  /// The driver, for smart modules.
  public private(set) var smart: SmartModuleBank?
  /// Each smart module's firmware model (empty for stepped boards).
  public private(set) var firmware: [SmartModuleModel] = []

  /// `rotors`: each motor's position in half-steps, as `rotorPositions` gave it at a clean
  /// stop, for a restart that finds the board as it was left (a real board keeps its rotors
  /// where they stopped); otherwise they start where the seed puts them.
  /// `timing`: what each transfer on the twin's buses costs (a Raspberry Pi's by default).
  public init(
    board: BoardDefinition, clock: VirtualClock = VirtualClock(),
    log: TransactionLog = TransactionLog(), rotors: [Int]? = nil,
    timing: WireTiming = .raspberryPi
  ) throws(HALError) {
    guard let hardware = board.hardware else {
      throw HALError(
        kind: .invalidArgument, device: board.name,
        message: "board '\(board.name)' has no modules section, so there is nothing to simulate")
    }
    self.board = board
    self.clock = clock
    self.log = log
    self.timing = timing
    let sim = board.simulation
    let activeHigh: Bool
    switch hardware {
    case .gpioStepper(let wiring): activeHigh = wiring.sensorActiveHigh
    case .shiftRegister(let wiring): activeHigh = wiring.sensorActiveHigh
    case .i2cSmart, .pcf8575, .vestaboard: activeHigh = false
    }
    var random = SplitMix64(seed: sim.seed)
    let revolution = board.motion.stepsPerRevolution
    modules = (0..<board.moduleCount).map { index in
      // What the module really is, when the simulation section says more than the file knows.
      let revolution = sim.trueRevolutions?[index] ?? revolution
      var motorParameters = StepperMotorModel.Parameters(
        stepsPerRevolution: revolution, maxStepRate: sim.maxStepRate,
        slipProbability: sim.slipRate, stuck: sim.stuckRotors.contains(index))
      motorParameters.wiredBackwards = sim.reversedMotors.contains(index)
      let motor = StepperMotorModel(
        parameters: motorParameters,
        position: Self.start(random.uniform(below: revolution), index, rotors),
        seed: sim.seed &+ UInt64(index))
      return SplitFlapModuleModel(
        motor: motor,
        parameters: .init(
          flapCount: board.flapSet.count, sensorWindowStart: random.uniform(below: revolution),
          sensorWindow: sim.sensorWindow,
          mechanicalOffset: sim.trueOffsets?[index] ?? board.offsets[index],
          sensorDead: sim.deadSensors.contains(index), sensorActiveLevel: activeHigh))
    }
    switch hardware {
    case .gpioStepper(let wiring): try buildGPIO(wiring)
    case .shiftRegister(let wiring): try buildChain(wiring)
    case .i2cSmart(let wiring): try buildSmart(wiring)
    case .pcf8575(let wiring): try buildPCF(wiring)
    case .vestaboard:
      // Its twin is a board on the network (`VestaboardModel`), not modules on a bus.
      throw HALError(
        kind: .unsupported, device: board.name,
        message: "board '\(board.name)' is a Vestaboard: its twin is its Local API, not modules")
    }
  }

  /// The seed's draw is made either way, so the sensors' places (drawn after) stay the same.
  private static func start(_ drawn: Int, _ index: Int, _ rotors: [Int]?) -> Int {
    guard let rotors, index < rotors.count else { return drawn }
    return rotors[index]
  }

  /// Each motor's position in half-steps: what a restart after a clean stop starts from.
  public var rotorPositions: [Int] { modules.map(\.motor.position) }

  /// Each I2C module's simulated bus and address, by module (empty for other wirings).
  public private(set) var i2cPlaces: [(bus: SimulatedI2CBus, address: UInt8)] = []

  /// What module `index`'s address does from now on: answer, not acknowledge some transfers,
  /// time out, or not be there (a test's bad bus, changed as the test goes).
  public func setFaults(_ faults: I2CFaults, ofModule index: Int) {
    let place = i2cPlaces[index]
    place.bus.faults[place.address] = faults
  }

  /// A chip for a board file's `chip:` (a label, or a /dev path).
  private func chip(_ name: String, lines: Int) -> (SimulatedGPIOChip, GPIOChipSelector) {
    let count = max(58, lines)
    if name.hasPrefix("/") {
      return (SimulatedGPIOChip(path: name, label: "simulated", lineCount: count), .path(name))
    }
    return (SimulatedGPIOChip(path: "/dev/gpiochip0", label: name, lineCount: count), .label(name))
  }

  private func buildGPIO(_ wiring: GPIOStepperWiring) throws(HALError) {
    let highest = wiring.modules.flatMap { $0.coils + [$0.sensor] }.max() ?? 0
    let (simChip, selector) = chip(wiring.chip, lines: highest + 1)
    for (module, lines) in zip(modules, wiring.modules) {
      simChip.connect(motor: module.motor, coils: lines.coils)
      simChip.connectInput(lines.sensor) { module.sensorLevel }
    }
    let gpio = SimulatedGPIO(chips: [simChip], clock: clock, log: log, timing: timing)
    stepped = try FlapBanks.gpioStepper(wiring, controller: gpio, chip: selector)
  }

  private func buildChain(_ wiring: ShiftRegisterWiring) throws(HALError) {
    let chain = ShiftRegisterChainModel(modules: modules)
    let (simChip, selector) = chip(wiring.chip, lines: 0)
    let gpio = SimulatedGPIO(chips: [simChip], clock: clock, log: log, timing: timing)
    switch wiring.transport {
    case .spi(let device, let speed):
      chain.connectLatches(on: simChip, latch: wiring.latch, load: wiring.load)
      let spi = SimulatedSPIDevice(
        name: device, config: SPIConfig(speedHz: UInt32(speed)), peripheral: chain, clock: clock,
        log: log, timing: timing)
      stepped = try FlapBanks.shiftRegisterSPI(
        wiring, spi: spi, controller: gpio, chip: selector, moduleCount: modules.count)
    case .gpio(let data, let clockLine, let dataIn):
      chain.connectBitBang(
        on: simChip, data: data, clock: clockLine, latch: wiring.latch, load: wiring.load,
        dataOut: dataIn)
      stepped = try FlapBanks.shiftRegisterGPIO(
        wiring, data: data, clock: clockLine, dataIn: dataIn, controller: gpio, chip: selector,
        moduleCount: modules.count)
    }
  }

  /// One simulated bus per bus path, with the file's injected faults.
  private func buses(_ wiring: I2CWiring) -> [String: SimulatedI2CBus] {
    let (clock, log, seed, timing) = (clock, log, board.simulation.seed, timing)
    let clocks = wiring.clocks
    let buses = FlapBanks.buses(wiring) { path, group in
      // Each bus at the clock the board file gives it (an instant wire stays instant).
      SimulatedI2CBus(
        name: path, clock: clock, log: log, seed: seed &+ UInt64(group),
        timing: timing == .instant
          ? timing : timing.i2cClock(clocks[path] ?? I2CWiring.defaultClockHz))
    }
    for (module, place) in wiring.modules.enumerated() {
      let faults = I2CFaults(
        missing: board.simulation.missingModules.contains(module),
        nackRate: board.simulation.nackRate)
      buses[place.bus]?.faults[UInt8(place.address)] = faults
      if let bus = buses[place.bus] { i2cPlaces.append((bus, UInt8(place.address))) }
    }
    return buses
  }

  /// Each smart module's firmware model, at its address on its simulated bus.
  private func buildSmart(_ wiring: I2CWiring) throws(HALError) {
    let buses = buses(wiring)
    for (index, place) in wiring.modules.enumerated() {
      let model = SmartModuleModel(module: modules[index])
      buses[place.bus]?.attach(model, at: UInt8(place.address))
      firmware.append(model)
    }
    smart = try FlapBanks.smartModules(wiring, buses: buses, board: board)
  }

  /// Each module's PCF8575 model, at its address on its simulated bus.
  private func buildPCF(_ wiring: I2CWiring) throws(HALError) {
    let buses = buses(wiring)
    for (index, place) in wiring.modules.enumerated() {
      buses[place.bus]?.attach(PCF8575Model(module: modules[index]), at: UInt8(place.address))
    }
    stepped = try FlapBanks.pcf8575(wiring, buses: buses)
  }
}
