/// The colours of a palette canvas (`PixelDepth.palette`): index 0 is dark, 1 the text's ink,
/// then one per colour tile in `ColorTile` order, in the colours the board pictures give them.
/// A colour panel turns each frame into red, green and blue with it.
public struct ColourPalette: Sendable, Hashable {
  public static let dark: UInt8 = 0
  public static let ink: UInt8 = 1

  /// Red, green and blue for each index.
  public let colours: [RGB]

  /// `ink`: the colour text is drawn in (a warm white unless the board file says).
  public init(ink: RGB = RGB(0xFF, 0xE8, 0xC0)) {
    colours = [RGB(0, 0, 0), ink] + ColorTile.allCases.map(FramePicture.tileColor)
  }

  /// A tile's index (a black tile is dark).
  public static func index(of tile: ColorTile) -> UInt8 {
    guard tile != .black, let position = ColorTile.allCases.firstIndex(of: tile) else {
      return dark
    }
    return UInt8(2 + position)
  }

  /// The colour of index `index` (dark for one the palette lacks).
  public subscript(index: UInt8) -> RGB {
    Int(index) < colours.count ? colours[Int(index)] : colours[0]
  }

  /// Colours `canvas` (a palette canvas) into `picture` of the same size. Allocates nothing.
  public func colour(_ canvas: PixelCanvas, into picture: inout ColourCanvas) {
    precondition(canvas.width == picture.width && canvas.height == picture.height)
    for y in 0..<canvas.height {
      for x in 0..<canvas.width { picture[x, y] = self[canvas[x, y]] }
    }
  }
}
