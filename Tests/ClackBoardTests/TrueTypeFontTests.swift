import ClackCore
import Foundation
import Testing

@testable import ClackBoard

/// TrueType and OpenType fonts rasterised by FreeType at a panel's size (DejaVu Sans Mono,
/// Debian's fonts-dejavu-core): the glyphs come out whole and the right way round, a board
/// file gives their size, and a file that is not a font is named.
@Suite struct TrueTypeFontTests {
  static let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

  /// The lit pixels of a glyph, by row, top first.
  static func rows(_ glyph: PixelGlyph) -> [[Int]] {
    (0..<glyph.height).map { y in (0..<glyph.width).filter { glyph.isLit(x: $0, y: y) } }
  }

  @Test func glyphsAreRasterisedAtTheSizeTheRightWayRound() throws {
    let font = try PixelFontFile.load(Self.mono, size: 11)
    #expect(font.name == "DejaVuSansMono.ttf at 11 px")
    #expect(font.glyphs.count > 2000, "the font's whole Unicode map: \(font.glyphs.count)")
    #expect((7...10).contains(font.ascent) && (1...3).contains(font.descent))
    // A monospace font: every ASCII letter advances the same.
    let advances = Set("AMWil.".unicodeScalars.compactMap { font.glyphs[$0]?.advance })
    #expect(advances.count == 1 && (5...8).contains(advances.first ?? 0), "\(advances)")
    // L: a stem down the left, its bar along the bottom going right; not mirrored or flipped.
    let l = try #require(font.glyphs["L"])
    let lines = Self.rows(l)
    let stem = try #require(lines.first?.first)
    #expect(lines.dropLast().allSatisfy { $0 == [stem] }, "\(lines)")
    #expect((lines.last?.count ?? 0) >= 3 && lines.last?.first == stem)
    #expect(l.yOffset == 0, "L sits on the baseline")
    // g descends below the baseline; a hyphen is one short row in the middle.
    #expect(try #require(font.glyphs["g"]).yOffset < 0)
    let hyphen = try #require(font.glyphs["-"])
    #expect(hyphen.height <= 2 && hyphen.yOffset > 0)
    // Letters beyond ASCII are there too.
    #expect(font.glyphs["ö"] != nil && font.glyphs["Ж"] != nil)
  }

  @Test func aBoardFileGivesTheSizeAndItsGridFollows() throws {
    let yaml = """
      name: tt
      panel: {width: 64, height: 16}
      chips: {type: ws2812, spi_device: /dev/spidev0.0}
      font: \(Self.mono)
      font_size: 11

      """
    let board = try PixelBoardDefinition.parse(yaml: yaml, file: "tt.yaml")
    #expect(board.fontSize == 11)
    let grid = try board.characterGrid(file: "tt.yaml")
    #expect(grid.rows == 1 && grid.cols == 64 / grid.cellWidth)
    #expect(grid.symbolSet().symbols.contains(.glyph("Ж")))
    var canvas = PixelCanvas(width: 64, height: 16, depth: .palette)
    grid.draw(.glyph("H"), x: 0, y: 0, into: &canvas)
    #expect(canvas.pixels.filter { $0 == ColourPalette.ink }.count > 10, "H drawn in ink")
  }

  @Test func mistakesAreNamed() throws {
    func message(_ yaml: String) -> String {
      do {
        _ = try PixelBoardDefinition.parse(yaml: yaml, file: "t.yaml")
        return "no error"
      } catch { return error.description }
    }
    let base =
      "name: t\npanel: {width: 32, height: 8}\nchips: {type: ws2812, spi_device: /dev/spidev0.0}\n"
    #expect(
      message(base + "font: \(Self.mono)\n").contains(
        "font: a TrueType or OpenType font needs font_size: its height in LEDs (such as 8)"))
    #expect(
      message(base + "font_size: 8\n").contains(
        "font_size: font_size is for TrueType and OpenType fonts"))
    #expect(
      message(base + "font: \(Self.mono)\nfont_size: 2\n").contains("font_size: 2 is out of range"))

    let garbage = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-\(UUID()).ttf")
    try Data("not a font at all".utf8).write(to: garbage)
    defer { try? FileManager.default.removeItem(at: garbage) }
    do {
      _ = try PixelFontFile.load(garbage.path, size: 8)
      Issue.record("a file of text passed for a font")
    } catch {
      #expect(error.description == "\(garbage.path): not a font FreeType can read (unknown format)")
    }
    do {
      _ = try PixelFontFile.load("/usr/share/fonts/truetype/dejavu/NoSuch.ttf", size: 8)
      Issue.record("a missing font loaded")
    } catch {
      #expect(
        error.description.contains("no such font file (DejaVu is in Debian's 'fonts-dejavu-core'"))
    }
  }
}
