import ClackBoard
import ClackHardware
import Logging
import Testing

@testable import ClackDaemon

/// The daemon's stop (SIGTERM, or a run that fails): motion stops and every coil goes off at
/// any log level, not only at one that prints the line saying so.
@Suite struct MotionStopTests {
  @Test(arguments: [Logger.Level.trace, .info, .warning, .error, .critical])
  func theExecutorStopsWhateverTheLogLevel(level: Logger.Level) throws {
    let runner = try BoardRunner(board: try BuiltinBoard.load(), simulate: true, speed: 1)
    #expect(!runner.state.stopped)
    var logger = Logger(label: "motion-stop-test")
    logger.logLevel = level
    Daemon.stopMotion(of: runner, logger: logger)
    let stopped = runner.state.stopped
    #expect(stopped, "the executor thread ended at log level \(level)")
  }
}
