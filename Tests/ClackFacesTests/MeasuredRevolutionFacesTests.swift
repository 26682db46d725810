import ClackAPI
import ClackBoard
import Foundation
import Testing

@testable import ClackCommands
@testable import ClackRuntime

/// A spool whose revolution differs from the board file's: once the module has passed two
/// home edges the API reports what it measured, and a warning that names the fix.
extension CalibrationFacesTests {
  // This found a spool shorter than the file's looping for ever on its way to its goal after
  // homing (it met the next edge early, re-synchronised at speed short of the goal, and went
  // round again): the executor now takes the measured revolution for the module.
  @Test
  func aSpoolThatMeasuresDifferentlyIsReportedWithTheFix() async throws {
    let path = PixelBoardFacesTests.root.appendingPathComponent("boards/pi-gpio-4.yaml").path
    let yaml =
      try String(contentsOfFile: path, encoding: .utf8)
      + "simulation:\n  always: true\n  steps_per_revolution: [4096, 4076, 4096, 4096]\n"
    let board = try BoardDefinition.parse(yaml: yaml, file: path)
    var config = RuntimeConfig()
    config.schedules = []
    let daemon = try await InProcessDaemon(config: config, board: board, speed: 10)
    let display = daemon.runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    _ = try await PixelBoardFacesTests.until(display, "homed") { $0.homed }
    // Round past the home edge again: the last letters, then back to the first.
    for text in ["ZZZZ", "AAAA"] {
      let (status, body) = try await daemon.post("/api/v1/messages", #"{"text": "\#(text)"}"#)
      #expect(status == .created, "\(body)")
      _ = try await PixelBoardFacesTests.until(display, "\(text) shown") {
        $0.moving == 0 && $0.waiting == 0 && $0.cells == [Array(text).map(String.init)]
      }
    }
    let (status, body) = try await daemon.request("GET", "/api/v1/board")
    #expect(status == .ok)
    let view = try WireJSON.decode(BoardView.self, from: Data(body.utf8))
    let modules = view.modules.sorted { $0.col < $1.col }
    #expect(modules.map(\.revolution) == [4096, 4076, 4096, 4096], "\(body)")
    #expect(
      modules[1].warnings.first?.contains("its spool measures 4076 steps a revolution") == true)
    #expect(modules[1].warnings.first?.contains("set motion.steps_per_revolution: 4076") == true)
    #expect(modules[0].warnings.isEmpty)
    // `clack status` says the same.
    let (_, statusBody) = try await daemon.request("GET", "/api/v1/status")
    let summary = StatusCommand.summary(
      try WireJSON.decode(StatusView.self, from: Data(statusBody.utf8)), color: false,
      modules: view.modules)
    #expect(
      summary.contains("warnings:\n  row 1, col 2: its spool measures 4076 steps"), "\(summary)")
    #expect(summary.contains("spools: 4 measured, 4076, 4096 steps a revolution"), "\(summary)")
  }
}
