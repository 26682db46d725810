/// What a whole board shows: its frame and, on a pixel board, the rows whose text is too long
/// for the board and scrolls across it. A scrolling row's cells in `frame` hold the line's
/// beginning (what a still picture of the board shows); `scrolling` holds the whole line.
/// A flap board's screen never scrolls. On a pixel board a screen may be a picture (a picture
/// page's) instead: it covers the whole board, and `frame` is blank. On a wall, a picture
/// covers one LED tile (`pictureArea`), and the wall's other tiles show their cells.
public struct Screen: Hashable, Sendable {
  public var frame: Frame
  /// Board row → the row's whole line, longer than the board is wide.
  public var scrolling: [Int: [Symbol]]
  /// The picture shown in place of the cells, fitted to the panel by the drive that shows
  /// it: over the whole board, or over `pictureArea` of a wall's canvas.
  public var picture: Picture?
  /// The cells the picture covers, when it is not the whole board: an LED tile of a wall.
  public var pictureArea: CellArea?

  public init(
    frame: Frame, scrolling: [Int: [Symbol]] = [:], picture: Picture? = nil,
    pictureArea: CellArea? = nil
  ) {
    self.frame = frame
    self.scrolling = scrolling
    self.picture = picture
    self.pictureArea = picture == nil ? nil : pictureArea
  }

  public init(rows: Int, cols: Int) {
    self.init(frame: Frame(rows: rows, cols: cols))
  }

  /// The longest scrolling line, in cells (0 when nothing scrolls).
  public var longestLine: Int { scrolling.values.map(\.count).max() ?? 0 }
}

/// A rectangle of a board's cells, rows and columns from 0 at the top left.
public struct CellArea: Hashable, Sendable {
  public var row: Int
  public var col: Int
  public var rows: Int
  public var cols: Int

  public init(row: Int, col: Int, rows: Int, cols: Int) {
    self.row = row
    self.col = col
    self.rows = rows
    self.cols = cols
  }

  /// Whether the two share a cell.
  public func overlaps(_ other: CellArea) -> Bool {
    row < other.row + other.rows && other.row < row + rows && col < other.col + other.cols
      && other.col < col + cols
  }
}
