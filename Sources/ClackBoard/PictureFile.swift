import ClackCore
import Foundation

/// Reads a picture for a pixel board: a PNG (through libpng) or a GIF (through giflib,
/// animated ones frame by frame). Pictures are read where they are, once; a mistake is an
/// error naming the file.
public enum PictureFile {
  /// The most pixels a picture may have (a frame's): 4096 × 4096. A panel shows far fewer,
  /// and a bigger one is more likely a mistake than a picture for it.
  public static let largestPixels = 4096 * 4096
  /// The most frames an animation may have.
  public static let largestFrameCount = 1000
  /// The most pixels an animation's frames may have in all (16 Mi: 64 MiB decoded), since a
  /// picture page keeps its frames while the daemon runs.
  public static let largestAnimationPixels = 16 * 1_048_576

  public static func load(_ path: String) throws(PictureFileError) -> Picture {
    guard FileManager.default.fileExists(atPath: path) else {
      throw PictureFileError(file: path, message: "no such picture file")
    }
    let lower = path.lowercased()
    if lower.hasSuffix(".png") { return try PNGPicture.read(path) }
    if lower.hasSuffix(".gif") { return try GIFPicture.read(path) }
    throw PictureFileError(file: path, message: "a picture is a .png or a .gif file")
  }
}
