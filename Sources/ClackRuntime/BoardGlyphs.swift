import ClackAPI
import ClackBoard
import ClackCore
import Synchronization

/// The bitmaps a viewer needs to draw a flap board's symbols that have no Vestaboard code
/// (runes, Cirth's private-use code points), from the system's GNU Unifont: the web page
/// draws them rather than trusting the viewer's fonts, which rarely have runes and never
/// have Cirth. Read once per flap set (the font takes a moment to load), then kept.
public enum BoardGlyphs {
  private static let cache = Mutex<[String: GlyphsView]>([:])

  public static func view(for board: BoardDefinition) -> GlyphsView {
    let key = board.name + "/" + board.flapSet.name
    if let cached = cache.withLock({ $0[key] }) { return cached }
    let view = make(for: board)
    cache.withLock { $0[key] = view }
    return view
  }

  static func make(for board: BoardDefinition) -> GlyphsView {
    guard board.pixels == nil else {
      return GlyphsView(
        font: nil, glyphs: [:], missing: [],
        reason: "a pixel board is drawn LED by LED (pixels in GET /api/v1/board)")
    }
    let wanted = board.signsToDraw
    guard !wanted.isEmpty else {
      return GlyphsView(font: nil, glyphs: [:], missing: [], reason: nil)
    }
    let font: PixelFont
    do {
      font = try SystemUnifont.load()
    } catch {
      return GlyphsView(
        font: nil, glyphs: [:], missing: wanted.map { String($0) }, reason: "\(error)")
    }
    var glyphs: [String: GlyphBitmap] = [:]
    var missing: [String] = []
    for character in wanted {
      guard let glyph = font.glyph(for: character) else {
        missing.append(String(character))
        continue
      }
      glyphs[String(character)] = bitmap(glyph)
    }
    return GlyphsView(
      font: font.name, glyphs: glyphs, missing: missing,
      reason: missing.isEmpty ? nil : "\(font.name) has no glyph for them")
  }

  /// A glyph's rows in hexadecimal, leftmost pixel first.
  static func bitmap(_ glyph: PixelGlyph) -> GlyphBitmap {
    let bytes = (glyph.width + 7) / 8
    let rows = (0..<glyph.height).map { y in
      (0..<bytes).map { byte in
        let value = (0..<8).reduce(0) { bits, bit in
          bits << 1 | (glyph.isLit(x: byte * 8 + bit, y: y) ? 1 : 0)
        }
        let hex = String(value, radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
      }.joined()
    }
    return GlyphBitmap(width: glyph.width, height: glyph.height, rows: rows)
  }
}
