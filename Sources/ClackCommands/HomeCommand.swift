import ArgumentParser
import ClackBoard
import ClackScheduler
import Foundation

/// `clack home`: find every module's home position, within the power budget.
struct HomeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "home",
    abstract: "Home every module of a board and leave it blank.",
    discussion: """
      Each module turns, ramping up from the board's start speed to its top speed, until its \
      hall sensor sees the magnet's edge, at most power.max_moving at a time (or as many as the \
      supply carries at full draw), then goes on to \
      its first flap (blank). Modules whose sensor never triggers, or \
      never lets go, are reported with their row and column and left switched off. SIGTERM or \
      Ctrl-C stops all motion and switches the coils off. Exits 1 when a module failed.
      """)

  @OptionGroup var drive: DriveOptions

  func run() throws {
    let session = try drive.open()
    FileHandle.standardError.write(Data("clack: \(session.grant)\n".utf8))
    let board = session.board
    let started = MonotonicTickClock.raw()
    session.send { session.runner.home(flaps: Array(repeating: 0, count: board.moduleCount)) }
    let progress = ProgressLine()
    let final = session.follow(commands: 1, progress: progress) { state in
      let homed = state.modules.count { $0.mode == .normal }
      let failed = state.modules.count { $0.mode == .sensorError || $0.mode == .disabled }
      let seconds = Double(MonotonicTickClock.raw() - started) / 1e9
      return
        "homing \(board.name): \(homed)/\(board.moduleCount) homed, \(state.moving) moving, \(state.waiting) waiting, "
        + "\(failed) failed, \(String(format: "%.1f", seconds)) s"
    }
    try session.finish(final, failure: "did not home")
  }
}
