import ClackBoard
import ClackCore
import Foundation

/// Writes the PNG picture of a flap board's frame (`clack render --png`, `clack quote --png`).
struct FramePictureFile {
  let path: String
  let scale: Int

  /// Writes the file and returns what to tell the user (a line, or two with a warning).
  func write(_ frame: Frame) throws(PreviewFailure) -> String {
    let (bytes, width, height, missing, fontNote) = Self.png(of: frame, scale: scale)
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw PreviewFailure("could not write the picture to \(path): \(error.localizedDescription)")
    }
    var note =
      "wrote \(path) (\(width)×\(height) px, \(bytes.count) bytes)\(fontNote)\n"
    if !missing.isEmpty {
      note +=
        "note: the font has no glyph for \(missing.map { "\"\($0)\"" }.joined(separator: ", ")); "
        + "drawn as outlined boxes\n"
    }
    return note
  }

  /// The PNG of `frame`: white characters on black flaps, `scale` image pixels a font pixel.
  /// A frame with characters the built-in face lacks (runes, Cirth) is drawn in the system's
  /// GNU Unifont instead, when it is installed; `missing` lists those neither has.
  static func png(of frame: Frame, scale: Int) -> (
    bytes: [UInt8], width: Int, height: Int, missing: [Character], fontNote: String
  ) {
    var picture = FramePicture(scale: scale)
    var missing = picture.missingCharacters(in: frame)
    var fontNote = ""
    if !missing.isEmpty {
      do {
        let unifont = BitmapFont(cellsOf: try SystemUnifont.load(), for: Self.characters(of: frame))
        // Unifont's cells are 8 × 16: half the scale keeps the picture about the same size.
        picture = FramePicture(scale: max(1, scale / 2), font: unifont)
        missing = picture.missingCharacters(in: frame)
        fontNote = " in GNU Unifont"
      } catch {
        fontNote = " (\(error))"
      }
    }
    let bitmap = picture.draw(frame)
    return (PNGEncoder.encode(bitmap), bitmap.width, bitmap.height, Array(missing), fontNote)
  }

  static func characters(of frame: Frame) -> Set<Character> {
    var characters: Set<Character> = []
    for row in 0..<frame.rows {
      for col in 0..<frame.cols {
        if case .glyph(let character) = frame[row, col] { characters.insert(character) }
      }
    }
    return characters
  }
}
