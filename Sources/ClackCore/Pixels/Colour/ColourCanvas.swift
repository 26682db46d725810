/// An off-screen picture for a colour panel: red, green and blue bytes per pixel, row-major,
/// 0 dark to 255 full lightness (the panel turns lightness into duty). Drawing is clipped,
/// and nothing allocates once the canvas exists, so a frame loop can redraw it for ever.
public struct ColourCanvas: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public private(set) var bytes: [UInt8]

  public init(width: Int, height: Int) {
    precondition(width > 0 && height > 0, "a canvas needs at least one pixel")
    self.width = width
    self.height = height
    bytes = [UInt8](repeating: 0, count: width * height * 3)
  }

  public func contains(x: Int, y: Int) -> Bool { x >= 0 && x < width && y >= 0 && y < height }

  /// A pixel's colour; black outside the canvas. Setting one outside is ignored.
  public subscript(x: Int, y: Int) -> RGB {
    get {
      guard contains(x: x, y: y) else { return RGB(0, 0, 0) }
      let at = (y * width + x) * 3
      return RGB(bytes[at], bytes[at + 1], bytes[at + 2])
    }
    set {
      guard contains(x: x, y: y) else { return }
      let at = (y * width + x) * 3
      bytes[at] = newValue.red
      bytes[at + 1] = newValue.green
      bytes[at + 2] = newValue.blue
    }
  }

  /// Paints a rectangle, clipped to the canvas.
  public mutating func fill(x: Int, y: Int, width: Int, height: Int, colour: RGB) {
    let (left, right) = (max(0, x), min(self.width, x + width))
    let (top, bottom) = (max(0, y), min(self.height, y + height))
    guard left < right, top < bottom else { return }
    for row in top..<bottom {
      for column in left..<right { self[column, row] = colour }
    }
  }

  /// Every pixel to `colour` (black by default).
  /// The bytes to write directly (red, green, blue per pixel, row-major): for a frame loop
  /// that fills the whole picture.
  public mutating func withUnsafeMutableBytes<Result>(
    _ body: (UnsafeMutableBufferPointer<UInt8>) -> Result
  ) -> Result {
    bytes.withUnsafeMutableBufferPointer { body($0) }
  }

  public mutating func clear(to colour: RGB = RGB(0, 0, 0)) {
    fill(x: 0, y: 0, width: width, height: height, colour: colour)
  }
}
