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

  /// Pixels the window travels from the start to the end.
  public var travel: Int { strip.width - panelWidth }

  /// Milliseconds from the first frame until every column of the text has been on show: the
  /// moment a message's dwell starts counting.
  public var seenWholeAfterMilliseconds: Int { restMilliseconds + travel * 1000 / pixelsPerSecond }

  /// One whole pass: rest, travel, rest.
  public var cycleMilliseconds: Int { seenWholeAfterMilliseconds + restMilliseconds }

  /// The window's left edge `elapsed` milliseconds in.
  public func offset(at elapsed: Int) -> Int {
    let time = max(0, elapsed) % cycleMilliseconds
    if time < restMilliseconds { return 0 }
    return min(travel, (time - restMilliseconds) * pixelsPerSecond / 1000)
  }

  /// Draws the window at `elapsed` into rows `top…` of `canvas` (clipped to it).
  public func render(at elapsed: Int, into canvas: inout PixelCanvas, top: Int = 0) {
    let offset = self.offset(at: elapsed)
    for y in 0..<strip.height {
      for x in 0..<min(panelWidth, canvas.width) { canvas[x, top + y] = strip[offset + x, y] }
    }
  }
}
