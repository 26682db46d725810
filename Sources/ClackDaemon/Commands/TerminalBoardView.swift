import ClackCore
import ClackRuntime
import ClackStore
import Foundation
import Logging
import Synchronization

/// `clack sim`'s live picture: what the simulated rotors show (mid-flip too), a status line
/// and the latest log lines, redrawn in place 20 times a second.
final class TerminalBoardView: Sendable {
  let recent: RecentLogLines
  let speed: Int
  private let task = Mutex<Task<Void, Never>?>(nil)

  init(recent: RecentLogLines, speed: Int) {
    self.recent = recent
    self.speed = speed
  }

  func start(_ parts: Daemon.Parts) {
    print("\u{1B}[?25l\u{1B}[2J", terminator: "")
    let speed = self.speed
    let recent = self.recent
    task.withLock {
      $0 = Task.detached {
        var frameCount = 0
        var queued = 0
        while !Task.isCancelled {
          if frameCount % 10 == 0 { queued = (try? parts.store.count(state: .queued)) ?? queued }
          frameCount += 1
          let runner = parts.display.runner
          let state = runner.thread.state
          let grid = FrameGridRenderer(ansiColor: true).render(runner.shownFrame(state))
          let homed = await parts.display.homed
          let quiet = await parts.display.quiet
          var status = "clack sim · http://\(parts.address)"
          if speed > 1 { status += " · ×\(speed)" }
          status += homed ? " · \(state.moving) moving" : " · homing…"
          status += " · \(queued) queued"
          if quiet { status += " · quiet hours" }
          let logs = recent.last(4).map { "  " + String($0.prefix(100)) }.joined(separator: "\n")
          print(
            "\u{1B}[H\(runner.board.name)\n" + grid + status + "\u{1B}[K\n" + logs + "\u{1B}[J",
            terminator: "")
          fflush(nil)
          try? await Task.sleep(for: .milliseconds(50))
        }
      }
    }
  }

  /// Stops drawing and gives the terminal its cursor back.
  func restore() {
    task.withLock { $0?.cancel() }
    print("\u{1B}[?25h")
    fflush(nil)
  }
}

/// The latest log lines, kept for the terminal view.
final class RecentLogLines: Sendable {
  private let lines = Mutex<[String]>([])

  func append(_ line: String) {
    lines.withLock {
      $0.append(line)
      if $0.count > 50 { $0.removeFirst($0.count - 50) }
    }
  }

  func last(_ count: Int) -> [String] { lines.withLock { Array($0.suffix(count)) } }
}

/// A log handler that feeds `RecentLogLines` instead of writing over the picture.
struct RecentLogHandler: LogHandler {
  let lines: RecentLogLines
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .info

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let time = Date().formatted(.iso8601.time(includingFractionalSeconds: false))
    lines.append("\(time) \(event.level) \(event.message)")
  }
}
