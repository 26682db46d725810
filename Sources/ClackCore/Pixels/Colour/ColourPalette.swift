/// The colours of a palette canvas (`PixelDepth.palette`): index 0 is dark, 1 the text's ink,
/// then one per colour tile in `ColorTile` order, in the colours the board pictures give them;
/// indices 16–231 are a 6 × 6 × 6 colour cube for pictures (xterm's: levels 0, 95, 135, 175,
/// 215 and 255 of red, green and blue, index 16 + 36 r + 6 g + b). A colour panel turns each
/// frame into red, green and blue with it.
public struct ColourPalette: Sendable, Hashable {
  public static let dark: UInt8 = 0
  public static let ink: UInt8 = 1
  /// The cube's first index, and its six levels a channel.
  public static let cubeStart = 16
  public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

  /// Red, green and blue for each named index (dark, ink, the tiles); the cube follows.
  public let colours: [RGB]
  /// Red, green and blue bytes for every index 0–255 (dark past the palette's end), for the
  /// frame loop.
  private let table: [UInt8]

  /// `ink`: the colour text is drawn in (a warm white unless the board file says).
  public init(ink: RGB = RGB(0xFF, 0xE8, 0xC0)) {
    let colours = [RGB(0, 0, 0), ink] + ColorTile.allCases.map(FramePicture.tileColor)
    self.colours = colours
    var table = [UInt8](repeating: 0, count: 256 * 3)
    let indexed =
      colours.enumerated().map { ($0.offset, $0.element) }
      + Self.cube.enumerated().map { (Self.cubeStart + $0.offset, $0.element) }
    for (index, colour) in indexed {
      (table[index * 3], table[index * 3 + 1], table[index * 3 + 2]) = (
        colour.red, colour.green, colour.blue
      )
    }
    self.table = table
  }

  /// The cube's colours in index order.
  static let cube: [RGB] = (0..<216).map { index in
    RGB(cubeLevels[index / 36], cubeLevels[index / 6 % 6], cubeLevels[index % 6])
  }

  /// The cube's index nearest to a colour (each channel to its nearest level).
  public static func cubeIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    func level(_ value: UInt8) -> Int {
      var best = 0
      for (index, candidate) in cubeLevels.enumerated()
      where abs(Int(candidate) - Int(value)) < abs(Int(cubeLevels[best]) - Int(value)) {
        best = index
      }
      return best
    }
    return UInt8(cubeStart + 36 * level(red) + 6 * level(green) + level(blue))
  }

  /// A tile's index (a black tile is dark; a filled one is white, as the pictures show it).
  public static func index(of tile: ColorTile) -> UInt8 {
    let shown = tile == .filled ? .white : tile
    guard shown != .black, let position = ColorTile.allCases.firstIndex(of: shown) else {
      return dark
    }
    return UInt8(2 + position)
  }

  /// The colour of index `index` (dark for one the palette lacks).
  public subscript(index: UInt8) -> RGB {
    let at = Int(index) * 3
    return RGB(table[at], table[at + 1], table[at + 2])
  }

  /// Colours `canvas` (a palette canvas) into `picture` of the same size. Allocates nothing.
  public func colour(_ canvas: PixelCanvas, into picture: inout ColourCanvas) {
    precondition(canvas.width == picture.width && canvas.height == picture.height)
    table.withUnsafeBufferPointer { table in
      canvas.pixels.withUnsafeBufferPointer { indices in
        picture.withUnsafeMutableBytes { out in
          for (pixel, index) in indices.enumerated() {
            let from = Int(index) * 3
            let to = pixel * 3
            out[to] = table[from]
            out[to + 1] = table[from + 1]
            out[to + 2] = table[from + 2]
          }
        }
      }
    }
  }
}
