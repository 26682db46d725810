/// Reads a BDF 2.1 font (the bitmap format LED-matrix users already have): `FONT`,
/// `FONT_ASCENT`/`FONT_DESCENT` (else the `FONTBOUNDINGBOX`), and each `STARTCHAR` …
/// `ENDCHAR` with `ENCODING`, `DWIDTH`, `BBX` and its `BITMAP` rows in hex. Glyphs with no
/// Unicode encoding (`ENCODING -1`) are skipped. Every mistake names the file and line.
public struct BDFFontParser {
  let file: String

  public init(file: String) {
    self.file = file
  }

  public func parse(_ text: String) throws(FontFileError) -> PixelFont {
    var name = file
    var box: (width: Int, height: Int, x: Int, y: Int)?
    var ascent: Int?
    var descent: Int?
    var glyphs: [Unicode.Scalar: PixelGlyph] = [:]
    var started = false
    var glyph: GlyphDraft?
    var bitmapRows: Int?
    for (index, rawLine) in text.split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline
    ).enumerated() {
      let number = index + 1
      let line = rawLine.trimmedOfSpaces
      if line.isEmpty { continue }
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      let keyword = String(fields[0])
      if var draft = glyph, let rows = bitmapRows {
        if keyword == "ENDCHAR" {
          try finish(draft, rowsRead: rows, line: number, into: &glyphs)
          glyph = nil
          bitmapRows = nil
          continue
        }
        if keyword == "STARTCHAR" || keyword == "ENDFONT" {
          throw error(
            number, "glyph '\(draft.name)' (line \(draft.line)) has no ENDCHAR before \(keyword)")
        }
        guard let bits = HexBits.bits(line) else {
          throw error(number, "a BITMAP row must be hex digits, not '\(line)'")
        }
        guard rows < draft.height else {
          throw error(number, "more BITMAP rows than the BBX height \(draft.height)")
        }
        guard bits.count >= draft.width else {
          throw error(number, "a BITMAP row of \(bits.count) bits for a glyph \(draft.width) wide")
        }
        draft.bits.append(contentsOf: bits.prefix(draft.width))
        glyph = draft
        bitmapRows = rows + 1
        continue
      }
      switch keyword {
      case "STARTFONT":
        started = true
      case "FONT":
        name = fields.dropFirst().joined(separator: " ")
      case "FONTBOUNDINGBOX":
        let values = try integers(fields, 4, number)
        box = (values[0], values[1], values[2], values[3])
      case "FONT_ASCENT":
        ascent = try integers(fields, 1, number)[0]
      case "FONT_DESCENT":
        descent = try integers(fields, 1, number)[0]
      case "STARTCHAR":
        guard started else { throw error(number, "STARTCHAR before STARTFONT") }
        guard glyph == nil else { throw error(number, "STARTCHAR inside a glyph (no ENDCHAR)") }
        glyph = GlyphDraft(name: fields.dropFirst().joined(separator: " "), line: number)
      case "ENCODING":
        guard glyph != nil else { throw error(number, "ENCODING outside STARTCHAR … ENDCHAR") }
        glyph?.encoding = try integers(fields, 1, number)[0]
      case "DWIDTH":
        guard glyph != nil else { throw error(number, "DWIDTH outside STARTCHAR … ENDCHAR") }
        glyph?.advance = try integers(fields, 1, number)[0]
      case "BBX":
        guard glyph != nil else { throw error(number, "BBX outside STARTCHAR … ENDCHAR") }
        let values = try integers(fields, 4, number)
        guard values[0] >= 0, values[1] >= 0, values[0] <= 256, values[1] <= 256 else {
          throw error(number, "BBX size \(values[0])×\(values[1]) is out of range 0–256")
        }
        glyph?.width = values[0]
        glyph?.height = values[1]
        glyph?.xOffset = values[2]
        glyph?.yOffset = values[3]
      case "BITMAP":
        guard glyph != nil else { throw error(number, "BITMAP outside STARTCHAR … ENDCHAR") }
        bitmapRows = 0
      case "ENDCHAR":
        guard let draft = glyph else { throw error(number, "ENDCHAR without STARTCHAR") }
        try finish(draft, rowsRead: 0, line: number, into: &glyphs)
        glyph = nil
      case "ENDFONT":
        guard glyph == nil else { throw error(number, "ENDFONT inside a glyph (no ENDCHAR)") }
        guard let ascent = ascent ?? box.map({ $0.height + $0.y }),
          let descent = descent ?? box.map({ -$0.y })
        else {
          throw error(number, "no FONT_ASCENT/FONT_DESCENT and no FONTBOUNDINGBOX")
        }
        guard !glyphs.isEmpty else { throw error(number, "the font has no glyphs") }
        return PixelFont(name: name, ascent: ascent, descent: descent, glyphs: glyphs)
      default:
        break  // properties and comments that change nothing here
      }
    }
    throw FontFileError(
      file: file, line: 0,
      message: started ? "no ENDFONT: the file is cut short" : "not a BDF font (no STARTFONT)")
  }

  private struct GlyphDraft {
    var name: String
    var line: Int
    var encoding: Int?
    var advance: Int?
    var width = 0
    var height = 0
    var xOffset = 0
    var yOffset = 0
    var bits: [Bool] = []
  }

  private func finish(
    _ draft: GlyphDraft, rowsRead: Int, line: Int, into glyphs: inout [Unicode.Scalar: PixelGlyph]
  ) throws(FontFileError) {
    guard let encoding = draft.encoding else {
      throw error(line, "glyph '\(draft.name)' (line \(draft.line)) has no ENCODING")
    }
    guard rowsRead == draft.height else {
      throw error(
        line, "glyph '\(draft.name)' has \(rowsRead) BITMAP rows; its BBX says \(draft.height)")
    }
    guard encoding >= 0 else { return }  // no Unicode code point: not drawable by text
    guard let scalar = Unicode.Scalar(encoding) else {
      throw error(line, "glyph '\(draft.name)': ENCODING \(encoding) is not a Unicode scalar")
    }
    guard let advance = draft.advance else {
      throw error(line, "glyph '\(draft.name)' (line \(draft.line)) has no DWIDTH")
    }
    glyphs[scalar] = PixelGlyph(
      width: draft.width, height: draft.height, xOffset: draft.xOffset,
      yOffset: draft.yOffset, advance: advance, bits: draft.bits)
  }

  private func integers(_ fields: [Substring], _ count: Int, _ line: Int) throws(FontFileError)
    -> [Int]
  {
    let values = fields.dropFirst().prefix(count).compactMap { Int($0) }
    guard values.count == count else {
      throw error(line, "\(fields[0]) needs \(count) whole number\(count == 1 ? "" : "s")")
    }
    return values
  }

  private func error(_ line: Int, _ message: String) -> FontFileError {
    FontFileError(file: file, line: line, message: message)
  }
}
