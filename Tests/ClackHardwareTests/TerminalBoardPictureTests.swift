import ClackBoard
import ClackCore
import Foundation
import Testing

@testable import ClackHardware

/// `clack sim`'s terminal picture of a rune flap board: drawn from GNU Unifont's glyphs, so it
/// needs no runic font in the terminal, and sized to the terminal.
struct TerminalBoardPictureTests {
  static func board(_ name: String) throws -> BoardDefinition {
    try BoardDefinition.load(
      path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../boards/\(name)").standardized.path)
  }

  /// Characters any terminal font has: ASCII, box drawing, block elements, Braille, and ESC
  /// for colour.
  static func onlyCommonCharacters(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy {
      $0.value < 0x80 || (0x2500...0x259F).contains($0.value)
        || (0x2800...0x28FF).contains($0.value)
    }
  }

  @Test func runeFlapsAreDrawnFromUnifontsGlyphsPixelForPixel() throws {
    let picture = TerminalBoardPicture(flapSet: try Self.board("sim-runes-6x22.yaml").flapSet)
    #expect(picture.warning == nil)
    let glyphs = try #require(picture.glyphs)
    var frame = Frame(rows: 6, cols: 22)
    frame[0, 0] = .glyph("ᚠ")
    frame[0, 1] = .glyph("᛭")
    frame[5, 21] = .glyph("ᛟ")
    let text = picture.render(frame, columns: 240, lines: 80, reserved: 6)
    #expect(!text.contains("ᚠ") && !text.contains("ᛟ"))
    #expect(Self.onlyCommonCharacters(text))
    #expect(text.split(separator: "\n").count == glyphs.size(rows: 6, cols: 22).lines)

    // Read ᚠ back out of the half blocks of the first flap and compare with Unifont's glyph.
    let unifont = try SystemUnifont.load()
    let glyph = try #require(unifont.glyph(for: "ᚠ"))
    let lines = text.split(separator: "\n").dropFirst().prefix(glyphs.cellLines).map {
      Array($0.dropFirst().prefix(glyphs.cellColumns))
    }
    var drawn: [[Bool]] = []
    for line in lines {
      drawn.append(line.map { $0 == "█" || $0 == "▀" })
      drawn.append(line.map { $0 == "█" || $0 == "▄" })
    }
    let rows = glyphs.pixelRows
    let columns = glyphs.pixelColumns
    for y in 0..<16 {
      for x in 0..<8 {
        let shown =
          rows.contains(y) && columns.contains(x)
          && drawn[y - rows.lowerBound][x - columns.lowerBound]
        #expect(shown == glyph.isLit(x: x, y: y), "pixel \(x),\(y) of ᚠ")
      }
    }
    // Cropping dropped only dark pixels, and some: docs/runes.md gives these sizes.
    #expect("\(columns.count)×\(rows.count)" == "7×14")
    var braille = glyphs
    braille.dots = .braille
    #expect("\(glyphs.size(rows: 6, cols: 22))" == "(columns: 177, lines: 49)")
    #expect("\(braille.size(rows: 6, cols: 22))" == "(columns: 111, lines: 31)")
  }

  @Test func theDotsFollowTheTerminalsSize() throws {
    let picture = TerminalBoardPicture(flapSet: try Self.board("sim-runes-6x22.yaml").flapSet)
    let glyphs = try #require(picture.glyphs)
    let frame = Frame(rows: 6, cols: 22)
    var large = glyphs
    large.dots = .halfBlocks
    let needed = large.size(rows: 6, cols: 22)
    func dots(_ columns: Int?, _ lines: Int?) -> GlyphGridPicture.Dots? {
      TerminalBoardPicture.dots(
        for: glyphs, frame: frame, columns: columns, lines: lines, reserved: 6)
    }
    var small = glyphs
    small.dots = .braille
    let fits = small.size(rows: 6, cols: 22)
    #expect(dots(needed.columns, needed.lines + 6) == .halfBlocks)
    #expect(dots(needed.columns - 1, needed.lines + 6) == .braille)
    #expect(dots(needed.columns, needed.lines + 5) == .braille)
    #expect(dots(fits.columns, fits.lines + 6) == .braille)
    #expect(dots(fits.columns - 1, 200) == nil)
    #expect(dots(500, fits.lines + 5) == nil)
    #expect(dots(nil, nil) == .braille)
    // Braille when it fits, and on a terminal too small for it (80 × 24) the characters, with
    // the size that would draw them.
    let braille = picture.render(frame, columns: fits.columns, lines: 40, reserved: 6)
    #expect(braille.split(separator: "\n").count == fits.lines)
    var runes = frame
    runes[0, 0] = .glyph("ᚠ")
    let characters = picture.render(runes, columns: 80, lines: 24, reserved: 6)
    #expect(characters.contains("│ᚠ│"))
    #expect(characters.contains("(a terminal of 111 × 37 draws these signs whatever its font)"))
  }

  @Test func aBoardOfPlainCharactersIsTheUsualGrid() throws {
    let board = try Self.board("sim-6x22.yaml")
    let picture = TerminalBoardPicture(flapSet: board.flapSet) {
      Issue.record("loaded a font")
      throw FontFileError(file: "", line: 0, message: "")
    }
    #expect(picture.glyphs == nil && picture.warning == nil)
    var frame = Frame(rows: 6, cols: 22)
    frame[0, 0] = .glyph("A")
    #expect(
      picture.render(frame, columns: 300, lines: 100, reserved: 6)
        == FrameGridRenderer(ansiColor: true).render(frame))
  }

