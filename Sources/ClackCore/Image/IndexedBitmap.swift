/// An 8-bit red, green and blue colour.
public struct RGB: Hashable, Sendable {
  public let red: UInt8
  public let green: UInt8
  public let blue: UInt8

  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// `#rrggbb`, as CSS and board files write it.
  public var hex: String {
    let digits = Array("0123456789abcdef")
    var text = "#"
    for byte in [red, green, blue] {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xF)])
    }
    return text
  }
}

/// A picture whose pixels are indices into a small palette: what board previews need (a few
/// flat colours), and what a palette PNG stores directly.
public struct IndexedBitmap: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public let palette: [RGB]
  /// Row-major palette indices, `width × height` of them.
  public private(set) var pixels: [UInt8]

  public init(width: Int, height: Int, palette: [RGB], fill: UInt8 = 0) {
    precondition(width > 0 && height > 0, "a bitmap needs at least one pixel")
    precondition(!palette.isEmpty && palette.count <= 256, "a palette holds 1 to 256 colours")
    precondition(Int(fill) < palette.count, "fill colour \(fill) is not in the palette")
    self.width = width
    self.height = height
    self.palette = palette
    self.pixels = [UInt8](repeating: fill, count: width * height)
  }

  public subscript(x: Int, y: Int) -> UInt8 {
    get { pixels[y * width + x] }
    set { pixels[y * width + x] = newValue }
  }

  /// Paints a rectangle, clipped to the bitmap.
  public mutating func fill(x: Int, y: Int, width: Int, height: Int, color: UInt8) {
    let left = max(0, x)
    let right = min(self.width, x + width)
    let top = max(0, y)
    let bottom = min(self.height, y + height)
    guard left < right, top < bottom else { return }
    for row in top..<bottom {
      let start = row * self.width
      for column in left..<right { pixels[start + column] = color }
    }
  }
}
