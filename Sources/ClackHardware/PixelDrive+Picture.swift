import ClackCore
import ClackScheduler

/// A picture on a panel: its frames fitted to the panel here, on the caller's side, and
/// handed to the frame loop whole, which plays them without allocating.
extension PixelDrive {
  /// Hands `picture` to the thread, each frame fitted whole and centred to the panel
  /// (`PictureFit`), after the board file's transition.
  func show(_ picture: Picture, reduceMotion: Bool, notBefore: Int) -> Handover {
    let frames = Self.fitted(
      picture, width: grid.width, height: grid.height, depth: definition.depth)
    // A still picture holds; an animation's frames show for their own times (a GIF's are
    // at least 20 ms: `GIFPicture` reads shorter ones as browsers do).
    let milliseconds = picture.frames.map(\.milliseconds)
    let change = transition(reduceMotion: reduceMotion)
    guard
      screens.send(
        notBefore: notBefore,
        { $0.loadPicture(frames, milliseconds: milliseconds, transition: change) })
    else {
      return .busy
    }
    return .sent(microseconds: change.milliseconds * 1000)
  }

  /// Every frame of `picture` fitted to a `width` × `height` canvas of `depth`.
  static func fitted(_ picture: Picture, width: Int, height: Int, depth: PixelDepth)
    -> [PixelCanvas]
  {
    let fit = PictureFit(width: width, height: height)
    var canvas = PixelCanvas(width: width, height: height, depth: depth)
    return picture.frames.indices.map { index in
      fit.draw(picture, frame: index, into: &canvas)
      return canvas
    }
  }
}
