import Testing

@testable import ClackCore

/// A wall's tiles make one canvas; a screen laid out on it is cut into each tile's part, and
/// the parts put back together give the screen again.
@Suite struct WallLayoutTests {
  static func tile(_ name: String, _ row: Int, _ col: Int, _ rows: Int, _ cols: Int) -> WallTile {
    WallTile(name: name, member: name, row: row, col: col, rows: rows, cols: cols)
  }

  /// Three 6×22 boards side by side: the three-Pi wall of docs/walls.md.
  static let threeWide = try! WallLayout(tiles: [  // safe: checked by the first test
    tile("left", 0, 0, 6, 22), tile("middle", 0, 22, 6, 22), tile("right", 0, 44, 6, 22),
  ])

  @Test func theCanvasHoldsEveryTile() throws {
    let wall = Self.threeWide
    #expect(wall.rows == 6 && wall.cols == 66)
    #expect(wall.isWhole)
    #expect(wall.members == ["left", "middle", "right"])
  }

  @Test func aScreenLaidOutOnTheCanvasIsCutAtTheTilesEdges() throws {
    let wall = Self.threeWide
    let layout = TextLayout(rows: 6, cols: 66, flapSet: try FlapSet.named("vestaboard"))
    let screen = Screen(
      frame: try layout.layout(String(repeating: "ABCDEFGHIJK ", count: 20)).frame)
    let parts = wall.parts(of: screen)
    #expect(parts.count == 3)
    let middle = try #require(parts["middle"])
    #expect(middle.frame.rows == 6 && middle.frame.cols == 22)
    for row in 0..<6 {
      for col in 0..<22 { #expect(middle.frame[row, col] == screen.frame[row, 22 + col]) }
    }
    // The parts assembled are the screen: nothing lost or moved at the seams.
    #expect(wall.assemble(parts.mapValues(\.frame)) == screen.frame)
  }

  @Test func tilesOfDifferentSizesLeaveGapsThatShowNothing() throws {
    // A 1×12 flap board over a 2×32 LED ticker.
    let wall = try WallLayout(tiles: [
      Self.tile("flaps", 0, 0, 1, 12), Self.tile("ticker", 1, 0, 2, 32),
    ])
    #expect(wall.rows == 3 && wall.cols == 32)
    #expect(!wall.isWhole)
    var frame = Frame(rows: 3, cols: 32, fill: .glyph("X"))
    frame[0, 0] = .glyph("A")
    let parts = wall.parts(of: Screen(frame: frame))
    #expect(wall.assemble(parts.mapValues(\.frame))[0, 20] == .blank)
    #expect(wall.assemble(parts.mapValues(\.frame))[0, 0] == .glyph("A"))
  }

  @Test func theGapAZoneCoversIsFound() throws {
    // The 1×12 flaps over the 2×32 ticker leave row 0, columns 12–31, to no tile.
    let wall = try WallLayout(tiles: [
      Self.tile("flaps", 0, 0, 1, 12), Self.tile("ticker", 1, 0, 2, 32),
    ])
    let whole = CellArea(row: 0, col: 0, rows: 3, cols: 32)
    #expect(wall.uncovered(within: whole) == CellArea(row: 0, col: 12, rows: 1, cols: 20))
    let right = CellArea(row: 0, col: 20, rows: 3, cols: 12)
    #expect(wall.uncovered(within: right) == CellArea(row: 0, col: 20, rows: 1, cols: 12))
    // Zones within the tiles cover no gap.
    #expect(wall.uncovered(within: CellArea(row: 0, col: 0, rows: 1, cols: 12)) == nil)
    #expect(wall.uncovered(within: CellArea(row: 1, col: 0, rows: 2, cols: 32)) == nil)
  }

  @Test func aScrollingLineGoesToTheTileThatScrollsOnItsRow() throws {
    // Flaps (6×22) with a 2×16 LED ticker beside them: the ticker's lines scroll, the flaps'
    // never do, though they share the canvas's rows.
    let wall = try WallLayout(tiles: [
      Self.tile("flaps", 0, 0, 6, 22),
      WallTile(name: "ticker", member: "ticker", row: 4, col: 22, rows: 2, cols: 16, scrolls: true),
    ])
    #expect(wall.scrolls(wall.tiles[1]) && !wall.scrolls(wall.tiles[0]))
    let line: [Symbol] = Array("a long line that scrolls").map(Symbol.character)
    var screen = Screen(frame: Frame(rows: 6, cols: 38), scrolling: [5: line])
    screen.frame[0, 0] = .glyph("H")
    let parts = wall.parts(of: screen)
    #expect(parts["ticker"]?.scrolling == [1: line])
    #expect(parts["flaps"]?.scrolling.isEmpty == true)
    // Put back together (as a following member does with a leader's frame), the line is on
    // its canvas row again, and cut again it is the ticker's.
    let assembled = wall.assemble(parts)
    #expect(assembled == screen)
    #expect(wall.part(of: assembled, for: wall.tiles[1]).scrolling == [1: line])
  }

  @Test func twoPanelsOnOneRowShowCellsOnly() throws {
    // A screen keeps one scrolling line a row: which panel's would it be? Neither scrolls.
    let panel = { (name: String, col: Int) in
      WallTile(name: name, member: name, row: 0, col: col, rows: 1, cols: 6, scrolls: true)
    }
    let sideBySide = try WallLayout(tiles: [panel("a", 0), panel("b", 6)])
    #expect(sideBySide.tiles.allSatisfy { !sideBySide.scrolls($0) })
    let line: [Symbol] = Array("A LONG LINE THAT SCROLLS").map(Symbol.character)
    let wide = Screen(frame: Frame(rows: 1, cols: 12), scrolling: [0: line])
    #expect(sideBySide.parts(of: wide).values.allSatisfy { $0.scrolling.isEmpty })
    // Stacked, each panel has rows of its own and scrolls.
    let stacked = try WallLayout(tiles: [
      panel("a", 0),
      WallTile(name: "b", member: "b", row: 1, col: 0, rows: 1, cols: 6, scrolls: true),
    ])
    #expect(stacked.tiles.allSatisfy { stacked.scrolls($0) })
  }

  @Test func overlappingTilesAreRefusedNamingTheCell() {
    #expect(throws: WallLayoutError.overlap("a", "b", row: 2, col: 20)) {
      try WallLayout(tiles: [Self.tile("a", 0, 0, 6, 22), Self.tile("b", 2, 20, 6, 22)])
    }
    let error = WallLayoutError.overlap("a", "b", row: 2, col: 20)
    #expect(error.description == "tiles 'a' and 'b' overlap at row 3, column 21")
  }

