import ClackCore

/// One instruction for a picture executor (an LED panel's frame loop), in a preallocated slot:
/// the async side fills it, the real-time thread applies it without allocating.
public final class ScreenCommand: @unchecked Sendable {
  public enum Kind: Sendable {
    /// Change to the screen in the slot (its cells, scrolling lines and transition).
    case show
    /// Start the panel (chips cleared, then on) showing the slot's cells.
    case start
    /// Set the panel's brightness to `level`.
    case brightness
    /// Stop any change where it is.
    case release
  }

  public private(set) var kind = Kind.release
  /// Every cell's symbol (its index in the board's symbol set), row by row.
  public private(set) var cells: [Int]
  /// The scrolling rows (see `loadScreen`): per row of cells the line's length in cells (0:
  /// the row does not scroll), and the lines, `lineCapacity` cells per row.
  public private(set) var lineLengths: [Int]
  public private(set) var lines: [Int]
  public let lineCapacity: Int
  /// How the picture turns into the next.
  public private(set) var transition = PixelTransition(kind: .instant)
  /// The brightness, 0–15.
  public private(set) var level = 0
  /// When the thread may take it (`TimedCommand`); set by `ExecutorThread.send`.
  public var notBefore = 0
  /// A picture shown instead of cells: its frames (canvases of the panel's size) and how long
  /// each shows; empty for a screen of cells. Filled here on the async side, where making them
  /// allocates; the thread swaps them for its own (`swapPicture`), so it neither allocates
  /// nor frees them.
  public private(set) var pictureFrames: [PixelCanvas] = []
  public private(set) var pictureMilliseconds: [Int] = []

  public init(cellCount: Int, lineRows: Int, lineCapacity: Int) {
    cells = Array(repeating: 0, count: cellCount)
    lineLengths = Array(repeating: 0, count: lineRows)
    lines = Array(repeating: 0, count: lineRows * lineCapacity)
    self.lineCapacity = lineCapacity
  }

  /// Fills the slot with the next screen: every cell's symbol, the rows that scroll (row →
  /// the line's symbols, cut to `lineCapacity`) and the transition to it.
  public func loadScreen(_ cells: [Int], scrolling: [Int: [Int]], transition: PixelTransition) {
    kind = .show
    self.transition = transition
    pictureFrames = []
    pictureMilliseconds = []
    copy(cells)
    for row in lineLengths.indices {
      let line = scrolling[row] ?? []
      lineLengths[row] = min(line.count, lineCapacity)
      for (offset, symbol) in line.prefix(lineCapacity).enumerated() {
        lines[row * lineCapacity + offset] = symbol
      }
    }
  }

  /// Fills the slot with a picture: its frames, each `milliseconds` long (an animation loops;
  /// one frame holds), and the transition to it. No cell shows a symbol meanwhile.
  public func loadPicture(
    _ frames: [PixelCanvas], milliseconds: [Int], transition: PixelTransition
  ) {
    precondition(!frames.isEmpty && frames.count == milliseconds.count)
    kind = .show
    self.transition = transition
    pictureFrames = frames
    pictureMilliseconds = milliseconds
    for index in cells.indices { cells[index] = 0 }
    for row in lineLengths.indices { lineLengths[row] = 0 }
  }

  /// Exchanges the slot's picture for the caller's (the thread's, without allocating).
  public func swapPicture(frames: inout [PixelCanvas], milliseconds: inout [Int]) {
    swap(&pictureFrames, &frames)
    swap(&pictureMilliseconds, &milliseconds)
  }

  /// Fills the slot with a request to start the panel showing `cells`.
  public func loadStart(showing cells: [Int]) {
    kind = .start
    copy(cells)
  }

  /// Fills the slot with a brightness, 0–15.
  public func loadBrightness(_ level: Int) {
    kind = .brightness
    self.level = max(0, min(15, level))
  }

  public func loadRelease() {
    kind = .release
  }

  private func copy(_ symbols: [Int]) {
    for index in cells.indices { cells[index] = index < symbols.count ? symbols[index] : 0 }
  }
}
