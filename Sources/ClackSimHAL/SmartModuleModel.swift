import ClackHAL

/// A Clack smart module: a microcontroller that speaks the module register protocol on I2C and
/// runs its own stepper and hall sensor. Its firmware is modelled in virtual time: whenever the
/// bus touches it (or `advance(to:)` is called) it catches up on the steps it would have taken.
public final class SmartModuleModel: SimulatedI2CDevice {
  public let module: SplitFlapModuleModel
  private var registers = [UInt8](repeating: 0, count: 16)
  private var pointer: UInt8 = 0
  private var lastUpdate: UInt64 = 0
  private var phase = 0

  private enum Activity: Equatable {
    case idle
    /// Stepping off the magnet before looking for its leading edge.
    case leavingHome(budget: Int)
    case seekingHome(budget: Int)
    /// Moving forward until the firmware's position reaches `goal`.
    case moving(goal: Int)
  }
  private var activity = Activity.idle
  /// Steps since the home edge, as the firmware believes (nil before homing).
  private var logical: Int?
  private var wantsTarget = false
  private var sensorWasActive = false

  public init(module: SplitFlapModuleModel, offset: Int16 = 0) {
    self.module = module
    powerOn(at: 0, offset: offset)
  }

  var revolution: Int { module.motor.parameters.stepsPerRevolution }
  var flapCount: Int { module.parameters.flapCount }

  /// Power-on (or a brown-out reset): registers back to defaults, the RESET flag set, the
  /// boot counter advanced. The spool stays where it was; the module no longer knows where.
  public func powerOn(at time: UInt64, offset: Int16? = nil) {
    let boots = registers[Int(ModuleProtocol.Register.bootCount.rawValue)]
    let keptOffset = offset ?? 0
    registers = [UInt8](repeating: 0, count: 16)
    set(.protocolVersion, ModuleProtocol.version)
    set(.status, ModuleProtocol.Status.reset.rawValue)
    set(.flap, 0xFF)
    set(.flapCount, UInt8(flapCount))
    set(.offsetLow, UInt8(truncatingIfNeeded: keptOffset))
    set(.offsetHigh, UInt8(truncatingIfNeeded: keptOffset >> 8))
    set(.speed, 100)
    set(.bootCount, boots &+ 1)
    activity = .idle
    logical = nil
    wantsTarget = false
    lastUpdate = time
    module.motor.drive(coils: 0, at: time)
  }

  public func i2cWrite(_ bytes: UnsafeRawBufferPointer, at time: UInt64) {
    advance(to: time)
    guard let first = bytes.first else { return }
    pointer = first
    for byte in bytes.dropFirst() {
      write(register: pointer, byte, at: time)
      pointer &+= 1
    }
  }

  public func i2cRead(into bytes: UnsafeMutableRawBufferPointer, at time: UInt64) -> Int {
    advance(to: time)
    refreshStatus()
    for index in 0..<bytes.count {
      bytes[index] = Int(pointer) < registers.count ? registers[Int(pointer)] : 0
      pointer &+= 1
    }
    return bytes.count
  }

  private func write(register: UInt8, _ value: UInt8, at time: UInt64) {
    guard let name = ModuleProtocol.Register(rawValue: register) else { return }
    switch name {
    case .target:
      guard Int(value) < flapCount else { return raise(.badTarget) }
      set(.target, value)
      wantsTarget = true
      if logical == nil { startHoming() } else { startMove() }
    case .offsetLow, .offsetHigh, .speed:
      set(name, value)
    case .command:
      switch ModuleProtocol.Command(rawValue: value) {
      case .home: startHoming()
      case .clearFaults: set(.faults, 0)
      case .acknowledgeReset: clearStatus(.reset)
      case .release:
        activity = .idle
        module.motor.drive(coils: 0, at: time)
      case nil: raise(.badCommand)
      }
    default:
      break  // read-only registers ignore writes
    }
  }

  /// Runs the firmware up to `time`: one step per 1/SPEED seconds while busy.
  public func advance(to time: UInt64) {
    let rate = max(1, Int(get(.speed))) * 10
    let interval = UInt64(1_000_000_000 / rate)
    while activity != .idle, lastUpdate + interval <= time {
      lastUpdate += interval
      step(at: lastUpdate)
    }
    if activity == .idle { lastUpdate = max(lastUpdate, time) }
  }

