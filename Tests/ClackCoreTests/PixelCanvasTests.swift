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

@Suite struct PixelGridTests {
  @Test func aThirtyTwoByEightPanelInTheFiveBySevenFaceIsOneRowOfFive() throws {
    let grid = try PixelGrid(width: 32, height: 8, font: .builtin5x7)
    #expect(grid.rows == 1 && grid.cols == 5)
    // Five 5-wide glyphs with 1 column between them are 29 wide: 1 column of margin left.
    #expect(grid.left == 1 && grid.top == 0)
    let layout = TextLayout(rows: grid.rows, cols: grid.cols, flapSet: grid.symbolSet())
    let frame = try layout.layout("Hi {red}").frame
    var canvas = PixelCanvas(width: 32, height: 8)
    grid.draw(frame, into: &canvas)
    let picture = PixelTextTests.picture(canvas)
    // "HI", a blank, the tile: four cells centred in five start at the first.
    #expect(picture[0] == ".#...#..###........#####........")
    #expect(picture[3] == ".#####...#.........#####........")
    #expect(picture[7] == String(repeating: ".", count: 32))
  }

  @Test func aTileIsLitOnAMonoPanelAndShadedOnAGreyOne() throws {
    let grid = try PixelGrid(width: 6, height: 8, font: .builtin5x7)
    var frame = Frame(rows: 1, cols: 1)
    frame[0, 0] = .tile(.blue)
    var mono = PixelCanvas(width: 6, height: 8)
    grid.draw(frame, into: &mono)
    #expect(mono[0, 0] == 255)
    var grey = PixelCanvas(width: 6, height: 8, depth: .grey)
    grid.draw(frame, into: &grey)
    #expect(grey[0, 0] == 90 && grey[5, 0] == 0)
  }

  @Test func aPanelTooSmallForOneCellSaysSo() {
    #expect(throws: PixelGridError.self) { try PixelGrid(width: 4, height: 8, font: .builtin5x7) }
    do {
      _ = try PixelGrid(width: 4, height: 8, font: .builtin5x7)
    } catch {
      #expect("\(error)" == "a 4×8 panel holds no 6×8 cell of font 'builtin-5x7'")
    }
  }
}
