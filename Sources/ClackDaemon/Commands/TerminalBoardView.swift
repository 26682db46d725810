import ClackCore
import ClackHardware
import ClackRuntime
import Foundation
import Logging
import Synchronization

/// `clack sim`'s live picture: what the simulated rotors show (mid-flip too), a status line
/// and the latest log lines, redrawn in place whenever the runtime publishes an event (the
/// board changing, a message's change of state, homing) or a line is logged — at most 20
/// times a second, and not at all while nothing happens.
final class TerminalBoardView: Sendable {
  let recent: RecentLogLines
  let speed: Int
  private let tasks = Mutex<[Task<Void, Never>]>([])

  init(recent: RecentLogLines, speed: Int) {
    self.recent = recent
    self.speed = speed
  }

  func start(_ parts: Daemon.Parts) {
    print("\u{1B}[?25l\u{1B}[2J", terminator: "")
    // Keeps only the newest request: a burst of events is one redraw.
    let (redraws, redraw) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    recent.onAppend(redraw)
    redraw.yield()
    let events = parts.service.subscribe()
    let forward = Task.detached {
      for await _ in events { redraw.yield() }
    }
    let picture = TerminalBoardPicture(flapSet: parts.service.symbols)
    if let warning = picture.warning { recent.append("terminal view: " + warning) }
    let draw = Task.detached { [speed, recent] in
      for await _ in redraws {
        await Self.draw(parts, picture: picture, speed: speed, recent: recent)
        try? await Task.sleep(for: .milliseconds(50))
      }
    }
    tasks.withLock { $0 = [forward, draw] }
  }

  private static func draw(
    _ parts: Daemon.Parts, picture: TerminalBoardPicture, speed: Int, recent: RecentLogLines
  ) async {
    let live = await parts.service.live()
    let grid = picture.render(live.shown, leds: live.leds, reserved: Self.linesBesideBoard)
    var status = "clack sim · http://\(parts.address)"
    if speed > 1 { status += " · ×\(speed)" }
    if let brightness = live.brightness {
      status += live.homed ? " · brightness \(brightness)/15" : " · starting…"
    } else {
      status += live.homed ? " · \(live.moving) moving, \(live.waiting) waiting" : " · homing…"
    }
    status += " · \(live.queued) queued"
    if live.quiet { status += " · quiet hours" }
    let logs = recent.last(4).map { "  " + String($0.prefix(100)) }
    print(screen([parts.service.board.name, grid, status] + logs), terminator: "")
    fflush(nil)
  }

  /// The text that redraws the view from the top left: each line cleared to its end (a
  /// shorter line must not leave the tail of the longer one drawn there before) and the rest
  /// of the screen cleared below. `parts` may hold several lines each.
  static func screen(_ parts: [String]) -> String {
    let lines = parts.flatMap { part in
      part.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
        part.hasSuffix("\n") ? 1 : 0)
    }
    return "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\u{1B}[J"
  }

  /// The board's name, the status line and four log lines (the size is read at each redraw,
  /// so a resized terminal gets the dots that fit it).
  static let linesBesideBoard = 6

  /// Stops drawing and gives the terminal its cursor back.
  func restore() {
    for task in tasks.withLock({ $0 }) { task.cancel() }
    print("\u{1B}[?25h")
    fflush(nil)
  }
}

/// The latest log lines, kept for the terminal view, which is told of each new one.
final class RecentLogLines: Sendable {
  private let lines = Mutex<[String]>([])
  private let listener = Mutex<AsyncStream<Void>.Continuation?>(nil)

  func append(_ line: String) {
    lines.withLock {
      $0.append(line)
      if $0.count > 50 { $0.removeFirst($0.count - 50) }
    }
    _ = listener.withLock { $0 }?.yield()
  }

  func last(_ count: Int) -> [String] { lines.withLock { Array($0.suffix(count)) } }

  /// Tells `continuation` of every line appended from now on.
  func onAppend(_ continuation: AsyncStream<Void>.Continuation) {
    listener.withLock { $0 = continuation }
  }
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
