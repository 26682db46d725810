/// How many brightness levels a panel shows: on and off (HT16K33, MAX7219), or 256 grey
/// levels (the IS31FL3731's 8-bit PWM); or, on a colour panel, which colour each LED shows.
public enum PixelDepth: String, Sendable, Hashable, Codable, CaseIterable {
  case mono
  case grey
  /// A colour panel's: each pixel's byte is an index into a `ColourPalette` (0 dark, 1 the
  /// text's ink, then the colour tiles). Drawing at full brightness draws in ink, so text
  /// drawn for any panel comes out in ink; transitions and scrolling only move pixels, so the
  /// indices pass through them unchanged.
  case palette
}

/// An off-screen picture for a pixel board: one brightness byte per pixel, 0 dark to 255 full,
/// row-major. A mono canvas keeps only 0 and 255 (anything from 128 up is lit). Drawing is
/// clipped to the canvas, and nothing here allocates once the canvas exists, so a frame loop
/// can redraw it for ever.
public struct PixelCanvas: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public let depth: PixelDepth
  public private(set) var pixels: [UInt8]

  public static let full: UInt8 = 255

  public init(width: Int, height: Int, depth: PixelDepth = .mono) {
    precondition(width > 0 && height > 0, "a canvas needs at least one pixel")
    self.width = width
    self.height = height
    self.depth = depth
    pixels = [UInt8](repeating: 0, count: width * height)
  }

  /// A pixel's brightness; 0 outside the canvas. Setting one outside is ignored.
  public subscript(x: Int, y: Int) -> UInt8 {
    get { contains(x: x, y: y) ? pixels[y * width + x] : 0 }
    set {
      guard contains(x: x, y: y) else { return }
      pixels[y * width + x] = level(newValue)
    }
  }

  public func contains(x: Int, y: Int) -> Bool { x >= 0 && x < width && y >= 0 && y < height }

  /// Whether a pixel is lit at all.
  public func isLit(x: Int, y: Int) -> Bool { self[x, y] > 0 }

  /// Every pixel to `brightness` (dark by default).
  public mutating func clear(to brightness: UInt8 = 0) {
    let value = level(brightness)
    for index in pixels.indices { pixels[index] = value }
  }

  /// Paints a rectangle, clipped to the canvas.
  public mutating func fill(x: Int, y: Int, width: Int, height: Int, brightness: UInt8) {
    let value = level(brightness)
    let (left, right) = (max(0, x), min(self.width, x + width))
    let (top, bottom) = (max(0, y), min(self.height, y + height))
    guard left < right, top < bottom else { return }
    for row in top..<bottom {
      for column in left..<right { pixels[row * self.width + column] = value }
    }
  }

  /// Copies `other` (of the same size and depth) in place: no allocation, unlike assigning
  /// it, which shares storage until the next write and then copies.
  public mutating func copy(from other: PixelCanvas) {
    precondition(
      other.width == width && other.height == height, "canvases of different sizes")
    for index in pixels.indices { pixels[index] = other.pixels[index] }
  }

  /// The brightness (or palette index) this canvas stores for `value`.
  private func level(_ value: UInt8) -> UInt8 {
    switch depth {
    case .grey: value
    case .mono: value >= 128 ? Self.full : 0
    case .palette: value == Self.full ? ColourPalette.ink : value
    }
  }
}

/// Two canvases: the one on show and the one being drawn. A frame is drawn whole into `back`
/// and then swapped in, so a panel is never sent a half-drawn frame.
public struct DoubleBufferedCanvas: Sendable {
  public private(set) var front: PixelCanvas
  public var back: PixelCanvas

  public init(width: Int, height: Int, depth: PixelDepth = .mono) {
    front = PixelCanvas(width: width, height: height, depth: depth)
    back = front
  }

  /// Shows what was drawn in `back`; the old front becomes the next back (swapped, not
  /// copied: no allocation).
  public mutating func swap() {
    Swift.swap(&front, &back)
  }
}
