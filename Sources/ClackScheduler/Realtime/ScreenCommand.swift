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
    copy(cells)
    for row in lineLengths.indices {
      let line = scrolling[row] ?? []
      lineLengths[row] = min(line.count, lineCapacity)
      for (offset, symbol) in line.prefix(lineCapacity).enumerated() {
        lines[row * lineCapacity + offset] = symbol
      }
    }
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
