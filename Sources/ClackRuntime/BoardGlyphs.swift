import ClackBoard
import ClackCore
import Synchronization

/// The bitmaps a viewer needs to draw a flap board's symbols that have no Vestaboard code
/// (runes, Cirth's private-use code points), from the system's GNU Unifont: the web page
/// draws them rather than trusting the viewer's fonts, which rarely have runes and never
/// have Cirth. Read once per flap set (the font takes a moment to load), then kept.
public enum BoardGlyphs {
  private static let cache = Mutex<[String: GlyphSheet]>([:])

  public static func sheet(for board: BoardDefinition) -> GlyphSheet {
    let key = board.name + "/" + board.flapSet.name
    if let cached = cache.withLock({ $0[key] }) { return cached }
    let view = make(for: board)
    cache.withLock { $0[key] = view }
    return view
  }

  static func make(for board: BoardDefinition) -> GlyphSheet {
    let wanted = board.signsToDraw
    guard !wanted.isEmpty else {
      return GlyphSheet(font: nil, glyphs: [:], missing: [], reason: nil)
    }
    let font: PixelFont
    do {
      font = try SystemUnifont.load()
    } catch {
      return GlyphSheet(
        font: nil, glyphs: [:], missing: wanted.map { String($0) }, reason: "\(error)")
    }
    var glyphs: [String: PixelGlyph] = [:]
    var missing: [String] = []
    for character in wanted {
      guard let glyph = font.glyph(for: character) else {
        missing.append(String(character))
        continue
      }
      glyphs[String(character)] = glyph
    }
    return GlyphSheet(
      font: font.name, glyphs: glyphs, missing: missing,
      reason: missing.isEmpty ? nil : "\(font.name) has no glyph for them")
  }
}

/// Bitmaps of a board's symbols that have no Vestaboard code, by symbol, and those its font
/// lacks, with the reason.
public struct GlyphSheet: Sendable, Hashable {
  /// Where the bitmaps come from: the board's font, or the system's GNU Unifont.
  public let font: String?
  public let glyphs: [String: PixelGlyph]
  public let missing: [String]
  public let reason: String?
}
