import Foundation
import Logging
import Testing

@testable import ClackDaemon

/// `--speed` belongs to simulated boards: the built-in board is simulated whatever the flags
/// say, so `clack run --speed 20` is fine with it; a board of real hardware needs --simulate.
@Suite struct SpeedOptionTests {
  @Test func aSimulationOnlyBoardTakesSpeedWithoutSimulate() throws {
    let command = try RunCommand.parse(["--speed", "20"])
    #expect(command.speed == 20)
    #expect(throws: (any Error).self) { try RunCommand.parse(["--speed", "51"]) }
  }

  @Test func aHardwareBoardNeedsSimulateForSpeed() async throws {
    var options = Daemon.Options()
    options.config.boardPath =
      URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../boards/pi-gpio-4.yaml").standardized
      .path
    options.speed = 20
    do {
      try await Daemon(options: options, logger: Logger(label: "test")).run()
      Issue.record("a hardware board ran at --speed 20 without --simulate")
    } catch {
      #expect("\(error)".contains("--speed needs --simulate: board pi-gpio-4 drives real hardware"))
    }
  }
}
