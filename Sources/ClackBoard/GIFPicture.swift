internal import CGIF
import ClackCore

#if canImport(CLibraryLoader)
  import CLibraryLoader
#endif

/// A GIF file through giflib: each image drawn over the ones before as its graphics control
/// block says (its transparent colour, its delay, and how it is disposed of before the next:
/// left, cleared to transparent, or undone), so every frame is the whole picture as it shows.
enum GIFPicture {
  /// What browsers do with a delay under 20 ms (most GIFs that give 0 or 10 ms mean "as fast
  /// as sensible", not a hundred frames a second): show the frame for 100 ms.
  static let shortestDelayMilliseconds = 20
  static let stretchedDelayMilliseconds = 100

  static func read(_ path: String) throws(PictureFileError) -> Picture {
    func failure(_ message: String) -> PictureFileError {
      PictureFileError(file: path, message: message)
    }
    #if canImport(CLibraryLoader)
      if let problem = clack_giflib_load_error() {
        throw failure("cannot read GIF: \(String(cString: problem))")
      }
    #endif
    var error: Int32 = 0
    guard let file = DGifOpenFileName(path, &error) else {
      throw failure("not a GIF giflib can read: \(describe(error))")
    }
    defer { DGifCloseFile(file, &error) }
    guard DGifSlurp(file) == GIF_OK else {
      throw failure("the GIF is broken: \(describe(file.pointee.Error))")
    }
    let (width, height) = (Int(file.pointee.SWidth), Int(file.pointee.SHeight))
    let count = Int(file.pointee.ImageCount)
    guard width > 0, height > 0, count > 0 else { throw failure("the GIF has no picture in it") }
    guard width * height <= PictureFile.largestPixels else {
      throw failure("\(width) × \(height) pixels is more than a picture may have (4096 × 4096)")
    }
    guard count <= PictureFile.largestFrameCount else {
      throw failure("\(count) frames is more than an animation may have (1000)")
    }
    guard width * height * count <= PictureFile.largestAnimationPixels else {
      throw failure(
        "\(count) frames of \(width) × \(height) pixels is more than a daemon keeps (\(PictureFile.largestAnimationPixels / 1_048_576) Mi pixels in all): scale it to the panel first, e.g. 'convert IN.gif -coalesce -resize 64x32 OUT.gif' (ImageMagick)"
      )
    }
    var canvas = [UInt8](repeating: 0, count: width * height * 4)
    var frames: [Picture.Frame] = []
    for index in 0..<count {
      var control = GraphicsControlBlock(
        DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
      _ = DGifSavedExtensionToGCB(file, Int32(index), &control)
      let before = control.DisposalMode == DISPOSE_PREVIOUS ? canvas : []
      let image = file.pointee.SavedImages[index]
      let area = try draw(
        image, colours: file.pointee.SColorMap, control: control, into: &canvas,
        width: width, height: height, path: path)
      let delay = Int(control.DelayTime) * 10
      frames.append(
        .init(
          rgba: canvas,
          milliseconds: count == 1
            ? 0 : delay < shortestDelayMilliseconds ? stretchedDelayMilliseconds : delay))
      switch control.DisposalMode {
      case DISPOSE_BACKGROUND:
        for y in area.top..<area.bottom {
          for x in area.left..<area.right {
            for channel in 0..<4 { canvas[(y * width + x) * 4 + channel] = 0 }
          }
        }
      case DISPOSE_PREVIOUS: canvas = before
      default: break
      }
    }
    return Picture(width: width, height: height, frames: frames)
  }

  /// Draws one image of the file at its place (clipped to the picture); returns where.
  private static func draw(
    _ image: SavedImage, colours global: UnsafeMutablePointer<ColorMapObject>?,
    control: GraphicsControlBlock, into canvas: inout [UInt8], width: Int, height: Int,
    path: String
  ) throws(PictureFileError) -> (left: Int, top: Int, right: Int, bottom: Int) {
    let description = image.ImageDesc
    guard let map = description.ColorMap ?? global, let raster = image.RasterBits else {
      throw PictureFileError(file: path, message: "an image of the GIF has no colour table")
    }
    let colourCount = Int(map.pointee.ColorCount)
    let (imageLeft, imageTop) = (Int(description.Left), Int(description.Top))
    let (imageWidth, imageHeight) = (Int(description.Width), Int(description.Height))
    let left = max(0, imageLeft)
    let top = max(0, imageTop)
    let right = min(width, imageLeft + imageWidth)
    let bottom = min(height, imageTop + imageHeight)
    guard left < right, top < bottom else { return (0, 0, 0, 0) }
    for y in top..<bottom {
      for x in left..<right {
        let index = Int(raster[(y - imageTop) * imageWidth + (x - imageLeft)])
        guard index != Int(control.TransparentColor), index < colourCount else { continue }
        let colour = map.pointee.Colors[index]
        let at = (y * width + x) * 4
        (canvas[at], canvas[at + 1], canvas[at + 2], canvas[at + 3]) = (
          colour.Red, colour.Green, colour.Blue, 255
        )
      }
    }
    return (left, top, right, bottom)
  }

  private static func describe(_ error: Int32) -> String {
    GifErrorString(error).map { String(cString: $0) } ?? "error \(error)"
  }
}
