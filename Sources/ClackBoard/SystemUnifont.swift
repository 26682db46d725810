import ClackCore
import Foundation

/// GNU Unifont as the system has it, for drawing symbols Clack's own faces lack (runes, and
/// Cirth in the private-use area) where the board itself has no font: a flap board's picture
/// and its cells on the web page. The CSUR variant comes first, for it has Cirth too.
public enum SystemUnifont {
  public static let paths = [
    "/usr/share/fonts/X11/misc/unifont_csur.pcf.gz", "/usr/share/unifont/unifont.hex",
  ]

  /// The first of `paths` that exists, loaded; an error naming both Debian packages when
  /// neither does.
  public static func load() throws(FontFileError) -> PixelFont {
    guard let path = paths.first(where: FileManager.default.fileExists(atPath:)) else {
      throw FontFileError(
        file: paths[0], line: 0,
        message:
          "no GNU Unifont to draw runes with: sudo apt install xfonts-unifont (runes and"
          + " Cirth) or unifont (runes)")
    }
    return try PixelFontFile.load(path)
  }
}
