import ClackBoard
import ClackCore

/// A wall's tiles as a member's `WallBoard` sees them: which are its own, with their boards,
/// and the part of a screen its local board shows.
extension WallBoard {
  /// Each own tile's board by tile name: the local board itself for one tile; for several,
  /// the boards of a `TiledBoard` of the wall's canvas that drives exactly those tiles.
  static func ownBoards(
    _ own: [WallTile], member: String, layout: WallLayout, local: any RunningBoard
  ) throws(WallBoardError) -> [String: BoardDefinition] {
    guard let tile = own.first else { throw .ownTiles(member: member, count: 0) }
    guard own.count > 1 else {
      guard tile.rows == local.board.rows, tile.cols == local.board.cols else {
        throw .sizeMismatch(
          tile: tile.name, tileSize: "\(tile.rows)×\(tile.cols)",
          boardSize: "\(local.board.rows)×\(local.board.cols)")
      }
      return [tile.name: local.board]
    }
    guard let tiled = local as? TiledBoard, tiled.layout == layout,
      tiled.tiles.map(\.tile) == own
    else { throw .ownTiles(member: member, count: own.count) }
    return Dictionary(uniqueKeysWithValues: tiled.tiles.map { ($0.tile.name, $0.board.board) })
  }

  /// The part of a canvas `screen` the local board shows: its tile's part, or on a member
  /// with several tiles the canvas with only those tiles' parts (the others blank).
  func localPart(_ screen: Screen) -> Screen {
    guard localTiles.count > 1 else { return layout.part(of: screen, for: localOrigin) }
    return layout.assemble(
      Dictionary(
        uniqueKeysWithValues: localTiles.map { ($0.name, layout.part(of: screen, for: $0)) }))
  }

  /// A tile laid out in its own board's symbols, scrolling where it can.
  static func area(of tile: WallTile, board: BoardDefinition, in layout: WallLayout)
    -> BoardArea
  {
    BoardArea(
      row: tile.row, col: tile.col, rows: tile.rows, cols: tile.cols, flapSet: board.flapSet,
      scrolls: layout.scrolls(tile), showsPictures: board.pixels != nil)
  }
}
