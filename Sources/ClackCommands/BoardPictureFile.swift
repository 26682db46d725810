import ClackCore
import Foundation

/// Writes the PNG picture of a frame for `clack render --png`.
struct BoardPictureFile {
  let path: String
  let scale: Int

  /// Writes the file and returns what to tell the user (a line, or two with a warning).
  func write(_ frame: Frame) throws -> String {
    let picture = FramePicture(scale: scale)
    let bitmap = picture.draw(frame)
    let bytes = PNGEncoder.encode(bitmap)
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw CommandFailure("could not write the picture to \(path): \(error.localizedDescription)")
    }
    var note = "wrote \(path) (\(bitmap.width)×\(bitmap.height) px, \(bytes.count) bytes)\n"
    let missing = picture.missingCharacters(in: frame)
    if !missing.isEmpty {
      note +=
        "note: the built-in font has no glyph for \(missing.map { "\"\($0)\"" }.joined(separator: ", ")); "
        + "drawn as outlined boxes\n"
    }
    return note
  }
}
