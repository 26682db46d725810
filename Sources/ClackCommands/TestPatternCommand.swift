import ArgumentParser
import ClackBoard
import ClackCore
import ClackScheduler
import Foundation

/// `clack test-pattern`: exercise every flap of every module.
struct TestPatternCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test-pattern",
    abstract: "Home a board, then step every module through its flaps.",
    discussion: """
      After homing, frame k shows flap (k + i) on module i, so neighbours always differ and \
      every module passes every flap over a full run; then the board goes blank. Each change is \
      planned within the power budget with the chosen transition. Progress shows the frame, \
      modules in place and faults. SIGTERM or Ctrl-C stops all motion and switches the coils \
      off. Exits 1 when a module failed.
      """)

  @OptionGroup var drive: DriveOptions

  @Option(help: "Frames to show (default: one per flap, a full revolution).")
  var frames: Int?

  @Option(
    help: ArgumentHelp(
      "fastest (default), reveal, column, reverse-column, edges-to-center, row, diagonal or random.",
      valueName: "name"))
  var transition: Transition.Kind = .fastest

  func validate() throws {
    if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
  }

  func run() throws {
    let session = try drive.open()
    FileHandle.standardError.write(Data("clack: \(session.grant)\n".utf8))
    let board = session.board
    let count = frames ?? board.flapSet.count
    let progress = ProgressLine()
    var commands = 1
    session.send { session.runner.home(flaps: Array(repeating: 0, count: board.moduleCount)) }
    var state = session.follow(commands: commands, progress: progress) { state in
      "homing: \(state.modules.count { $0.mode == .normal })/\(board.moduleCount) homed, "
        + "\(state.moving) moving"
    }
    var frame = 1
    while let current = state, frame <= count + 1 {
      // The last frame is blank: the board is left as it was found.
      let targets = (0..<board.moduleCount).map {
        frame > count ? 0 : (frame + $0) % board.flapSet.count
      }
      var planned = 0
      session.send {
        switch session.runner.show(flaps: targets, transition: Transition(transition)) {
        case .sent(let microseconds):
          planned = microseconds
          return true
        case .busy, .unshowable: return false
        }
      }
      commands += 1
      let seconds = Double(planned) / 1e6
      let title = frame > count ? "blank" : "frame \(frame)/\(count)"
      _ = current
      state = session.follow(commands: commands, progress: progress) { state in
        let placed = zip(state.modules, targets).count { $0.flap == $1 }
        let failed = state.modules.count { $0.mode == .sensorError || $0.mode == .disabled }
        return "\(title) (\(transition.rawValue), planned \(String(format: "%.1f", seconds)) s): "
          + "\(placed)/\(board.moduleCount) in place, \(state.moving) moving, \(state.waiting) waiting, \(failed) failed"
      }
      frame += 1
    }
    try session.finish(state, failure: "failed")
  }
}
