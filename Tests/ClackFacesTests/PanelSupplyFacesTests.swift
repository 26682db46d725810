import ClackBoard
import ClackRuntime
import Foundation
import Testing

/// A panel whose file gives its supply: a brightness above what the supply allows with every
/// LED lit is refused over the API with the figures; one within it is applied.
@Suite(.serialized) struct PanelSupplyFacesTests {
  /// The four-chip HT16K33 32 × 8 panel on a 1.2 A supply at 10 mA a lit LED at full
  /// brightness: 256 LEDs take 160 mA a level, so level 6 (1.12 A) is the most.
  static func board() throws -> BoardDefinition {
    let path = PixelBoardFacesTests.root.appendingPathComponent("boards/ht16k33-32x8.yaml").path
    let yaml =
      try String(contentsOfFile: path, encoding: .utf8)
      + "power: {supply_amps: 1.2, led_amps: 0.01}\n"
    let pixels = try PixelBoardDefinition.parse(yaml: yaml, file: "capped.yaml")
    return pixels.characterBoard(grid: try pixels.characterGrid(file: "capped.yaml"))
  }

  @Test func aBrightnessAboveTheSupplyIsRefusedWithTheFigures() async throws {
    let board = try Self.board()
    #expect(board.pixels?.maxBrightness == 6)
    var config = RuntimeConfig()
    config.schedules = []
    let daemon = try await InProcessDaemon(config: config, board: board)
    let display = daemon.runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    _ = try await PixelBoardFacesTests.until(display, "homed") { $0.homed }
    let (refused, why) = try await daemon.request(
      "PUT", "/api/v1/board/brightness", #"{"brightness": 9}"#)
    #expect(refused == .badRequest, "\(why)")
    #expect(
      why.contains(
        "brightness 9 would draw more than the panel's 1.2 A supply with every LED lit: at most 6"),
      "\(why)")
    let (set, body) = try await daemon.request(
      "PUT", "/api/v1/board/brightness", #"{"brightness": 5}"#)
    #expect(set == .ok, "\(body)")
    _ = try await PixelBoardFacesTests.until(display, "brightness 5") {
      $0.pixels?.brightness == 5
    }
  }
}
