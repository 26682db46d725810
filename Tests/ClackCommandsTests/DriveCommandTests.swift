import ClackTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `clack home` and `clack test-pattern` as a user runs them: the built `clack` program in a
/// process of its own, so signals and the real-time thread behave as they do on a board.
@Suite struct DriveCommandTests {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "../.."
  ).standardized

  /// The `clack` built beside this test runner (scripts/test.sh builds it first).
  var clack: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("clack")
  }

  final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ more: Data) { lock.withLock { data.append(more) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
  }

  func launch(_ arguments: [String]) throws -> (Process, Output) {
    try #require(
      FileManager.default.isExecutableFile(atPath: clack.path),
      "build clack first (swift build): \(clack.path)")
    let process = Process()
    process.executableURL = clack
    process.arguments = arguments
    process.currentDirectoryURL = root
    let output = Output()
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    ChildOutput.read(pipe.fileHandleForReading) { output.append($0) }
    return (process, output)
  }

  func waitForExit(_ process: Process, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    return !process.isRunning
  }

  @Test func sigtermStopsMotionAndSwitchesTheCoilsOff() throws {
    // Homing 132 modules takes minutes; the signal comes while they move.
    let (process, output) = try launch(["home", "--board", "boards/sim-6x22.yaml"])
    let deadline = Date().addingTimeInterval(30)
    while !output.text.contains("moving"), Date() < deadline { usleep(20_000) }
    #expect(output.text.contains("homing sim-6x22"))
    kill(process.processIdentifier, SIGTERM)
    #expect(waitForExit(process, seconds: 30), "clack did not stop after SIGTERM")
    #expect(process.terminationStatus == 0)
    #expect(
      output.text.contains(
        "stopped by SIGTERM: motion stopped, coils off (every simulated coil is de-energised)"),
      "\(output.text)")
  }

  @Test func aTestPatternRunsToTheEndOnASimulatedBoard() throws {
    let (process, output) = try launch([
      "test-pattern", "--board", "boards/pcf8575-8.yaml", "--simulate", "--speed", "50",
      "--frames", "2",
    ])
    #expect(waitForExit(process, seconds: 120))
    #expect(process.terminationStatus == 0, "\(output.text)")
    #expect(output.text.contains("frame 2/2 (fastest"))
    #expect(output.text.contains("blank (fastest"))
    #expect(output.text.contains("8/8 in place, 0 moving, 0 waiting, 0 failed"))
    #expect(output.text.contains("clack: executor thread:"), "the real-time line is missing")
  }

  @Test func homingReportsAModuleWithADeadSensorByRowAndColumn() throws {
    var yaml = try String(
      contentsOf: root.appendingPathComponent("boards/pi-gpio-4.yaml"), encoding: .utf8)
    yaml += "simulation:\n  dead_sensors: [2]\n"
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-dead-\(UUID()).yaml")
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    let (process, output) = try launch([
      "home", "--board", file.path, "--simulate", "--speed", "50",
    ])
    #expect(waitForExit(process, seconds: 120))
    #expect(process.terminationStatus == 1)
    #expect(output.text.contains("1 of 4 modules did not home"), "\(output.text)")
    #expect(output.text.contains("module 2 (row 1, col 3): sensor-error: no home pulse"))
  }
}
