import Testing

@testable import ClackCore

/// A palette canvas: text in ink and tiles in their colours, through every transition, then
/// coloured for a colour panel.
@Suite struct ColourPaletteTests {
  static func frame(_ text: String, grid: PixelGrid) throws -> Frame {
    try TextLayout(rows: grid.rows, cols: grid.cols, flapSet: grid.symbolSet()).layout(text).frame
  }

  @Test func textIsInkAndTilesAreTheirColours() throws {
    let grid = try PixelGrid(width: 32, height: 8, font: .builtin5x7)
    var canvas = PixelCanvas(width: 32, height: 8, depth: .palette)
    grid.draw(try Self.frame("Hi {red}{black}", grid: grid), into: &canvas)
    let values = Set(canvas.pixels)
    #expect(values == [0, ColourPalette.ink, ColourPalette.index(of: .red)])
    // "H" starts in the first cell's first column; the red tile fills the fourth cell.
    #expect(canvas[grid.left, 0] == ColourPalette.ink)
    #expect(canvas[grid.left + 3 * 6, 0] == ColourPalette.index(of: .red))
    #expect(ColourPalette.index(of: .black) == 0)
  }

  /// Every transition picks pixels from the old and new pictures: indices come through whole.
  @Test(arguments: PixelTransitionKind.allCases)
  func transitionsCarryIndicesUnchanged(kind: PixelTransitionKind) throws {
    let grid = try PixelGrid(width: 32, height: 8, font: .builtin5x7)
    var from = PixelCanvas(width: 32, height: 8, depth: .palette)
    var to = from
    grid.draw(try Self.frame("{blue}{blue}AB", grid: grid), into: &from)
    grid.draw(try Self.frame("{green}CD{violet}", grid: grid), into: &to)
    var output = from
    let transition = PixelTransition(kind: kind, milliseconds: 400, cellHeight: grid.cellHeight)
    let allowed = Set(from.pixels).union(to.pixels)
    for elapsed in stride(from: 0, through: 400, by: 50) {
      transition.render(from: from, to: to, elapsed: elapsed, into: &output)
      #expect(Set(output.pixels).isSubset(of: allowed), "\(kind) at \(elapsed) ms")
    }
    #expect(output == to)
  }

  @Test func aPaletteCanvasIsColouredForAColourPanel() throws {
    let palette = ColourPalette(ink: RGB(255, 160, 0))
    var canvas = PixelCanvas(width: 3, height: 1, depth: .palette)
    canvas[0, 0] = PixelCanvas.full
    canvas[1, 0] = ColourPalette.index(of: .blue)
    var picture = ColourCanvas(width: 3, height: 1)
    palette.colour(canvas, into: &picture)
    #expect(picture[0, 0] == RGB(255, 160, 0))
    #expect(picture[1, 0] == FramePicture.tileColor(.blue))
    #expect(picture[2, 0] == RGB(0, 0, 0))
    #expect(palette[12] == RGB(0, 0, 0) && palette[240] == RGB(0, 0, 0), "indices it lacks: dark")
    #expect(palette[200] == RGB(255, 0, 215), "the cube: 16 + 36 × 5 + 6 × 0 + 4")
  }
}
