import Testing

@testable import ClackCore

/// The terminal picture of flaps drawn from glyph bitmaps (runes, Cirth): the pixels that come
/// out are the font's, cropped to the rows and columns its glyphs use, in half blocks or in
/// Braille.
struct GlyphGridPictureTests {
  /// A 4 × 6 font whose glyphs leave the top row and the right column dark (they are cropped).
  static let font = BitmapFont(
    width: 4, height: 6,
    pictures: [
      "ᚠ": ".... #.#. ##.. #.#. #... #...",
      "ᛁ": ".... .#.. .#.. .#.. .#.. ....",
    ])

  static func frame(_ symbols: [Symbol]) -> Frame {
    var frame = Frame(rows: 1, cols: symbols.count)
    for (col, symbol) in symbols.enumerated() { frame[0, col] = symbol }
    return frame
  }

  @Test func halfBlocksShowTwoPixelRowsPerLineCroppedToTheLitArea() {
    let picture = GlyphGridPicture(font: Self.font, dots: .halfBlocks)
    // Lit rows 1–5 and columns 0–2: three columns and three lines per flap.
    #expect(picture.cellColumns == 3 && picture.cellLines == 3)
    let text = picture.render(Self.frame([.glyph("ᚠ"), .glyph("ᛁ"), .blank]))
    #expect(
      text == """
        ┌───┬───┬───┐
        │█▄▀│ █ │   │
        │█ ▀│ █ │   │
        │▀  │   │   │
        └───┴───┴───┘

        """)
  }

  @Test func brailleShowsFourPixelRowsAndTwoColumnsPerCharacter() {
    let picture = GlyphGridPicture(font: Self.font, dots: .braille)
    #expect(picture.cellColumns == 2 && picture.cellLines == 2)
    let text = picture.render(Self.frame([.glyph("ᚠ"), .glyph("ᛁ")]))
    // ᚠ's first two pixel columns, rows 1–4: the left all lit (dots 1 2 3 7), the right in
    // row 2 (dot 5): ⡗. Its third column, rows 1 and 3 (dots 1 3): ⠅. ᛁ's middle column,
    // rows 1–4 (dots 4 5 6 8): ⢸. Row 5, the fifth drawn row, starts the second line.
    #expect(
      text == """
        ┌──┬──┐
        │⡗⠅│⢸ │
        │⠁ │  │
        └──┴──┘

        """)
  }

  @Test func sizeIsTheRenderedPicturesColumnsAndLines() {
    for dots in GlyphGridPicture.Dots.allCases {
      let picture = GlyphGridPicture(font: Self.font, dots: dots)
      var frame = Frame(rows: 3, cols: 5)
      frame[1, 2] = .glyph("ᚠ")
      let lines = picture.render(frame).split(separator: "\n")
      let size = picture.size(rows: 3, cols: 5)
      #expect(lines.count == size.lines)
      #expect(lines.allSatisfy { $0.count == size.columns })
    }
  }

  @Test func tilesFillTheFlapAndCharactersTheFontLacksShowAsThemselves() {
    let picture = GlyphGridPicture(font: Self.font, dots: .halfBlocks)
    let text = picture.render(Self.frame([.tile(.red), .glyph("A")]))
    #expect(
      text == """
        ┌───┬───┐
        │rrr│   │
        │rrr│ A │
        │rrr│   │
        └───┴───┘

        """)
    let colored = GlyphGridPicture(font: Self.font, dots: .halfBlocks, ansiColor: true)
    #expect(colored.render(Self.frame([.tile(.red)])).contains("\u{1B}[38;5;196m███\u{1B}[0m"))
  }

  @Test func aFontWithoutLitPixelsStillDrawsOneDotPerFlap() {
    let dark = GlyphGridPicture(font: BitmapFont(width: 2, height: 2, pictures: ["x": ".. .."]))
    #expect(dark.cellColumns == 1 && dark.cellLines == 1)
    #expect(dark.render(Self.frame([.glyph("x")])) == "┌─┐\n│ │\n└─┘\n")
  }
}
