import ClackBoard
import ClackCore
import ClackDrivers

/// Makes plans happen on a stepped board, one tick at a time: each tick advances every module
/// along its planned ramp (at most one step), writes all coil patterns in one bulk write, reads
/// all sensors, and runs each module's state machine (homing, the once-a-revolution home check,
/// missed and unexpected home pulses, faults).
///
/// Motion outside a plan — homing at start-up, re-homing after a missed pulse, the correction
/// move after a slip — waits in a queue and runs at most `budget` modules at once, never while
/// planned segments run, so the power budget holds whatever happens. The loop that calls
/// `tick` owns time (virtual in tests, a real-time thread on a board); `tick` allocates nothing.
public final class SteppedExecutor: FlapTickExecutor {
  public let bank: StepperBank
  public let planner: Planner
  /// The cruise speed of homing and corrections, in steps per second. They ramp up to it from
  /// the start speed as planned moves do; one step per tick at most, so the sensor is read at
  /// every step and its window cannot be passed unseen.
  public let searchSpeed: Int
  /// Homing's and corrections' ramp: the board's, up to `searchSpeed`.
  public let searchTiming: MoveTiming
  /// Steps a search at full speed needs to slow down to a stop (its ramp down).
  let rampDownSteps: Int
  /// The tick the executor expects (`BoardDefinition.flapTickMicroseconds(smart:)`): a tick
  /// that comes later than half a tick after that slides the whole schedule (`slide(by:)`).
  public let tickMicroseconds: Int
  /// The last tick's time, or nil when a command has just (re)started the schedule.
  var lastTickAt: Int?
  /// How long a stepped module stays energised after its last step.
  let settleMicroseconds: Int
  /// The length of a search for home: more than it can ever make (its budget ends it).
  static let unbounded = 1 << 40
  /// Each module's steps from its home edge to flap 0: the board file's, then calibration's.
  var offsets: [Int]
  var revolutions: [Int]
  /// Modules whose motors turn backwards: their patterns go out mirrored (`modules.reverse`).
  let reversed: [Bool]
  var modules: [Module]
  private var patterns: [UInt8]
  var active: [Bool]
  /// Modules already handled in this tick's first pass (preallocated: `tick` allocates nothing).
  private var handled: [Bool]
  var planEnd = 0
  var queue: [Int] = []
  /// Ticks in a row with every module idle and its coils off.
  private var quietTicks = 0
  /// Modules whose fault is new since `nextNewFault()` last handed it out.
  var faultPending: PendingFaults
  /// Built once, so a failing module does not allocate in the tick loop.
  let homeNotFoundMessage: String
  let sensorStuckMessage: String
  /// Home pulses missed in a row, none seen where expected between them, before the module is
  /// stopped: it found home each time yet never met it again a revolution on, so going round
  /// once more would only wear the motor.
  static let missesBeforeFault = 3
  let keepsMissingMessage =
    "missed its home pulse \(SteppedExecutor.missesBeforeFault) times in a row after finding it: the magnet or the sensor may be loose, or the spool's steps per revolution differ from the board file's (motion.steps_per_revolution)"

  typealias Module = SteppedModuleState

  public init(
    bank: StepperBank, board: BoardDefinition, searchSpeed: Int? = nil,
    tickMicroseconds: Int? = nil
  ) {
    self.bank = bank
    self.tickMicroseconds =
      tickMicroseconds ?? board.flapTickMicroseconds(smart: false)
    self.planner = Planner(board: board)
    // A buffer of its own: sharing the board's, calibration's first write (`setOffsets`, on
    // the real-time thread) would copy it there.
    self.offsets = board.offsets.map { $0 }
    revolutions = Array(repeating: board.motion.stepsPerRevolution, count: bank.moduleCount)
    self.reversed =
      board.reversed.count == bank.moduleCount
      ? board.reversed : Array(repeating: false, count: bank.moduleCount)
    let speed = max(1, searchSpeed ?? board.motion.topSpeed)
    self.searchSpeed = speed
    let profile = MotionProfile(
      stepsPerRevolution: board.motion.stepsPerRevolution,
      startSpeed: min(max(1, board.motion.startSpeed), speed), topSpeed: speed,
      rampMilliseconds: board.motion.rampMilliseconds)
    searchTiming = MoveTiming(profile: profile)
    settleMicroseconds = searchTiming.settleMicroseconds
    rampDownSteps =
      Int(
        (Double(profile.startSpeed + profile.topSpeed) / 2
          * Double(profile.rampMilliseconds) / 1000).rounded(.up)) + 1
    modules = Array(repeating: Module(), count: bank.moduleCount)
    patterns = Array(repeating: 0, count: bank.moduleCount)
    active = Array(repeating: false, count: bank.moduleCount)
    handled = Array(repeating: false, count: bank.moduleCount)
    faultPending = PendingFaults(count: bank.moduleCount)
    queue.reserveCapacity(bank.moduleCount)
    let revolution = board.motion.stepsPerRevolution
    let flaps = board.flapSet.count
    homeNotFoundMessage =
      "no home pulse within \(revolution * (flaps + 2) / flaps) steps: the hall sensor may be dead or the rotor stuck"
    sensorStuckMessage =
      "the sensor stayed active for \(revolution / 4) steps: the rotor is stuck on the magnet or the sensor is shorted"
  }

