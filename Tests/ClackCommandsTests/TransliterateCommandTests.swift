import Foundation
import Testing

@testable import ClackCommands

/// `clack transliterate`, and `--script` on render and send.
@Suite struct TransliterateCommandTests {
  @Test func printsTheRunesOfEachScript() throws {
    #expect(
      try parse(TransliterateCommand.self, ["transliterate", "hail", "thing"]).output()
        == "ᚺᚨᛁᛚ᛫ᚦᛁᛜ")
    #expect(
      try parse(TransliterateCommand.self, ["transliterate", "--script", "younger", "dag"])
        .output() == "ᛏᛅᚴ")
    let cirth = try parse(
      TransliterateCommand.self, ["transliterate", "--script", "cirth", "--code-points", "pa"]
    ).output()
    #expect(cirth == "\u{E080}\u{E0B1}\nU+E080 U+E0B1")
  }

  @Test func aLetterWithNoRuneFailsWithItsPlaceOrIsCrossedUnderLenient() throws {
    #expect {
      _ = try parse(TransliterateCommand.self, ["transliterate", "ok", "ж"]).output()
    } throws: { "\($0)".contains(#""ж" at line 1, column 4"#) }
    #expect(
      try parse(TransliterateCommand.self, ["transliterate", "--lenient", "ж"]).output() == "᛭")
    #expect(throws: (any Error).self) {
      try parse(TransliterateCommand.self, ["transliterate", "--script", "ogham", "x"])
    }
  }

  @Test func renderWritesRunesOnAUnifontBoard() throws {
    let board = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../boards/sim-runes-64x16.yaml").standardized
    let render = try parse(
      RenderCommand.self,
      ["render", "--board", board.path, "--script", "elder", "--json", "dag"])
    let json = try render.output(isTerminal: false)
    #expect(json.contains(#""lines":["  ᛞᚨᚷ   "],"codes":null"#), "\(json)")
    let text = try parse(
      RenderCommand.self, ["render", "--board", board.path, "--script", "elder", "dag"]
    ).output(isTerminal: false)
    #expect(text.contains("3 of 8 characters"), "\(text)")
  }

  /// On rune flaps, text is written in the Elder Futhark without --script, the quote's author
  /// too, and the PNG draws the runes in GNU Unifont rather than as boxes.
  @Test func aRuneFlapBoardRendersInRunesAndItsPictureInUnifont() throws {
    let board = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../boards/sim-runes-6x22.yaml").standardized
    let png = FileManager.default.temporaryDirectory.appendingPathComponent("runes-\(UUID()).png")
    defer { try? FileManager.default.removeItem(at: png) }
    let output = try parse(
      RenderCommand.self, ["render", "--board", board.path, "--png", png.path, "dag is longer"]
    ).output(isTerminal: false)
    #expect(output.contains("│ᛞ│ᚨ│ᚷ│᛫│ᛁ│ᛊ│᛫│ᛚ│ᛟ│ᛜ│ᛖ│ᚱ│"), "\(output)")
    #expect(output.contains("in GNU Unifont") && !output.contains("outlined boxes"), "\(output)")
    #expect(FileManager.default.fileExists(atPath: png.path))
    let quote = try parse(
      QuoteCommand.self, ["quote", "on", "2026-01-01", "--board", board.path, "--json"]
    ).output(now: Date(), isTerminal: false)
    #expect(quote.contains("᛫") && !quote.contains("\"codes\":[["), "\(quote)")
  }

  @Test func sendPassesTheScript() throws {
    let send = try parse(SendCommand.self, ["send", "--script", "younger-short-twig", "dag"])
    #expect(send.script == .youngerShortTwig)
  }
}