  @Test func badTilesAreRefusedByName() {
    #expect(throws: WallLayoutError.noTiles) { try WallLayout(tiles: []) }
    #expect(throws: WallLayoutError.duplicateName("a")) {
      try WallLayout(tiles: [Self.tile("a", 0, 0, 1, 1), Self.tile("a", 0, 1, 1, 1)])
    }
    #expect(throws: WallLayoutError.emptyTile("a")) {
      try WallLayout(tiles: [Self.tile("a", 0, 0, 0, 4)])
    }
    #expect(throws: WallLayoutError.negativePlace("a")) {
      try WallLayout(tiles: [Self.tile("a", -1, 0, 1, 4)])
    }
    #expect(throws: WallLayoutError.tooLarge(rows: 6, cols: 600, maxRows: 256, maxCols: 512)) {
      try WallLayout(tiles: [Self.tile("a", 0, 0, 6, 300), Self.tile("b", 0, 300, 6, 300)])
    }
  }

  @Test func aMemberMayDriveSeveralTiles() throws {
    // One controller driving two Vestaboard Notes, another driving a third.
    let wall = try WallLayout(tiles: [
      WallTile(name: "note-1", member: "pi-a", row: 0, col: 0, rows: 3, cols: 15),
      WallTile(name: "note-2", member: "pi-a", row: 0, col: 15, rows: 3, cols: 15),
      WallTile(name: "note-3", member: "pi-b", row: 3, col: 0, rows: 3, cols: 15),
    ])
    #expect(wall.members == ["pi-a", "pi-b"])
    #expect(wall.tiles(of: "pi-a").map(\.name) == ["note-1", "note-2"])
    #expect(wall.rows == 6 && wall.cols == 30)
  }
}

extension WallLayoutTests {
  static let dot = Picture(
    width: 1, height: 1, frames: [.init(rgba: [255, 0, 0, 255], milliseconds: 0)])

  /// A picture on the canvas covers one LED tile: that tile's part carries it (over the
  /// whole of its panel), the others none, and putting the parts together gives it back.
  @Test func aPictureGoesToTheTileItCovers() throws {
    let layout = try WallLayout(tiles: [
      WallTile(name: "flaps", member: "a", row: 0, col: 0, rows: 2, cols: 8),
      WallTile(name: "ticker", member: "b", row: 2, col: 0, rows: 1, cols: 5, scrolls: true),
    ])
    var screen = Screen(rows: 3, cols: 8)
    screen.frame[0, 0] = .glyph("A")
    screen.picture = Self.dot
    screen.pictureArea = layout.tiles[1].cells
    let parts = layout.parts(of: screen)
    #expect(parts["ticker"]?.picture == Self.dot && parts["ticker"]?.pictureArea == nil)
    #expect(parts["flaps"]?.picture == nil)
    #expect(layout.assemble(parts) == screen)
    // A picture over other cells (a zone that is not the tile) goes to no tile.
    screen.pictureArea = CellArea(row: 2, col: 0, rows: 1, cols: 4)
    #expect(layout.parts(of: screen).values.allSatisfy { $0.picture == nil })
  }

  @Test func aPicturesFingerprintIsItsContentsAlone() {
    let same = Picture(
      width: 1, height: 1, frames: [.init(rgba: [255, 0, 0, 255], milliseconds: 0)])
    let blue = Picture(
      width: 1, height: 1, frames: [.init(rgba: [0, 0, 255, 255], milliseconds: 0)])
    let slower = Picture(
      width: 1, height: 1, frames: [.init(rgba: [255, 0, 0, 255], milliseconds: 5)])
    #expect(Self.dot.fingerprint == same.fingerprint)
    #expect(Self.dot.fingerprint.count == 16)
    #expect(Set([Self.dot, blue, slower].map(\.fingerprint)).count == 3)
    // FNV-1a of the size, frame count, time and pixels: fixed across processes and machines.
    #expect(Self.dot.fingerprint == Self.dot.fingerprint.lowercased())
  }
}
