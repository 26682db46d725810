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
  let tickExecutor: TickExecutor
  let tickMicroseconds: Int
  let realtime: Bool
  let onTick: ((Int) -> Void)?
  let homingMicrosecondsPerModule: Int
  let keepsPositions: Bool
  let planner: Planner
  /// The simulated twin, when the board is simulated. Its hardware belongs to the executor
  /// thread until it stops.
  private let twin: SimulatedBoard?

  init(board: BoardDefinition, planner: Planner, simulate: Bool, rotors: [Int]?) throws {
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
    if let stepped {
      let executor = SteppedExecutor(bank: stepped, board: board)
      // One ramped move of about a revolution: half to the home edge, half on to the flap.
      homingMicrosecondsPerModule = executor.searchTiming.microseconds(steps: revolution)
      tickExecutor = executor
    } else if let smart {
      tickExecutor = SmartExecutor(bank: smart, board: board)
      homingMicrosecondsPerModule = planner.timing.microseconds(steps: revolution)
    } else {
      throw BoardRunnerError(description: "board '\(board.name)' has no modules to drive")
    }
    tickMicroseconds = ExecutorThread.tickMicroseconds(for: board, smart: smart != nil)
    // Real-time priority is for real coils. A simulated board has no motor to stall, and at
    // SCHED_FIFO a slow (debug) build of it can starve everything else on a small machine.
    realtime = twin == nil
    nonisolated(unsafe) let clock = twin?.clock
    onTick = clock.map { clock -> (Int) -> Void in
      { elapsed in
        // The simulated hardware keeps the thread's schedule (each tick's deadline).
        let target = UInt64(elapsed)
        if target > clock.nanoseconds { clock.advance(nanoseconds: target - clock.nanoseconds) }
      }
    }
  }

  func show(
    _ screen: Screen, cells: [Int], transition: Transition, reduceMotion: Bool,
    on thread: ExecutorThread
  ) -> Handover {
    guard let plan = thread.show(cells, transition: transition, planner: planner) else {
      return .busy
    }
    return .sent(microseconds: plan.makespanMicroseconds)
  }

  func moveMicroseconds(
    to screen: Screen, cells: [Int], transition: Transition, reduceMotion: Bool,
    on thread: ExecutorThread
  ) -> Int {
    let positions = thread.state.modules.map { max(0, $0.position) }
    return planner.plan(from: positions, to: cells, transition: transition).makespanMicroseconds
  }

  func setBrightness(_ level: Int, on thread: ExecutorThread) -> Bool { false }
  func picture(_ state: ExecutorState) -> LitLEDs? { nil }
  func seenWholeMilliseconds(_ screen: Screen, reduceMotion: Bool) -> Int? { nil }
  let scrollCapacity: Int? = nil
  let animatesWhenIdle = false
  let slowsWithMissedTicks = true
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
}
