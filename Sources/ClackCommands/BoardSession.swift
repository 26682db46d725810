import ClackBoard
import ClackCore
import ClackHardware
import ClackScheduler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A board opened for driving from a command: the runner, plus the stop signals, progress
/// and summaries that `home` and `test-pattern` share.
final class BoardSession {
  let runner: BoardRunner
  var board: BoardDefinition { runner.board }
  var planner: Planner { runner.planner }
  var thread: any RealtimeThread { runner.thread }
  var grant: RealtimeGrant { runner.grant }

  init(board: BoardDefinition, simulate: Bool, speed: Int) throws {
    runner = try BoardRunner(board: board, simulate: simulate, speed: speed)
    StopSignal.install()
  }

  func stop() -> String { runner.stop() }

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
