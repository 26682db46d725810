import ClackBoard
import ClackCore
import ClackDrivers
import ClackHAL
import ClackHardware
import ClackScheduler
import ClackSimHAL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A board opened for driving: its drivers (on real devices, or on its simulated twin running
/// in real time), its executor and the real-time thread that runs it.
final class BoardSession {
  let board: BoardDefinition
  let planner: Planner
  let thread: ExecutorThread
  let grant: RealtimeGrant
  /// The simulated twin, when the board is simulated.
  let twin: SimulatedBoard?

  init(board: BoardDefinition, simulate: Bool, speed: Int) throws {
    self.board = board
    planner = Planner(board: board)
    let stepped: StepperBank?
    let smart: SmartModuleBank?
    if simulate || board.simulation.always {
      let twin = try SimulatedBoard(board: board)
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
    let executor: TickExecutor
    if let stepped {
      executor = SteppedExecutor(bank: stepped, board: board)
    } else if let smart {
      executor = SmartExecutor(bank: smart, board: board)
    } else {
      throw CommandFailure("board '\(board.name)' has no modules to drive")
    }
    nonisolated(unsafe) let clock = twin?.clock
    thread = ExecutorThread(
      executor: executor,
      tickMicroseconds: ExecutorThread.tickMicroseconds(
        for: board, smart: smart != nil),
      clock: MonotonicTickClock(speed: speed),
      onTick: clock.map { clock in
        { elapsed in
          // The simulated hardware keeps the thread's time.
          let target = UInt64(elapsed)
          if target > clock.nanoseconds { clock.advance(nanoseconds: target - clock.nanoseconds) }
        }
      })
    StopSignal.install()
    grant = thread.start()
  }

  var isSimulated: Bool { twin != nil }

  /// Stops the thread (motion stops, coils off) and says so; on a simulated board it also
  /// checks that no simulated coil is still energised.
  func stop() -> String {
    thread.stop()
    guard let twin else { return "motion stopped, coils off" }
    let energised = twin.modules.count { $0.motor.isEnergized }
    return energised == 0
      ? "motion stopped, coils off (every simulated coil is de-energised)"
      : "motion stopped, but \(energised) simulated coils are still energised"
  }

  /// Waits until the board is idle after `commands` commands, showing progress; returns the
  /// last state, or nil when a stop signal came first.
  func follow(commands: Int, progress: ProgressLine, label: (ExecutorState) -> String)
    -> ExecutorState?
  {
    while true {
      let state = thread.state
      if state.commandsApplied >= commands, state.idle {
        progress.finish(label(state))
        return state
      }
      progress.update(label(state))
      if StopSignal.received != 0 { return nil }
      var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
      nanosleep(&pause, nil)
    }
  }

  /// Sends a command, waiting for a free slot if the thread has not taken the last ones.
  func send(_ command: () -> Bool) {
    while !command() {
      var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
      nanosleep(&pause, nil)
    }
  }

  /// Stops the board and prints how it ended; throws (exit 1) when modules failed.
  func finish(_ final: ExecutorState?, failure: String) throws {
    let stopped = stop()
    guard let final else {
      print("stopped by \(StopSignal.name(StopSignal.received)): \(stopped)")
      return
    }
    print(stopped)
    let faults = Self.faultLines(final, board: board)
    if !faults.isEmpty {
      throw CommandFailure(
        "\(faults.count) of \(board.moduleCount) modules \(failure):\n"
          + faults.joined(separator: "\n"))
    }
  }

  /// One line per module that is not normal, for summaries.
  static func faultLines(_ state: ExecutorState, board: BoardDefinition) -> [String] {
    state.statuses.enumerated().compactMap { index, status in
      guard status.mode != .normal || status.fault != nil else { return nil }
      let cell = board.order.cell(ofModule: index, rows: board.rows, cols: board.cols)
      let why = status.fault?.message ?? status.mode.rawValue
      return
        "  module \(index) (row \(cell.row + 1), col \(cell.col + 1)): \(status.mode.rawValue): \(why)"
    }
  }
}

/// A progress line: redrawn in place on a terminal, printed once a second otherwise.
final class ProgressLine {
  let isTerminal: Bool
  private var lastPrinted = ""
  private var lastTime = 0

  init(isTerminal: Bool = isatty(1) != 0) {
    self.isTerminal = isTerminal
  }

  func update(_ text: String) {
    if isTerminal {
      print("\r\u{1B}[2K" + text, terminator: "")
      fflush(nil)
      return
    }
    let now = MonotonicTickClock.raw() / 1_000_000_000
    guard text != lastPrinted, now != lastTime else { return }
    lastPrinted = text
    lastTime = now
    print(text)
    fflush(nil)
  }

  func finish(_ text: String) {
    if isTerminal {
      print("\r\u{1B}[2K" + text)
    } else {
      print(text)
    }
    fflush(nil)
    lastPrinted = ""
  }
}
