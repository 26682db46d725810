import Testing

@testable import ClackCore

@Suite struct PixelCanvasTests {
  @Test func aMonoCanvasKeepsOnlyOnAndOff() {
    var canvas = PixelCanvas(width: 4, height: 2)
    canvas[0, 0] = 200
    canvas[1, 0] = 100
    #expect(canvas[0, 0] == 255)
    #expect(canvas[1, 0] == 0)
    var grey = PixelCanvas(width: 4, height: 2, depth: .grey)
    grey[1, 0] = 100
    #expect(grey[1, 0] == 100, "a grey canvas keeps every level")
  }

  @Test func drawingIsClippedToTheCanvas() {
    var canvas = PixelCanvas(width: 3, height: 3)
    canvas[-1, 0] = 255
    canvas[3, 3] = 255
    #expect(canvas[-1, 0] == 0 && canvas.pixels.allSatisfy { $0 == 0 })
    canvas.fill(x: 1, y: -5, width: 10, height: 7, brightness: 255)
    #expect(canvas.pixels == [0, 255, 255, 0, 255, 255, 0, 0, 0])
    canvas.fill(x: 5, y: 5, width: 2, height: 2, brightness: 255)
    canvas.clear()
    #expect(canvas.pixels.allSatisfy { $0 == 0 })
  }

  @Test func aFrameIsDrawnOffScreenAndSwappedInWhole() {
    var buffers = DoubleBufferedCanvas(width: 2, height: 1)
    buffers.back[0, 0] = 255
    #expect(buffers.front[0, 0] == 0, "nothing drawn shows before the swap")
    buffers.swap()
    #expect(buffers.front[0, 0] == 255)
    buffers.back.copy(from: buffers.front)
    buffers.back[1, 0] = 255
    buffers.swap()
    #expect(buffers.front.pixels == [255, 255])
  }
}

@Suite struct PixelTextTests {
  let renderer = PixelTextRenderer(font: .builtin5x7)

  /// The canvas as rows of `#` and `.`.
  static func picture(_ canvas: PixelCanvas) -> [String] {
    (0..<canvas.height).map { y in
      String((0..<canvas.width).map { x in canvas.isLit(x: x, y: y) ? "#" : "." })
    }
  }

  @Test func theBuiltInFontDrawsItsGlyphsOnTheBaseline() {
    var canvas = PixelCanvas(width: 6, height: 8)
    renderer.draw("A", into: &canvas, x: 0, baseline: 7)
    #expect(
      Self.picture(canvas) == [
        ".###..", "#...#.", "#...#.", "#####.", "#...#.", "#...#.", "#...#.", "......",
      ])
  }

  @Test func aThirtyTwoByEightPanelHoldsOneRowOfFiveCells() {
    let font = PixelFont.builtin5x7
    #expect(font.maxAdvance == 6 && font.lineHeight == 8)
    #expect(32 / font.maxAdvance == 5 && 8 / font.lineHeight == 1)
    #expect(renderer.width(of: "HELLO") == 30)
  }

  @Test func linesAreAlignedInTheCanvas() {
    var canvas = PixelCanvas(width: 14, height: 8)
    renderer.draw(lines: ["I"], into: &canvas, justify: .right, align: .top)
    // "I" is 5 wide with a column of spacing after it: its 5 columns end at the edge.
    #expect(Self.picture(canvas)[0] == "..........###.")
    canvas.clear()
    renderer.draw(lines: ["I"], into: &canvas, justify: .center, align: .center)
    #expect(Self.picture(canvas)[0] == ".....###......", "its 5 columns start at (14 - 5) / 2")
  }

  @Test func missingGlyphsAreNamedWithLineAndColumn() {
    #expect(throws: Never.self) { try renderer.check("HELLO\nWORLD") }
    do {
      try renderer.check("OK\nNO ✓ Ж")
      Issue.record("drew characters the font lacks")
    } catch {
      #expect(
        error.characters.map(\.description) == [
          "\"✓\" at line 2, column 4", "\"Ж\" at line 2, column 6",
        ])
      #expect("\(error)".hasPrefix("2 characters have no glyph in font 'builtin-5x7'"))
    }
  }
}
