import ClackAPI
import ClackCore
import Foundation
import Testing

@testable import ClackCommands

/// `clack render` and `clack status` on a terminal draw rune flaps from glyphs too; piped, the
/// runes stay characters.
struct RuneGridOutputTests {
  static let runes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../boards/sim-runes-6x22.yaml").standardized.path

  @Test func renderOnATerminalDrawsTheRunesAndPipedPrintsThem() throws {
    let command = try parse(RenderCommand.self, ["render", "--board", Self.runes, "dag"])
    let drawn = try command.output(isTerminal: true)
    #expect(
      !drawn.contains("ᛞ") && drawn.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }
    )
    #expect(drawn.contains("3 of 132 characters"), "\(drawn)")
    let piped = try command.output(isTerminal: false)
    #expect(piped.contains("│ᛞ│ᚨ│ᚷ│"), "\(piped)")
  }

  @Test func statusReadsARuneBoardFromItsCells() throws {
    var board = BoardView(
      name: "runes", rows: 1, cols: 3, codes: nil, target: nil, moving: 0, waiting: 0,
      quiet: false, homed: true, zones: [:], modules: [])
    board.cells = [["ᛞ", " ", "{red}"]]
    let frame = try #require(StatusCommand.frame(of: board))
    #expect(frame[0, 0] == .glyph("ᛞ") && frame[0, 1] == .blank && frame[0, 2] == .tile(.red))
    board.cells = [["ᛞ", "ᚨ"], ["ᚷ"]]
    #expect(StatusCommand.frame(of: board) == nil)
    board.codes = [[1, 2, 3]]
    #expect(StatusCommand.frame(of: board).map { $0[0, 0] } == .glyph("A"))
  }
}
