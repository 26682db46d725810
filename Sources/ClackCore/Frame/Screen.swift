/// What a whole board shows: its frame and, on a pixel board, the rows whose text is too long
/// for the board and scrolls across it. A scrolling row's cells in `frame` hold the line's
/// beginning (what a still picture of the board shows); `scrolling` holds the whole line.
/// A flap board's screen never scrolls. On a pixel board a screen may be a picture (a picture
/// page's) instead: it covers the whole board, and `frame` is blank.
public struct Screen: Hashable, Sendable {
  public var frame: Frame
  /// Board row → the row's whole line, longer than the board is wide.
  public var scrolling: [Int: [Symbol]]
  /// The picture shown over the whole board in place of the cells, fitted to the panel by
  /// the drive that shows it.
  public var picture: Picture?

  public init(frame: Frame, scrolling: [Int: [Symbol]] = [:], picture: Picture? = nil) {
    self.frame = frame
    self.scrolling = scrolling
    self.picture = picture
  }

  public init(rows: Int, cols: Int) {
    self.init(frame: Frame(rows: rows, cols: cols))
  }

  /// The longest scrolling line, in cells (0 when nothing scrolls).
  public var longestLine: Int { scrolling.values.map(\.count).max() ?? 0 }
}
