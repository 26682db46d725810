/// A rectangle of a board laid out on its own terms: on a wall, one tile, with the symbols
/// its own board shows and whether its board scrolls long lines (an LED panel beside flaps).
/// Text in a zone over one area is laid out in that area's symbols; a zone as wide as an
/// area that scrolls may scroll. Rows and columns count from 0 at the board's top left.
public struct BoardArea: Hashable, Sendable {
  public let row: Int
  public let col: Int
  public let rows: Int
  public let cols: Int
  public let flapSet: FlapSet
  public let scrolls: Bool
  /// An LED panel's area: a picture page may cover it.
  public let showsPictures: Bool

  public init(
    row: Int, col: Int, rows: Int, cols: Int, flapSet: FlapSet, scrolls: Bool,
    showsPictures: Bool = false
  ) {
    self.row = row
    self.col = col
    self.rows = rows
    self.cols = cols
    self.flapSet = flapSet
    self.scrolls = scrolls
    self.showsPictures = showsPictures
  }

  /// Its cells.
  public var cells: CellArea { CellArea(row: row, col: col, rows: rows, cols: cols) }

  /// Whether the rectangle at `row`, `col` of `rows` × `cols` lies inside this area.
  public func contains(row: Int, col: Int, rows: Int, cols: Int) -> Bool {
    row >= self.row && col >= self.col && row + rows <= self.row + self.rows
      && col + cols <= self.col + self.cols
  }

  /// Whether the rectangle at `row`, `col` of `rows` × `cols` shares a cell with this area.
  public func overlaps(row: Int, col: Int, rows: Int, cols: Int) -> Bool {
    row < self.row + self.rows && self.row < row + rows && col < self.col + self.cols
      && self.col < col + cols
  }
}