  public var moduleCount: Int { modules.count }

  /// A module's steps per revolution: the board file's until two home edges have measured
  /// its spool, then what they measured (a 28BYJ-48 often makes 4076, not 4096). Positions
  /// wrap where the spool's edge really comes; with the file's figure, a short spool met its
  /// edge early on every lap, re-synchronised at speed short of its goal, and went round again
  /// for ever.
  func revolution(_ index: Int) -> Int { revolutions[index] }

  /// True when nothing moves and nothing waits.
  public var isIdle: Bool { modules.allSatisfy { $0.activity == .idle } }

  /// Where flap `flap` is for module `index`, in steps from its home edge.
  func goal(_ index: Int, flap: Int) -> Int {
    let revolution = revolution(index)
    let position = (flap * revolution + planner.flapCount - 1) / planner.flapCount
    return ((offsets[index] + position) % revolution + revolution) % revolution
  }

  func enqueue(_ index: Int) {
    guard modules[index].activity != .waiting else { return }
    modules[index].activity = .waiting
    queue.append(index)
  }

  /// One tick at `now` (microseconds).
  public func tick(now: Int) {
    if let last = lastTickAt, now - last - tickMicroseconds > tickMicroseconds / 2 {
      slide(by: now - last - tickMicroseconds, after: last)
    }
    lastTickAt = now
    startQueued(now: now)
    // Modules already in motion, or holding their last step while the rotor settles, first;
    // then planned segments that are due start, but only while the power allows: fewer than
    // `countLimit` modules energised and, in amperes, their draw now plus a starting motor's
    // within the headroom. A module that finishes a tick late delays the next start instead
    // of exceeding the supply.
    var energised = 0
    var drawn = 0
    for index in modules.indices {
      handled[index] = isRunning(index)
      if handled[index] {
        drawn += drawNow(index, now: now)
        advance(index, now: now)
        energised += 1
      } else if now < modules[index].holdUntil {
        handled[index] = true
        modules[index].previousPosition = modules[index].position
        patterns[index] = coilPattern(index)
        drawn += planner.draw?.holding ?? 0
        energised += 1
      }
    }
    let headroom = planner.draw?.headroomMilliamps ?? Int.max
    let starting = planner.draw?.startMilliamps ?? 0
    for index in modules.indices where !handled[index] {
      if isDue(index, now: now), energised < planner.countLimit, drawn + starting <= headroom {
        setSegmentStart(index, now)
        modules[index].segmentStarted = true
        advance(index, now: now)
        energised += 1
        drawn += starting
      } else {
        modules[index].previousPosition = modules[index].position
        patterns[index] = 0
      }
    }
    bank.writeCoils(patterns)
    bank.readSensors(into: &active)
    for index in modules.indices { observe(index, now: now) }
    quietTicks = isQuiet ? min(quietTicks + 1, 1 << 30) : 0
  }

  /// Every module idle, none queued, every coil off.
  private var isQuiet: Bool {
    guard queue.isEmpty else { return false }
    for index in modules.indices where modules[index].activity != .idle || patterns[index] != 0 {
      return false
    }
    return true
  }

  /// At rest once the coils are off and the sensors have shown the last move's end: the first
  /// quiet tick writes the coils off, and a chained bank, whose reads lag a tick, reads once
  /// more, so a home edge reached by the last step is still checked. From then on nothing can
  /// change until a command comes, so the thread blocks instead of ticking; a rotor turned by
  /// hand meanwhile is caught when it next passes its sensor in a move.
  public var isDormant: Bool { quietTicks > bank.sensorDelayTicks }

  /// In motion now, and so energised: homing, correcting, or inside a planned segment that
  /// has begun.
  func isRunning(_ index: Int) -> Bool {
    switch modules[index].activity {
    case .idle, .waiting: false
    case .leaving, .seeking, .correcting: true
    case .planned: modules[index].segmentStarted
    }
  }

  /// What a running module draws above idle now (zero when the plan is in modules): its planned
  /// segment's phase, or, homing and correcting, the highest draw (they move only within
  /// `budget`, which the supply carries at the highest draw).
  private func drawNow(_ index: Int, now: Int) -> Int {
    guard let draw = planner.draw else { return 0 }
    guard modules[index].activity == .planned else { return draw.peakMilliamps }
    let first = modules[index].segment == 0
    let start = first ? modules[index].segmentStart.0 : modules[index].segmentStart.1
    let steps = first ? modules[index].segmentSteps.0 : modules[index].segmentSteps.1
    return draw.milliamps(after: now - start, of: steps)
  }

