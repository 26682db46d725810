/// One tile of a wall: a board, shown by a member (a controller), covering a rectangle of the
/// wall's canvas. Rows and columns count from 0 at the canvas's top left.
public struct WallTile: Hashable, Sendable {
  /// The tile's name, unique in the wall (by default its member's).
  public let name: String
  /// The member (a controller, named by its config) that drives this tile.
  public let member: String
  public let row: Int
  public let col: Int
  public let rows: Int
  public let cols: Int
  /// Whether the tile's board scrolls lines too long for it (an LED panel); a flap board's
  /// text must fit.
  public let scrolls: Bool

  public init(
    name: String, member: String, row: Int, col: Int, rows: Int, cols: Int, scrolls: Bool = false
  ) {
    self.name = name
    self.member = member
    self.row = row
    self.col = col
    self.rows = rows
    self.cols = cols
    self.scrolls = scrolls
  }

  /// Its cells on the canvas.
  public var cells: CellArea { CellArea(row: row, col: col, rows: rows, cols: cols) }

  /// Whether the tile covers the canvas cell at `row`, `col`.
  public func covers(row: Int, col: Int) -> Bool {
    row >= self.row && row < self.row + rows && col >= self.col && col < self.col + cols
  }

  /// `rows×cols at row R, column C` (from 1, as people count), for messages.
  public var placement: String {
    "\(rows)×\(cols) at row \(row + 1), column \(col + 1)"
  }
}

/// A wall: one canvas of rows × cols cells made of tiles, each a board of its own. A screen
/// laid out on the canvas is cut into one part per tile (`part(of:for:)`), which that tile's
/// board shows. The canvas is the smallest rectangle from the top left that holds every tile;
/// cells no tile covers (a gap between boards of different sizes) show nothing.
public struct WallLayout: Hashable, Sendable {
  public let rows: Int
  public let cols: Int
  /// In the order given, which is the order members are listed in.
  public let tiles: [WallTile]

  /// Checks the tiles: at least one; names unique; each at least 1×1, not at a negative
  /// place, and within the largest board a controller drives; no two overlapping.
  public init(tiles: [WallTile], maxRows: Int = 256, maxCols: Int = 512) throws(WallLayoutError) {
    guard !tiles.isEmpty else { throw .noTiles }
    var seen: Set<String> = []
    for tile in tiles {
      guard !tile.name.isEmpty else { throw .unnamedTile(placement: tile.placement) }
      guard seen.insert(tile.name).inserted else { throw .duplicateName(tile.name) }
      guard tile.rows >= 1, tile.cols >= 1 else { throw .emptyTile(tile.name) }
      guard tile.row >= 0, tile.col >= 0 else { throw .negativePlace(tile.name) }
    }
    for (index, tile) in tiles.enumerated() {
      for other in tiles[(index + 1)...] {
        if let cell = Self.overlap(tile, other) {
          throw .overlap(tile.name, other.name, row: cell.row, col: cell.col)
        }
      }
    }
    let rows = tiles.map { $0.row + $0.rows }.max() ?? 0
    let cols = tiles.map { $0.col + $0.cols }.max() ?? 0
    guard rows <= maxRows, cols <= maxCols else {
      throw .tooLarge(rows: rows, cols: cols, maxRows: maxRows, maxCols: maxCols)
    }
    self.rows = rows
    self.cols = cols
    self.tiles = tiles
  }

  /// The first cell two tiles share, if they overlap.
  private static func overlap(_ a: WallTile, _ b: WallTile) -> (row: Int, col: Int)? {
    let top = max(a.row, b.row)
    let left = max(a.col, b.col)
    guard top < min(a.row + a.rows, b.row + b.rows), left < min(a.col + a.cols, b.col + b.cols)
    else { return nil }
    return (top, left)
  }

  public func tile(named name: String) -> WallTile? { tiles.first { $0.name == name } }

  /// The tiles a member drives, in the wall's order.
  public func tiles(of member: String) -> [WallTile] { tiles.filter { $0.member == member } }

  /// The members, each once, in the order their first tile is listed.
  public var members: [String] {
    var seen: Set<String> = []
    return tiles.map(\.member).filter { seen.insert($0).inserted }
  }

  /// True when the tiles cover every cell of the canvas (no gaps).
  public var isWhole: Bool {
    tiles.reduce(0) { $0 + $1.rows * $1.cols } == rows * cols
  }

  /// The smallest rectangle holding every cell of `area` that no tile covers (a gap tiles of
  /// different sizes leave); nil when the tiles cover it all.
  public func uncovered(within area: CellArea) -> CellArea? {
    var (top, left, bottom, right) = (Int.max, Int.max, -1, -1)
    for row in area.row..<(area.row + area.rows) {
      for col in area.col..<(area.col + area.cols)
      where !tiles.contains(where: { $0.covers(row: row, col: col) }) {
        (top, left) = (min(top, row), min(left, col))
        (bottom, right) = (max(bottom, row), max(right, col))
      }
    }
    guard bottom >= 0 else { return nil }
    return CellArea(row: top, col: left, rows: bottom - top + 1, cols: right - left + 1)
  }

