import ClackCore
import Foundation

/// Loads the font a pixel board names: `builtin-5x7`, a BDF (`.bdf`), GNU Unifont (`.hex`)
/// or PCF (`.pcf`, `.pcf.gz`) file, or a TrueType or OpenType font (`.ttf`, `.otf`, `.ttc`)
/// rasterised at `size` LEDs by FreeType. Fonts are read where the system keeps them, never
/// copied into Clack; a missing one is an error that says which Debian package has it.
public enum PixelFontFile {
  /// The suffixes of the fonts FreeType rasterises (the others are bitmaps already).
  public static let outlineSuffixes = [".ttf", ".otf", ".ttc"]

  public static func isOutline(_ name: String) -> Bool {
    outlineSuffixes.contains { name.lowercased().hasSuffix($0) }
  }

  public static func load(_ name: String, size: Int? = nil) throws(FontFileError) -> PixelFont {
    if name == "builtin-5x7" { return .builtin5x7 }
    guard let data = FileManager.default.contents(atPath: name) else {
      throw FontFileError(file: name, line: 0, message: "no such font file" + package(of: name))
    }
    if isOutline(name) {
      guard let size else {
        throw FontFileError(
          file: name, line: 0,
          message: "a TrueType or OpenType font needs font_size: its height in LEDs")
      }
      return try TrueTypeFont.rasterise(path: name, pixelSize: size)
    }
    if name.hasSuffix(".pcf.gz") { return try PCFFontParser(file: name).parse(gunzip(name)) }
    if name.hasSuffix(".pcf") { return try PCFFontParser(file: name).parse([UInt8](data)) }
    let text = String(decoding: data, as: UTF8.self)
    if name.hasSuffix(".hex") { return try UnifontHexParser(file: name).parse(text) }
    if name.hasSuffix(".bdf") { return try BDFFontParser(file: name).parse(text) }
    throw FontFileError(
      file: name, line: 0,
      message:
        "a font is builtin-5x7, a .bdf, Unifont .hex or .pcf(.gz) file, or a .ttf, .otf or .ttc")
  }

  /// Where Debian keeps the fonts boards name.
  static func package(of name: String) -> String {
    if name.contains("unifont_csur") || name.contains("fonts/X11/misc/unifont") {
      return " (GNU Unifont's PCF fonts, CSUR's private-use scripts included, are in Debian's"
        + " 'xfonts-unifont' package: sudo apt install xfonts-unifont)"
    }
    if name.contains("unifont") {
      return " (GNU Unifont is in Debian's 'unifont' package: sudo apt install unifont)"
    }
    if name.contains("fonts/truetype/dejavu") {
      return
        " (DejaVu is in Debian's 'fonts-dejavu-core' package: sudo apt install fonts-dejavu-core)"
    }
    return ""
  }

  /// A gzipped file's bytes, by `gzip -dc` (in every Debian system): read once, when the
  /// board starts.
  static func gunzip(_ path: String) throws(FontFileError) -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc", "--", path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw FontFileError(
        file: path, line: 0, message: "cannot run /bin/gzip to unpack it: \(error)")
    }
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw FontFileError(
        file: path, line: 0,
        message: "gzip could not unpack it (exit \(process.terminationStatus)): is it a .gz file?")
    }
    return [UInt8](bytes)
  }
}
