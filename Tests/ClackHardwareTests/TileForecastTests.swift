import ClackBoard
import ClackCore
import ClackScheduler
import Testing

@testable import ClackHardware

/// A wall's leader forecasts another controller's tile from its board file: the forecast is
/// the landing that controller's own board works out, for each kind of display.
@Suite struct TileForecastTests {
  static func screen(_ text: String, row: Int = 0, on board: BoardDefinition) -> Screen {
    var frame = Frame(rows: board.rows, cols: board.cols)
    for (col, character) in text.enumerated() { frame[row, col] = .glyph(character) }
    return Screen(frame: frame)
  }

  /// The runner's own landing for `to`, once it rests showing `from`.
  static func runnerLanding(_ file: String, from: String, to: String) throws -> (Int, Int?) {
    let board = try file == "small" ? small() : BoardDriveTests.board(file)
    let runner = try BoardRunner(board: board, simulate: true, clock: ManualTickClock())
    defer { _ = runner.stop() }
    let start = screen(from, on: board)
    #expect(runner.home(showing: start.frame))
    let state = runner.thread.wait(timeoutSeconds: 20) { $0.commandsApplied == 1 && $0.idle }
    let homed = state.idle
    #expect(homed, "\(file) homed")
    let target = screen(to, row: 1, on: board)
    let own = runner.landingMicroseconds(to: target, transition: Transition(), reduceMotion: false)
    let forecast = TileForecast(board: board).landingMicroseconds(
      from: start, to: target, transition: Transition(), reduceMotion: false)
    return (own, forecast)
  }

  /// The built-in board cut to 2 × 8, which homes in a moment of virtual time.
  static func small() throws -> BoardDefinition {
    let yaml = BuiltinBoard.yaml.replacingOccurrences(of: "rows: 6", with: "rows: 2")
      .replacingOccurrences(of: "cols: 22", with: "cols: 8")
    return try BoardDefinition.parse(yaml: yaml, file: "small.yaml")
  }

  @Test(arguments: ["small", "sim-pixels-64x16.yaml", "vestaboard-note.yaml"])
  func theForecastIsTheBoardsOwnLanding(file: String) throws {
    let (own, forecast) = try Self.runnerLanding(file, from: "HELLO", to: "WORLD")
    #expect(own > 0)
    #expect(forecast == own)
  }

  @Test func nothingToChangeLandsAtOnceAndAnUnknownStartTakesTheLongestWay() throws {
    let board = try BoardDriveTests.board("sim-6x22.yaml")
    let forecast = TileForecast(board: board)
    let screen = Self.screen("SAME", on: board)
    #expect(
      forecast.landingMicroseconds(
        from: screen, to: screen, transition: Transition(), reduceMotion: false) == 0)
    let unknown = try #require(
      forecast.landingMicroseconds(
        from: nil, to: screen, transition: Transition(), reduceMotion: false))
    let known = try #require(
      forecast.landingMicroseconds(
        from: Screen(rows: 6, cols: 22), to: screen, transition: Transition(),
        reduceMotion: false))
    #expect(unknown > known)
    // A symbol the tile has no flap for cannot be forecast: the tile cannot show it.
    var runic = screen
    runic.frame[0, 0] = .glyph("ᚠ")
    #expect(
      forecast.landingMicroseconds(
        from: screen, to: runic, transition: Transition(), reduceMotion: false) == nil)
  }
}