  /// Whether lines scroll on `tile`: its board scrolls, and no other tile that scrolls shares
  /// a row of the canvas with it. A screen keeps one scrolling line a row, so a line on a
  /// canvas row belongs to the one tile there that scrolls (a ticker beside flaps, or along
  /// the wall's bottom); two panels side by side show only cells.
  public func scrolls(_ tile: WallTile) -> Bool {
    tile.scrolls
      && !tiles.contains { other in
        other.name != tile.name && other.scrolls && other.row < tile.row + tile.rows
          && tile.row < other.row + other.rows
      }
  }

  /// The part of a canvas-sized `screen` that `tile` shows: its cells, the scrolling lines
  /// of its rows when lines scroll on it (`scrolls(_:)`), and the screen's picture when it
  /// covers exactly this tile. A picture is fitted to a board's panel, not cut.
  public func part(of screen: Screen, for tile: WallTile) -> Screen {
    precondition(
      screen.frame.rows == rows && screen.frame.cols == cols, "a wall's screen is canvas-sized")
    var frame = Frame(rows: tile.rows, cols: tile.cols)
    for row in 0..<tile.rows {
      for col in 0..<tile.cols {
        frame[row, col] = screen.frame[tile.row + row, tile.col + col]
      }
    }
    var scrolling: [Int: [Symbol]] = [:]
    if scrolls(tile) {
      for (row, line) in screen.scrolling where tile.covers(row: row, col: tile.col) {
        scrolling[row - tile.row] = line
      }
    }
    let picture = screen.picture.flatMap { screen.pictureArea == tile.cells ? $0 : nil }
    return Screen(frame: frame, scrolling: scrolling, picture: picture)
  }

  /// Every tile's part of `screen`, by tile name.
  public func parts(of screen: Screen) -> [String: Screen] {
    Dictionary(uniqueKeysWithValues: tiles.map { ($0.name, part(of: screen, for: $0)) })
  }

  /// The canvas frame the tiles' frames make together (cells no tile covers stay blank): the
  /// wall as its members show it.
  public func assemble(_ parts: [String: Frame]) -> Frame {
    assemble(parts.mapValues { Screen(frame: $0) }).frame
  }

  /// The canvas screen the tiles' parts make together, with the scrolling lines of the tiles
  /// where lines scroll (`scrolls(_:)`) and a tile's picture over its cells: what
  /// `part(of:for:)` cuts a frame from a leader into.
  public func assemble(_ parts: [String: Screen]) -> Screen {
    var screen = Screen(rows: rows, cols: cols)
    for tile in tiles {
      guard let part = parts[tile.name], part.frame.rows == tile.rows, part.frame.cols == tile.cols
      else { continue }
      for row in 0..<tile.rows {
        for col in 0..<tile.cols {
          screen.frame[tile.row + row, tile.col + col] = part.frame[row, col]
        }
      }
      if let picture = part.picture {
        screen.picture = picture
        screen.pictureArea = tile.cells
      }
      guard scrolls(tile) else { continue }
      for (row, line) in part.scrolling where row >= 0 && row < tile.rows {
        screen.scrolling[tile.row + row] = line
      }
    }
    return screen
  }
}

/// Why a wall's tiles do not make a wall; each names the tile.
public enum WallLayoutError: Error, Equatable, CustomStringConvertible {
  case noTiles
  case unnamedTile(placement: String)
  case duplicateName(String)
  case emptyTile(String)
  case negativePlace(String)
  /// Rows and columns from 0.
  case overlap(String, String, row: Int, col: Int)
  case tooLarge(rows: Int, cols: Int, maxRows: Int, maxCols: Int)

  public var description: String {
    switch self {
    case .noTiles: "a wall needs at least one tile"
    case .unnamedTile(let placement): "the tile \(placement) has no name"
    case .duplicateName(let name):
      "two tiles are named '\(name)': give each tile a name of its own (its name defaults to its member's)"
    case .emptyTile(let name): "tile '\(name)' has no cells: rows and cols must be at least 1"
    case .negativePlace(let name): "tile '\(name)' starts before the canvas's first row or column"
    case .overlap(let a, let b, let row, let col):
      "tiles '\(a)' and '\(b)' overlap at row \(row + 1), column \(col + 1)"
    case .tooLarge(let rows, let cols, let maxRows, let maxCols):
      "the wall's canvas would be \(rows)×\(cols), larger than \(maxRows)×\(maxCols)"
    }
  }
}
