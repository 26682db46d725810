import ClackCore

extension BoardDefinition {
  /// A wall's canvas as one board to lay content out on (docs/walls.md): `rows` × `cols`
  /// cells, row-major, with every symbol some tile can show (the tiles' set when they share
  /// one; else the first tile's symbols, then each other tile's it lacks) and the first tile's motion. It has no hardware of its
  /// own: each tile's part is shown by that tile's board.
  /// `pictureAreas`: the LED tiles' cells, where a picture page may show.
  public static func canvas(
    name: String, rows: Int, cols: Int, tiles: [BoardDefinition], pictureAreas: [CellArea] = []
  ) throws(FlapSetError) -> BoardDefinition {
    let first = tiles.first
    var symbols = first?.flapSet.symbols ?? [.blank, .glyph("?")]
    var seen = Set(symbols)
    for tile in tiles.dropFirst() {
      for symbol in tile.flapSet.symbols where seen.insert(symbol).inserted {
        symbols.append(symbol)
      }
    }
    // Alike tiles keep their set, and its name in messages; mixed ones make a set of the wall.
    let flapSet: FlapSet
    if let first, tiles.allSatisfy({ $0.flapSet == first.flapSet }) {
      flapSet = first.flapSet
    } else {
      flapSet = try FlapSet(name: "wall", symbols: symbols)
    }
    let count = rows * cols
    var canvas = BoardDefinition(
      name: name, description: "a wall of \(tiles.count) boards", rows: rows, cols: cols,
      order: .rowMajor, flapSet: flapSet, hardware: nil, motion: first?.motion ?? MotionProfile(),
      offsets: Array(repeating: 0, count: count), reversed: Array(repeating: false, count: count),
      movingLimit: count, simulation: SimulationParameters())
    canvas.pictureAreas = pictureAreas
    return canvas
  }
}
