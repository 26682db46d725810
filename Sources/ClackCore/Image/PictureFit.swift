/// A picture's frame fitted to a panel: scaled down (each LED the average of the pixels it
/// covers) or up (each LED its nearest pixel) to fit whole, centred, transparent parts dark;
/// then each LED's colour turned into what the canvas holds: on a colour panel the palette
/// cube's nearest colour, on a grey one its lightness, on a single-colour one lit from half
/// lightness up.
public struct PictureFit: Sendable, Hashable {
  public let width: Int
  public let height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The picture's size on the panel and where it starts.
  public func placement(of picture: Picture) -> (x: Int, y: Int, width: Int, height: Int) {
    let scale = min(Double(width) / Double(picture.width), Double(height) / Double(picture.height))
    let fitted = (
      max(1, min(width, Int((Double(picture.width) * scale).rounded()))),
      max(1, min(height, Int((Double(picture.height) * scale).rounded())))
    )
    return ((width - fitted.0) / 2, (height - fitted.1) / 2, fitted.0, fitted.1)
  }

  /// Frame `frame` of `picture` into `canvas` (this fit's size), over dark.
  public func draw(_ picture: Picture, frame: Int, into canvas: inout PixelCanvas) {
    precondition(canvas.width == width && canvas.height == height)
    canvas.clear()
    let place = placement(of: picture)
    let rgba = picture.frames[frame].rgba
    for y in 0..<place.height {
      let top = y * picture.height / place.height
      let bottom = max(top + 1, (y + 1) * picture.height / place.height)
      for x in 0..<place.width {
        let left = x * picture.width / place.width
        let right = max(left + 1, (x + 1) * picture.width / place.width)
        // The covered pixels' average, each over black by its alpha.
        var sum = (0, 0, 0)
        for sy in top..<bottom {
          for sx in left..<right {
            let at = (sy * picture.width + sx) * 4
            let alpha = Int(rgba[at + 3])
            sum.0 += Int(rgba[at]) * alpha
            sum.1 += Int(rgba[at + 1]) * alpha
            sum.2 += Int(rgba[at + 2]) * alpha
          }
        }
        let count = (bottom - top) * (right - left) * 255
        let colour = (UInt8(sum.0 / count), UInt8(sum.1 / count), UInt8(sum.2 / count))
        canvas[place.x + x, place.y + y] = value(of: colour, depth: canvas.depth)
      }
    }
  }

  /// What a canvas of `depth` holds for a colour.
  func value(of colour: (UInt8, UInt8, UInt8), depth: PixelDepth) -> UInt8 {
    // Rec. 709 luma: how light the colour looks.
    let luma = (2126 * Int(colour.0) + 7152 * Int(colour.1) + 722 * Int(colour.2)) / 10_000
    switch depth {
    case .mono: return luma >= 128 ? PixelCanvas.full : 0
    case .grey: return UInt8(luma)
    case .palette:
      let index = ColourPalette.cubeIndex(red: colour.0, green: colour.1, blue: colour.2)
      // The cube's black is dark (index 0), so a dark LED reads as dark.
      return index == UInt8(ColourPalette.cubeStart) ? ColourPalette.dark : index
    }
  }
}
