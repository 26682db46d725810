import Testing

@testable import ClackCore

@Suite struct BDFFontTests {
  /// A tiny BDF font: "I" (3×5, on the baseline) and "g" (3×4 with a 2-row descender).
  static let font = """
    STARTFONT 2.1
    FONT -clack-tiny-medium-r-normal--6-60-75-75-c-40-iso10646-1
    SIZE 6 75 75
    FONTBOUNDINGBOX 3 7 0 -2
    STARTPROPERTIES 2
    FONT_ASCENT 5
    FONT_DESCENT 2
    ENDPROPERTIES
    CHARS 3
    STARTCHAR I
    ENCODING 73
    SWIDTH 666 0
    DWIDTH 4 0
    BBX 3 5 0 0
    BITMAP
    E0
    40
    40
    40
    E0
    ENDCHAR
    STARTCHAR g
    ENCODING 103
    DWIDTH 4 0
    BBX 3 4 0 -2
    BITMAP
    E0
    A0
    E0
    20
    ENDCHAR
    STARTCHAR unencoded
    ENCODING -1
    DWIDTH 4 0
    BBX 1 1 0 0
    BITMAP
    80
    ENDCHAR
    ENDFONT

    """

  @Test func glyphsAreReadWithTheirBoxesAndAdvances() throws {
    let font = try BDFFontParser(file: "tiny.bdf").parse(Self.font)
    #expect(font.name == "-clack-tiny-medium-r-normal--6-60-75-75-c-40-iso10646-1")
    #expect(font.ascent == 5 && font.descent == 2)
    #expect(font.glyphs.count == 2, "the unencoded glyph is skipped")
    let g = try #require(font.glyph(for: "g"))
    #expect(g.yOffset == -2 && g.advance == 4)
    var canvas = PixelCanvas(width: 8, height: 7)
    PixelTextRenderer(font: font).draw("Ig", into: &canvas, x: 0, baseline: 5)
    #expect(
      PixelTextTests.picture(canvas) == [
        "###.....", ".#......", ".#......", ".#..###.", "###.#.#.", "....###.", "......#.",
      ])
  }

  @Test func crlfLineEndingsAreRead() throws {
    let font = try BDFFontParser(file: "tiny.bdf").parse(
      Self.font.replacingOccurrences(of: "\n", with: "\r\n"))
    #expect(font.glyphs.count == 2)
  }

  @Test(arguments: [
    ("E0\n40\n", "ZZ\n40\n", "tiny.bdf:16: a BITMAP row must be hex digits, not 'ZZ'"),
    ("DWIDTH 4 0\nBBX 3 5 0 0", "DWIDTH 4 0\nBBX 3 5 0", "tiny.bdf:14: BBX needs 4 whole numbers"),
    ("ENCODING 103\n", "", "tiny.bdf:30: glyph 'g' (line 22) has no ENCODING"),
    (
      "20\nENDCHAR\nSTARTCHAR unencoded", "20\nSTARTCHAR unencoded",
      "tiny.bdf:31: glyph 'g' (line 22) has no ENDCHAR before STARTCHAR"
    ),
    ("ENDFONT\n", "", "tiny.bdf: no ENDFONT: the file is cut short"),
  ])
  func mistakesNameTheFileAndLine(find: String, replace: String, message: String) {
    let text = Self.font.replacingOccurrences(of: find, with: replace)
    #expect(throws: FontFileError.self) { try BDFFontParser(file: "tiny.bdf").parse(text) }
    do {
      _ = try BDFFontParser(file: "tiny.bdf").parse(text)
    } catch {
      #expect("\(error)" == message)
    }
  }

  @Test func aFileThatIsNotBDFSaysSo() {
    do {
      _ = try BDFFontParser(file: "notes.txt").parse("hello\n")
      Issue.record("read a text file as a font")
    } catch {
      #expect("\(error)" == "notes.txt: not a BDF font (no STARTFONT)")
    }
  }
}

@Suite struct UnifontHexTests {
  /// Unifont's own "A" (8×16) and a made-up 16×16 glyph with its top-left and bottom-right
  /// pixels lit.
  static let hex = """
    0041:0000000018242442427E424242420000
    4E00:8000000000000000000000000000000000000000000000000000000000000001

    """

  @Test func eightAndSixteenWideGlyphsAreRead() throws {
    let font = try UnifontHexParser(file: "unifont.hex").parse(Self.hex)
    #expect(font.lineHeight == 16)
    let a = try #require(font.glyph(for: "A"))
    #expect(a.width == 8 && a.advance == 8)
    #expect(
      (0..<8).map { a.isLit(x: $0, y: 4) } == [
        false, false, false, true, true, false, false, false,
      ])
    let wide = try #require(font.glyph(for: "一"))
    #expect(wide.width == 16 && wide.isLit(x: 0, y: 0) && wide.isLit(x: 15, y: 15))
    #expect(!wide.isLit(x: 1, y: 0))
    var canvas = PixelCanvas(width: 8, height: 16)
    PixelTextRenderer(font: font).draw("A", into: &canvas, x: 0, baseline: 14)
    #expect(
      PixelTextTests.picture(canvas)[4] == "...##...",
      "row 4 of the glyph is row 4 of a 16-row line")
  }

  @Test(arguments: [
    ("0041:00", "unifont.hex:1: U+0041 has 2 hex digits; 32 (8×16) or 64 (16×16) expected"),
    (
      "zz:0000000018242442427E424242420000",
      "unifont.hex:1: expected CODEPOINT:HEX, such as 0041:0000000018242442427E424242420000"
    ),
    ("D800:0000000018242442427E424242420000", "unifont.hex:1: D800 is not a Unicode scalar"),
    (
      "\n0041:000000001824244242QE424242420000",
      "unifont.hex:2: U+0041: the glyph must be hex digits"
    ),
  ])
  func mistakesNameTheFileAndLine(text: String, message: String) {
    do {
      _ = try UnifontHexParser(file: "unifont.hex").parse(text)
      Issue.record("read a broken line")
    } catch {
      #expect("\(error)" == message)
    }
  }
}
