import ArgumentParser
import ClackAPI
import ClackCommands
import ClackCore
import ClackRuntime
import ClackStore
import Foundation
import Logging

/// `clack sim`: the whole daemon on a simulated board, shown live in the terminal.
public struct SimCommand: AsyncParsableCommand {
  public init() {}

  public static let configuration = CommandConfiguration(
    commandName: "sim",
    abstract: "Run the daemon on a simulated board and show it live in the terminal.",
    discussion: """
      Needs no config: it runs the built-in simulated 6×22 board (boards/sim-6x22.yaml) in \
      real time, with the bundled quotes and a state directory of its own \
      ($XDG_STATE_HOME/clack-sim), and serves the same HTTP API as 'clack run' on \
      127.0.0.1:7000 — try: clack send "HELLO WORLD", or open http://127.0.0.1:7000/ for the \
      board in a browser with a compose box. The terminal shows what the simulated \
      rotors show, so flaps visibly pass through the characters between, with a status line; \
      a pixel (LED) board (--board boards/sim-pixels-64x16.yaml) is drawn LED by LED from \
      its simulated chips' registers, two rows of LEDs per line; rune flaps \
      (--board boards/sim-runes-6x22.yaml) are drawn from GNU Unifont's glyphs, so they need no \
      runic font in the terminal (half blocks in a terminal of 177 × 55, Braille in 111 × 37). \
      Without a terminal it prints plain log lines instead. Ctrl-C stops it.
      """)

  @OptionGroup var daemon: DaemonOptions

  @Option(help: "Run simulated time this many times faster (1-50).")
  var speed = 1

  public func validate() throws {
    guard (1...50).contains(speed) else { throw ValidationError("--speed must be from 1 to 50") }
  }

  public func run() async throws {
    let options = try daemon.daemonOptions(
      simulate: true, speed: speed, defaultState: StateDirectory.defaultPath() + "-sim")
    let level = options.logLevel
    guard isatty(1) != 0 else {
      LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardOutput(label: label)
        handler.logLevel = level
        return handler
      }
      try await DaemonLauncher.run(options, logger: Logger(label: "clack"))
      return
    }
    let recent = RecentLogLines()
    LoggingSystem.bootstrap { label in
      var handler = RecentLogHandler(lines: recent)
      handler.logLevel = level
      return handler
    }
    let view = TerminalBoardView(recent: recent, speed: speed)
    defer { view.restore() }
    try await DaemonLauncher.run(options, logger: Logger(label: "clack")) { parts in
      view.start(parts)
    }
  }
}
