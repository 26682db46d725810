import ArgumentParser
import ClackCommands
import Foundation
import Logging

/// `clack run`: the daemon, as systemd runs it.
public struct RunCommand: AsyncParsableCommand {
  public init() {}

  public static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run the daemon: drive the board, keep the queue, serve the HTTP API.",
    discussion: """
      Homes the board (after a clean stop it trusts the saved positions instead), going \
      straight back to the frame it showed before, then shows what the \
      content engine picks: urgent messages, the newest message, pinned ones, scheduled \
      content (by default the quote of the day at 07:00). Messages come in through the HTTP \
      API (docs/api.md) on 127.0.0.1:7000 unless --listen or the config says otherwise, \
      through the Vestaboard Local API (docs/vestaboard.md), and from an MQTT broker when \
      the config has an mqtt section (docs/mqtt.md). With a wall section it drives its \
      tiles' boards as one member of a wall of several controllers, whose leader takes the \
      messages, or every tile of a wall of its own (docs/walls.md). \
      Under systemd (Type=notify) it sends READY=1 once homed and serving, feeds the \
      watchdog while the executor thread is alive (ticking, or at rest with nothing to move), \
      and STOPPING=1 on the way out; STATUS= says what it is doing (homing, serving, module \
      faults). Under the journal, each line carries its priority (journalctl -u clack -p \
      warning shows the faults). SIGHUP (systemctl reload clack) reads the config again and \
      applies schedules, quiet hours and the like without losing the queue or homing again. \
      SIGTERM or SIGINT \
      stops motion, switches the coils off, closes the store and exits 0.
      """)

  @OptionGroup var daemon: DaemonOptions

  @Flag(help: "Drive the board's simulated twin instead of the hardware.")
  var simulate = false

  @Option(
    help: """
      With --simulate (or a simulation-only board): run simulated time this many times faster \
      (1-50).
      """)
  var speed = 1

  @Flag(
    help: """
      With --simulate (or a simulation-only board): run the twin's executor thread as on real \
      hardware, at real-time priority (SCHED_FIFO, memory locked, CPUs kept out of deep idle) \
      when the process is allowed to, to measure its timing beside other load \
      (scripts/bench-flood.sh). Off by default: a twin has no motor to stall.
      """)
  var realtime = false

  public func validate() throws {
    guard (1...50).contains(speed) else { throw ValidationError("--speed must be from 1 to 50") }
    // Whether --speed needs --simulate depends on the board (a simulation-only board runs
    // simulated either way): the daemon says so once it has read the board file.
  }

  public func run() async throws {
    var options = try daemon.daemonOptions(simulate: simulate, speed: speed)
    options.realtimeTwin = realtime
    let level = options.logLevel
    let journal = JournalLogHandler.standardErrorIsJournal()
    LoggingSystem.bootstrap { label in
      if journal { return JournalLogHandler(label: label, logLevel: level) }
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    try await DaemonLauncher.run(options, logger: Logger(label: "clack"))
  }
}
