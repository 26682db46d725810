/// One character of a pixel font, as BDF describes it: a bitmap placed relative to the pen on
/// the baseline, and how far the pen then moves.
public struct PixelGlyph: Hashable, Sendable {
  /// The bitmap's size in pixels.
  public let width: Int
  public let height: Int
  /// From the pen to the bitmap's left edge, and from the baseline up to its bottom row
  /// (negative for a descender).
  public let xOffset: Int
  public let yOffset: Int
  /// How far the pen moves after it.
  public let advance: Int
  /// Row-major, top row first, `width × height` of them.
  let bits: [Bool]

  public init(
    width: Int, height: Int, xOffset: Int = 0, yOffset: Int = 0, advance: Int, bits: [Bool]
  ) {
    precondition(bits.count == width * height, "a glyph's bits must fill its bitmap")
    self.width = width
    self.height = height
    self.xOffset = xOffset
    self.yOffset = yOffset
    self.advance = advance
    self.bits = bits
  }

  /// Whether the bitmap's pixel (x, y) is lit, counting from its top-left corner.
  public func isLit(x: Int, y: Int) -> Bool {
    x >= 0 && x < width && y >= 0 && y < height && bits[y * width + x]
  }
}

/// A bitmap font for pixel boards: glyphs by Unicode scalar, with the font's ascent (pixels
/// above the baseline) and descent (below it). Loaded from BDF (`BDFFontParser`) or GNU
/// Unifont's `.hex` (`UnifontHexParser`), or the built-in 5×7 face, so a board works with no
/// font installed.
public struct PixelFont: Sendable {
  public let name: String
  public let ascent: Int
  public let descent: Int
  public let glyphs: [Unicode.Scalar: PixelGlyph]

  public init(name: String, ascent: Int, descent: Int, glyphs: [Unicode.Scalar: PixelGlyph]) {
    self.name = name
    self.ascent = ascent
    self.descent = descent
    self.glyphs = glyphs
  }

  /// Pixels from one baseline to the next, with no extra spacing.
  public var lineHeight: Int { ascent + descent }

  /// The glyph for a character made of one Unicode scalar; nil when the font has none (or the
  /// character is several scalars, such as a letter with a combining accent).
  public func glyph(for character: Character) -> PixelGlyph? {
    let scalars = character.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first else { return nil }
    return glyphs[scalar]
  }

  /// The widest advance of any glyph: the cell of a character grid.
  public var maxAdvance: Int { glyphs.values.map(\.advance).max() ?? 0 }

  /// The built-in 5×7 face (Clack's own dot-matrix drawing), each glyph in a 6-pixel cell
  /// (one column of spacing), 7 pixels above the baseline and 1 below for line spacing.
  public static let builtin5x7: PixelFont = {
    let source = BitmapFont.dotMatrix5x7
    var glyphs: [Unicode.Scalar: PixelGlyph] = [:]
    for (character, bits) in source.allGlyphs {
      guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1
      else { continue }
      glyphs[scalar] = PixelGlyph(
        width: source.width, height: source.height, advance: source.width + 1, bits: bits)
    }
    glyphs[" "] = PixelGlyph(width: 0, height: 0, advance: source.width + 1, bits: [])
    return PixelFont(name: "builtin-5x7", ascent: source.height, descent: 1, glyphs: glyphs)
  }()
}