  /// A planned segment whose start time has come but which has not begun.
  private func isDue(_ index: Int, now: Int) -> Bool {
    modules[index].activity == .planned && !modules[index].segmentStarted
      && now
        >= (modules[index].segment == 0
          ? modules[index].segmentStart.0 : modules[index].segmentStart.1)
  }

  private func setSegmentStart(_ index: Int, _ now: Int) {
    if modules[index].segment == 0 {
      modules[index].segmentStart.0 = now
    } else {
      modules[index].segmentStart.1 = now
    }
  }

  /// One module's part of the tick: maybe a step, and its coil pattern.
  private func advance(_ index: Int, now: Int) {
    modules[index].previousPosition = modules[index].position
    if shouldStep(index, now: now) {
      modules[index].phase = (modules[index].phase + 1) & 7
      modules[index].travelled += 1
      modules[index].position = (modules[index].position + 1) % revolution(index)
      modules[index].holdUntil = now + settleMicroseconds
    }
    // Energised through the last step's settle; off while waiting for a slot.
    patterns[index] = coilPattern(index)
  }

  /// The module's coil pattern for its phase, mirrored for a motor wired backwards.
  private func coilPattern(_ index: Int) -> UInt8 {
    let pattern = Self.halfSteps[modules[index].phase]
    return reversed[index] ? Self.mirroredSteps[modules[index].phase] : pattern
  }

  /// The half-step sequence with IN1–IN4 in reverse order, made once (the tick allocates
  /// nothing).
  static let mirroredSteps: [UInt8] = halfSteps.map {
    ($0 & 1) << 3 | ($0 & 2) << 1 | ($0 & 4) >> 1 | ($0 & 8) >> 3
  }

  static let halfSteps: [UInt8] = [0b0001, 0b0011, 0b0010, 0b0110, 0b0100, 0b1100, 0b1000, 0b1001]

  /// Starts queued homing and corrections once no planned motion runs, up to the budget.
  private func startQueued(now: Int) {
    guard !queue.isEmpty, now >= planEnd else { return }
    var running = 0
    for index in modules.indices where isRunning(index) || now < modules[index].holdUntil {
      running += 1
    }
    while running < planner.budget, !queue.isEmpty {
      let index = queue.removeFirst()
      guard modules[index].activity == .waiting else { continue }
      modules[index].sensorWas = active[index]
      modules[index].searchStart = now
      modules[index].searchDone = 0
      modules[index].searchTotal = Self.unbounded
      if modules[index].homed {
        modules[index].activity = .correcting
        modules[index].searchTotal = 0
        aim(index)
      } else {
        modules[index].activity =
          active[index]
          ? .leaving(budget: revolution(index) / 4)
          : .seeking(budget: revolution(index) * (planner.flapCount + 2) / planner.flapCount)
      }
      running += 1
    }
  }

  private func shouldStep(_ index: Int, now: Int) -> Bool {
    switch modules[index].activity {
    case .idle, .waiting:
      return false
    case .leaving, .seeking, .correcting:
      if modules[index].activity == .correcting { aim(index) }
      let due = searchTiming.stepsDone(
        after: now - modules[index].searchStart, of: modules[index].searchTotal)
      guard due > modules[index].searchDone, modules[index].searchDone < modules[index].searchTotal
      else { return false }
      modules[index].searchDone += 1
      return true
    case .planned:
      let start =
        modules[index].segment == 0 ? modules[index].segmentStart.0 : modules[index].segmentStart.1
      let steps =
        modules[index].segment == 0 ? modules[index].segmentSteps.0 : modules[index].segmentSteps.1
      guard modules[index].segmentStarted, now >= start else { return false }
      guard planner.timing.stepsDone(after: now - start, of: steps) > modules[index].doneInSegment
      else { return false }
      modules[index].doneInSegment += 1
      if modules[index].doneInSegment == steps {
        modules[index].segment += 1
        modules[index].doneInSegment = 0
        modules[index].segmentStarted = false
        if modules[index].segment >= modules[index].segmentCount { finishPlanned(index) }
      }
      return true
    }
  }

  /// Sets a correcting module's search to end on its goal: at once if it has just begun, else
  /// when the goal changes (a new plan while it corrects). Too close to slow down in time (or
  /// to finish the ramp up) it goes once more round, never stopping dead from speed.
  func aim(_ index: Int) {
    guard let goal = modules[index].goal else { return }
    let revolution = revolution(index)
    let left = (goal - modules[index].position + revolution) % revolution
    let planned = modules[index].searchTotal - modules[index].searchDone
    guard planned % revolution != left || planned == 0 && left == 0 else { return }
    let done = modules[index].searchDone
    var steps = left
    if done > 0, steps < rampDownSteps || done + steps < 2 * rampDownSteps {
      steps += revolution
    }
    modules[index].searchTotal = done + steps
  }

  private func finishPlanned(_ index: Int) {
    modules[index].activity = .idle
  }
}
