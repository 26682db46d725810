/// Reads GNU Unifont's `.hex` format (Debian `unifont`: `/usr/share/unifont/unifont.hex`): one
/// glyph per line, `CODEPOINT:HEX`, 32 hex digits for an 8×16 glyph or 64 for a 16×16 one,
/// rows top first. Unifont's baseline leaves 2 rows below it. Every mistake names the file
/// and line.
public struct UnifontHexParser {
  let file: String

  public init(file: String) {
    self.file = file
  }

  public static let ascent = 14
  public static let descent = 2

  public func parse(_ text: String) throws(FontFileError) -> PixelFont {
    var glyphs: [Unicode.Scalar: PixelGlyph] = [:]
    for (index, rawLine) in text.split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline
    ).enumerated() {
      let line = rawLine.trimmedOfSpaces
      if line.isEmpty || line.hasPrefix("#") { continue }
      let (scalar, glyph) = try parseLine(line, number: index + 1)
      glyphs[scalar] = glyph
    }
    guard !glyphs.isEmpty else {
      throw FontFileError(file: file, line: 0, message: "no glyphs (CODEPOINT:HEX lines)")
    }
    return PixelFont(
      name: "GNU Unifont (\(file))", ascent: Self.ascent, descent: Self.descent, glyphs: glyphs)
  }

  private func parseLine(_ line: Substring, number: Int) throws(FontFileError) -> (
    Unicode.Scalar, PixelGlyph
  ) {
    let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, let code = UInt32(parts[0], radix: 16) else {
      throw error(number, "expected CODEPOINT:HEX, such as 0041:0000000018242442427E424242420000")
    }
    guard let scalar = Unicode.Scalar(code) else {
      throw error(number, "\(parts[0]) is not a Unicode scalar")
    }
    let width: Int
    switch parts[1].count {
    case 32: width = 8
    case 64: width = 16
    default:
      throw error(
        number, "U+\(parts[0]) has \(parts[1].count) hex digits; 32 (8×16) or 64 (16×16) expected")
    }
    guard let bits = HexBits.bits(parts[1]) else {
      throw error(number, "U+\(parts[0]): the glyph must be hex digits")
    }
    return (
      scalar,
      PixelGlyph(
        width: width, height: 16, xOffset: 0, yOffset: -Self.descent, advance: width, bits: bits)
    )
  }

  private func error(_ line: Int, _ message: String) -> FontFileError {
    FontFileError(file: file, line: line, message: message)
  }
}
