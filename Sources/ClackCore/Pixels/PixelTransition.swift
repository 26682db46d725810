/// How a pixel board changes from one picture to the next.
public enum PixelTransitionKind: String, Sendable, Hashable, CaseIterable, Codable {
  /// At once.
  case instant
  /// The new picture pushes the old one up.
  case scroll
  /// A vertical edge sweeps left to right, the new picture behind it.
  case wipe
  /// Each row of cells flips like a split flap: the top half changes, then the bottom half
  /// folds down.
  case flap
}

/// One change between two pictures, played over `milliseconds`: each frame is computed from
/// the two and the time alone, into a canvas the caller owns (no allocation per frame).
/// `reduce_motion` makes every transition `instant`.
public struct PixelTransition: Sendable, Hashable {
  public let kind: PixelTransitionKind
  public let milliseconds: Int
  /// The height of a row of cells, which the flap look-alike folds (the grid's cell height).
  public let cellHeight: Int

  public init(kind: PixelTransitionKind, milliseconds: Int = 600, cellHeight: Int = 8) {
    self.kind = kind
    self.milliseconds = kind == .instant ? 0 : max(1, milliseconds)
    self.cellHeight = max(2, cellHeight)
  }

  /// `instant` under reduce_motion, else this one.
  public func honouring(reduceMotion: Bool) -> PixelTransition {
    reduceMotion ? PixelTransition(kind: .instant, cellHeight: cellHeight) : self
  }

  /// Draws the picture `elapsed` milliseconds in; true once the transition is over (the
  /// output is then `to`). `from`, `to` and `output` are the same size.
  @discardableResult
  public func render(
    from: PixelCanvas, to: PixelCanvas, elapsed: Int, into output: inout PixelCanvas
  ) -> Bool {
    guard kind != .instant, elapsed < milliseconds else {
      output.copy(from: to)
      return true
    }
    let (width, height) = (output.width, output.height)
    let progress = Double(max(0, elapsed)) / Double(milliseconds)
    switch kind {
    case .instant:
      output.copy(from: to)
    case .scroll:
      let shift = Int(progress * Double(height))
      for y in 0..<height {
        let source = y + shift
        for x in 0..<width {
          output[x, y] = source < height ? from[x, source] : to[x, source - height]
        }
      }
    case .wipe:
      let edge = Int(progress * Double(width))
      for y in 0..<height {
        for x in 0..<width { output[x, y] = x < edge ? to[x, y] : from[x, y] }
      }
    case .flap:
      renderFlap(from: from, to: to, progress: progress, into: &output)
    }
    return false
  }

  /// Per row of cells: in the first half the old top half falls, squashing towards the middle
  /// and uncovering the new top half; in the second the new bottom half unfolds over the old
  /// one.
  private func renderFlap(
    from: PixelCanvas, to: PixelCanvas, progress: Double, into output: inout PixelCanvas
  ) {
    let half = cellHeight / 2
    let falling = Int((1 - min(1, progress * 2)) * Double(half))
    let unfolded = Int(max(0, progress * 2 - 1) * Double(cellHeight - half))
    for y in 0..<output.height {
      let band = y / cellHeight * cellHeight
      let inBand = y - band
      // Which picture this row shows, and from which of its rows.
      let (useNew, source): (Bool, Int)
      if inBand < half {
        useNew = inBand < half - falling
        source = useNew ? y : band + half - (half - inBand) * half / max(1, falling)
      } else {
        let below = inBand - half
        useNew = below < unfolded
        source = useNew ? band + half + below * (cellHeight - half) / max(1, unfolded) : y
      }
      for x in 0..<output.width { output[x, y] = useNew ? to[x, source] : from[x, source] }
    }
  }
}
