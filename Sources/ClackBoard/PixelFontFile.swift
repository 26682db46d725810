import ClackCore
import Foundation

/// Loads the font a pixel board names: `builtin-5x7`, or a BDF (`.bdf`) or GNU Unifont
/// (`.hex`) file from the system. Fonts are read where the system keeps them, never copied
/// into Clack; a missing one is an error that says which Debian package has it.
public enum PixelFontFile {
  public static func load(_ name: String) throws(FontFileError) -> PixelFont {
    if name == "builtin-5x7" { return .builtin5x7 }
    guard let data = FileManager.default.contents(atPath: name) else {
      var message = "no such font file"
      if name.contains("unifont") {
        message += " (GNU Unifont is in Debian's 'unifont' package: sudo apt install unifont)"
      }
      throw FontFileError(file: name, line: 0, message: message)
    }
    let text = String(decoding: data, as: UTF8.self)
    if name.hasSuffix(".hex") { return try UnifontHexParser(file: name).parse(text) }
    if name.hasSuffix(".bdf") { return try BDFFontParser(file: name).parse(text) }
    throw FontFileError(
      file: name, line: 0, message: "a font is builtin-5x7, a .bdf file or a Unifont .hex file")
  }
}
