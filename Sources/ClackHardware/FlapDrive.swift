import ClackBoard
import ClackCore
import ClackDrivers
import ClackScheduler
import ClackSimHAL

/// A split-flap board opened for driving: stepped modules (coils and sensors on GPIO or I2C
/// expanders) or smart modules (each its own controller on I2C), on this machine's devices or
/// on the board's simulated twin. Moves are planned from where the modules are.
final class FlapDrive: BoardDrive, @unchecked Sendable {
  let kind = BoardKind.splitFlap
  /// The thread that runs the stepped or smart executor, with its flap commands.
  let flaps: ExecutorThread<FlapCommand>
  var thread: any RealtimeThread { flaps }
  let homingMicrosecondsPerModule: Int
  let keepsPositions: Bool
  let planner: Planner
  /// The simulated twin, when the board is simulated. Its hardware belongs to the executor
  /// thread until it stops.
  private let twin: SimulatedBoard?

  /// `clock`: the thread's clock (the monotonic clock, `speed` times faster for a simulated
  /// board, or a test's virtual one).
  init(
    board: BoardDefinition, planner: Planner, simulate: Bool, rotors: [Int]?, clock: TickClock,
    realtimeTwin: Bool = false
  ) throws {
    self.planner = planner
    let stepped: StepperBank?
    let smart: SmartModuleBank?
    if simulate || board.simulation.always {
      let twin = try SimulatedBoard(board: board, rotors: rotors)
      twin.log.isEnabled = false
      self.twin = twin
      stepped = twin.stepped
      smart = twin.smart
    } else {
      let hardware = try LinuxBoard(board: board)
      twin = nil
      stepped = hardware.stepped
      smart = hardware.smart
    }
    keepsPositions = stepped != nil
    let revolution = board.motion.stepsPerRevolution
    let executor: any TickExecutor<FlapCommand>
    if let stepped {
      let stepper = SteppedExecutor(bank: stepped, board: board)
      // One ramped move of about a revolution: half to the home edge, half on to the flap.
      homingMicrosecondsPerModule = stepper.searchTiming.microseconds(steps: revolution)
      executor = stepper
    } else if let smart {
      executor = SmartExecutor(bank: smart, board: board)
      homingMicrosecondsPerModule = planner.timing.microseconds(steps: revolution)
    } else {
      throw BoardRunnerError(description: "board '\(board.name)' has no modules to drive")
    }
    // The twin runs on the thread's schedule, charged with its buses' time on the wire.
    let timeline = twin.map { TwinTimeline($0.clock) }
    // Real-time priority is for real coils. A simulated board has no motor to stall, and at
    // SCHED_FIFO a slow (debug) build of it can starve everything else on a small machine;
    // it asks only when told to (`realtimeTwin`), to measure its timing beside other load.
    let setup: RealtimeSetup = twin == nil || realtimeTwin ? RealtimeSetup() : .none
    flaps = ExecutorThread<FlapCommand>(
      executor: executor, tickMicroseconds: board.flapTickMicroseconds(smart: smart != nil),
      clock: clock, setup: setup, timeline: timeline)
  }

  func home(showing cells: [Int]) -> Bool { flaps.home(showing: cells) }

  func resume(positions: [Int], phases: [Int], showing cells: [Int]) -> Bool {
    flaps.resume(positions: positions, phases: phases, showing: cells, planner: planner)
  }

  /// Flaps never scroll: a screen's scrolling lines are a panel's.
  func show(
    cells: [Int], scrolling: [Int: [Symbol]], picture: Picture?, transition: Transition,
    reduceMotion: Bool, notBefore: Int
  ) -> Handover {
    // Flaps show no pictures (the config refuses a picture page on a flap board).
    guard picture == nil else { return .unshowable }
    guard
      let plan = flaps.show(
        cells, transition: transition, planner: planner, notBefore: notBefore)
    else {
      return .busy
    }
    return .sent(microseconds: plan.makespanMicroseconds)
  }

  func moveMicroseconds(to cells: [Int], transition: Transition, reduceMotion: Bool) -> Int {
    let positions = flaps.state.modules.map { max(0, $0.position) }
    return planner.plan(from: positions, to: cells, transition: transition).makespanMicroseconds
  }

  func holdMicroseconds(after microseconds: Int) -> Int {
    microseconds > 0 ? planner.timing.settleMicroseconds : 0
  }

  func setBrightness(_ level: Int) -> Bool { false }
  func setOffsets(_ offsets: [Int]) -> Bool { keepsPositions && flaps.setOffsets(offsets) }
  func picture(_ state: ExecutorState) -> LitLEDs? { nil }
  func seenWholeMilliseconds(_ screen: Screen, reduceMotion: Bool) -> Int? { nil }
  let scrollCapacity: Int? = nil
  let animatesWhenIdle = false
  let slowsWithMissedTicks = true
  let landingLatencyTicks = 2.0
  let dimming: Dimming? = nil

  func readyLine(_ state: ExecutorState, board: BoardDefinition) -> String {
    "board homed: \(state.modules.count { $0.mode == .normal }) modules ready"
  }

  func stopped() -> String {
    guard let twin else { return "motion stopped, coils off" }
    let energised = twin.modules.count { $0.motor.isEnergized }
    return energised == 0
      ? "motion stopped, coils off (every simulated coil is de-energised)"
      : "motion stopped, but \(energised) simulated coils are still energised"
  }

  var rotorPositions: [Int]? { twin?.rotorPositions }
  var twinFlaps: [Int]? { twin?.modules.map(\.displayedFlap) }
}