  @Test func aRunningPanelShowsItsLEDsAndAFlapBoardItsGrid() throws {
    let picture = TerminalBoardPicture(flapSet: try Self.board("sim-6x22.yaml").flapSet)
    var frame = Frame(rows: 6, cols: 22)
    frame[0, 0] = .glyph("A")
    var leds = PixelCanvas(width: 4, height: 4)
    leds[0, 0] = 255
    let panel = picture.render(
      frame, leds: LitLEDs(canvas: leds, depth: .mono, brightness: 8), reserved: 6)
    // Four rows of LEDs are two lines of half blocks, in amber; the frame is not drawn.
    #expect(panel.hasPrefix("\u{1B}[33m") && panel.contains("▀") && !panel.contains("│A│"))
    #expect(panel.hasSuffix("\u{1B}[0m\n"))
    #expect(
      panel.dropFirst("\u{1B}[33m".count).split(separator: "\u{1B}")[0]
        .split(separator: "\n").count == 2)
    #expect(picture.render(frame, leds: nil, reserved: 6).contains("│A│"))
  }

  @Test func aColourPanelShowsItsLEDsInTheirColours() throws {
    let picture = TerminalBoardPicture(flapSet: try Self.board("sim-6x22.yaml").flapSet)
    var leds = PixelCanvas(width: 2, height: 2, depth: .palette)
    leds[0, 0] = ColourPalette.ink
    leds[1, 1] = ColourPalette.index(of: .red)
    let palette = ColourPalette(ink: RGB(255, 176, 0))
    let panel = picture.render(
      Frame(rows: 1, cols: 1),
      leds: LitLEDs(canvas: leds, depth: .palette, brightness: 8, palette: palette), reserved: 0)
    // One line of two half blocks: ink over dark, then dark over red, in 24-bit colour.
    #expect(panel.contains("\u{1B}[38;2;255;176;0m\u{1B}[48;2;0;0;0m▀"))
    #expect(panel.contains("\u{1B}[38;2;0;0;0m\u{1B}[48;2;214;53;47m▀"))
    #expect(panel.split(separator: "\n").count == 1)
  }

  @Test func withoutUnifontTheRunesShowAsCharactersWithAWarning() throws {
    let picture = TerminalBoardPicture(flapSet: try Self.board("sim-runes-6x22.yaml").flapSet) {
      throw FontFileError(
        file: "/usr/share/unifont/unifont.hex", line: 0, message: "no GNU Unifont")
    }
    #expect(picture.glyphs == nil)
    #expect(picture.warning?.contains("no GNU Unifont") == true)
    var frame = Frame(rows: 6, cols: 22)
    frame[0, 0] = .glyph("ᚠ")
    #expect(picture.render(frame, columns: 300, lines: 100, reserved: 6).contains("ᚠ"))
  }
}