  private func step(at time: UInt64) {
    phase = (phase + 1) % 8
    module.motor.drive(coils: StepperMotorModel.halfStepSequence[phase], at: time)
    let active = module.sensorActive
    let risingEdge = active && !sensorWasActive
    sensorWasActive = active
    if let position = logical { logical = (position + 1) % revolution }
    switch activity {
    case .idle:
      break
    case .leavingHome(let budget):
      if !active {
        activity = .seekingHome(budget: revolution * (flapCount + 2) / flapCount)
      } else if budget <= 1 {
        homingFailed(at: time)
      } else {
        activity = .leavingHome(budget: budget - 1)
      }
    case .seekingHome(let budget):
      if risingEdge {
        logical = 0
        homeSeen = true
        setStatus(.homed)
        if wantsTarget { startMove() } else { stop(at: time) }
      } else if budget <= 1 {
        homingFailed(at: time)
      } else {
        activity = .seekingHome(budget: budget - 1)
      }
    case .moving(let goal):
      guard let position = logical else { return startHoming() }
      // The magnet should pass within a quarter flap of the firmware's home position once a
      // revolution: seen elsewhere it is unexpected (re-sync on it); not seen, it was missed
      // (re-home, keeping the target).
      let tolerance = max(1, revolution / flapCount / 4)
      let fromHome = min(position, revolution - position)
      if risingEdge {
        logical = 0
        homeSeen = true
        if fromHome > tolerance {
          bump(.unexpectedHomes)
          raise(.homeUnexpected)
          wantsTarget = true
          return startMove()
        }
      } else if position == tolerance + 1 && !homeSeen {
        bump(.missedHomes)
        wantsTarget = true
        return startHoming()
      } else if position == revolution / 2 {
        homeSeen = false
      }
      if logical == goal {
        stop(at: time)
      }
    }
  }

  /// Whether the magnet has passed since the firmware was last half a revolution from home.
  private var homeSeen = true

  private func startHoming() {
    sensorWasActive = module.sensorActive
    clearStatus(.homed)
    logical = nil
    activity =
      sensorWasActive
      ? .leavingHome(budget: revolution / 4)
      : .seekingHome(budget: revolution * (flapCount + 2) / flapCount)
  }

  private func startMove() {
    guard let position = logical else { return startHoming() }
    let offset = offsetSteps
    let flap = Int(get(.target))
    let goal =
      ((offset + (flap * revolution + flapCount - 1) / flapCount) % revolution + revolution)
      % revolution
    wantsTarget = false
    if goal == position {
      activity = .idle
    } else {
      activity = .moving(goal: goal)
    }
  }

  private func homingFailed(at time: UInt64) {
    raise(.homeNotFound)
    stop(at: time)
  }

  /// Idle, coils off once the last step's phase has been held one step's time, so the rotor
  /// reaches the detent it was pulled towards (docs/module-protocol.md).
  private func stop(at time: UInt64) {
    activity = .idle
    let rate = max(1, Int(get(.speed))) * 10
    module.motor.drive(coils: 0, at: time + UInt64(1_000_000_000 / rate))
  }

  private func refreshStatus() {
    if let position = logical {
      let offset = offsetSteps
      let fromZero = ((position - offset) % revolution + revolution) % revolution
      set(.flap, UInt8(fromZero * flapCount / revolution))
    } else {
      set(.flap, 0xFF)
    }
    var status = ModuleProtocol.Status(rawValue: get(.status))
    if activity == .idle { status.remove(.moving) } else { status.insert(.moving) }
    if get(.faults) != 0 { status.insert(.fault) } else { status.remove(.fault) }
    if module.motor.isEnergized { status.insert(.coilsOn) } else { status.remove(.coilsOn) }
    set(.status, status.rawValue)
  }

  /// OFFSET_L/OFFSET_H as signed steps.
  private var offsetSteps: Int {
    Int(Int16(bitPattern: UInt16(get(.offsetLow)) | UInt16(get(.offsetHigh)) << 8))
  }
  private func raise(_ fault: ModuleProtocol.Faults) { set(.faults, get(.faults) | fault.rawValue) }
  private func bump(_ register: ModuleProtocol.Register) {
    set(register, min(255, get(register) &+ 1))
  }
  private func setStatus(_ flag: ModuleProtocol.Status) {
    set(.status, get(.status) | flag.rawValue)
  }
  private func clearStatus(_ flag: ModuleProtocol.Status) {
    set(.status, get(.status) & ~flag.rawValue)
  }
  private func get(_ register: ModuleProtocol.Register) -> UInt8 {
    registers[Int(register.rawValue)]
  }
  private func set(_ register: ModuleProtocol.Register, _ value: UInt8) {
    registers[Int(register.rawValue)] = value
  }
}
