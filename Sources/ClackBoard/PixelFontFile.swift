import ClackCore
import Foundation

/// Loads the font a pixel board names: `builtin-5x7`, or a BDF (`.bdf`), GNU Unifont (`.hex`)
/// or PCF (`.pcf`, `.pcf.gz`) file from the system. Fonts are read where the system keeps
/// them, never copied into Clack; a missing one is an error that says which Debian package has
/// it.
public enum PixelFontFile {
  public static func load(_ name: String) throws(FontFileError) -> PixelFont {
    if name == "builtin-5x7" { return .builtin5x7 }
    guard let data = FileManager.default.contents(atPath: name) else {
      throw FontFileError(file: name, line: 0, message: "no such font file" + package(of: name))
    }
    if name.hasSuffix(".pcf.gz") { return try PCFFontParser(file: name).parse(gunzip(name)) }
    if name.hasSuffix(".pcf") { return try PCFFontParser(file: name).parse([UInt8](data)) }
    let text = String(decoding: data, as: UTF8.self)
    if name.hasSuffix(".hex") { return try UnifontHexParser(file: name).parse(text) }
    if name.hasSuffix(".bdf") { return try BDFFontParser(file: name).parse(text) }
    throw FontFileError(
      file: name, line: 0,
      message: "a font is builtin-5x7, or a .bdf, Unifont .hex or .pcf(.gz) file")
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
