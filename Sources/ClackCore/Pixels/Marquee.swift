/// A line too long for the panel, scrolled horizontally: drawn once into a strip as wide as
/// the text, then shown through a panel-wide window that moves at `pixelsPerSecond`. It
/// starts with the text's beginning at the left edge, moves until its end reaches the right
/// edge, rests there, and starts again. Each frame copies from the strip (no allocation).
public struct Marquee: Sendable {
  public let strip: PixelCanvas
  public let panelWidth: Int
  public let pixelsPerSecond: Int
  /// How long it rests at each end.
  public let restMilliseconds: Int

  /// `nil` when the line fits the panel (nothing to scroll).
  public init?(
    line: String, renderer: PixelTextRenderer, panelWidth: Int, height: Int,
    depth: PixelDepth = .mono, pixelsPerSecond: Int = 20, restMilliseconds: Int = 1000
  ) {
    let width = renderer.inkWidth(of: line)
    guard width > panelWidth, height > 0 else { return nil }
    var strip = PixelCanvas(width: width, height: height, depth: depth)
    renderer.draw(
      line, into: &strip, x: 0,
      baseline: (height - renderer.font.lineHeight) / 2 + renderer.font.ascent)
    self.strip = strip
    self.panelWidth = panelWidth
    self.pixelsPerSecond = max(1, pixelsPerSecond)
    self.restMilliseconds = max(0, restMilliseconds)
  }

  /// How the window moves over the strip.
  public var motion: MarqueeMotion {
    MarqueeMotion(
      travel: strip.width - panelWidth, pixelsPerSecond: pixelsPerSecond,
      restMilliseconds: restMilliseconds)
  }

  /// Pixels the window travels from the start to the end.
  public var travel: Int { motion.travel }

  /// Milliseconds from the first frame until every column of the text has been on show: the
  /// moment a message's dwell starts counting.
  public var seenWholeAfterMilliseconds: Int { motion.seenWholeAfterMilliseconds }

  /// One whole pass: rest, travel, rest.
  public var cycleMilliseconds: Int { motion.cycleMilliseconds }

  /// The window's left edge `elapsed` milliseconds in.
  public func offset(at elapsed: Int) -> Int { motion.offset(at: elapsed) }

  /// Draws the window at `elapsed` into rows `top…` of `canvas` (clipped to it).
  public func render(at elapsed: Int, into canvas: inout PixelCanvas, top: Int = 0) {
    let offset = self.offset(at: elapsed)
    for y in 0..<strip.height {
      for x in 0..<min(panelWidth, canvas.width) { canvas[x, top + y] = strip[offset + x, y] }
    }
  }
}

/// How a scrolling window moves over a line `travel` pixels wider than the panel: it rests
/// at the start, moves at `pixelsPerSecond` until the line's end reaches the panel's right
/// edge, rests there, and starts again. Plain arithmetic, so the frame loop uses it too.
public struct MarqueeMotion: Sendable, Hashable {
  public let travel: Int
  public let pixelsPerSecond: Int
  public let restMilliseconds: Int

  public init(travel: Int, pixelsPerSecond: Int, restMilliseconds: Int = 1000) {
    self.travel = max(0, travel)
    self.pixelsPerSecond = max(1, pixelsPerSecond)
    self.restMilliseconds = max(0, restMilliseconds)
  }

  /// Milliseconds from the start until every column of the line has been on show.
  public var seenWholeAfterMilliseconds: Int { restMilliseconds + travel * 1000 / pixelsPerSecond }

  /// One whole pass: rest, travel, rest.
  public var cycleMilliseconds: Int { max(1, seenWholeAfterMilliseconds + restMilliseconds) }

  /// The window's left edge `elapsed` milliseconds in.
  public func offset(at elapsed: Int) -> Int {
    let time = max(0, elapsed) % cycleMilliseconds
    if time < restMilliseconds { return 0 }
    return min(travel, (time - restMilliseconds) * pixelsPerSecond / 1000)
  }
}
