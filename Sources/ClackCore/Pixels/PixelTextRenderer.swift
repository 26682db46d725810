/// Characters a font cannot draw, each with its line and column, as for any board that lacks
/// a character.
public struct MissingGlyphs: Error, Hashable, Sendable, CustomStringConvertible {
  public let characters: [UnsupportedCharacter]
  public let font: String

  public var description: String {
    let list = characters.map(\.description).joined(separator: "; ")
    let noun = characters.count == 1 ? "character has" : "characters have"
    return "\(characters.count) \(noun) no glyph in font '\(font)': \(list)"
  }
}

/// Measures and draws text on a `PixelCanvas` in a `PixelFont`: pen on the baseline, each
/// glyph placed by its offsets and followed by its advance. A character the font lacks is never
/// drawn as garbage: `check` names it with its line and column first.
public struct PixelTextRenderer: Sendable {
  public let font: PixelFont
  /// Extra pixels between one line's descent and the next line's ascent.
  public let lineSpacing: Int

  public init(font: PixelFont, lineSpacing: Int = 0) {
    self.font = font
    self.lineSpacing = lineSpacing
  }

  /// Pixels from one line's top to the next's.
  public var linePitch: Int { font.lineHeight + lineSpacing }

  /// Fails naming every character of `text` the font has no glyph for (lines split at
  /// newlines, counted from 1; columns in characters).
  public func check(_ text: String) throws(MissingGlyphs) {
    var missing: [UnsupportedCharacter] = []
    for (lineIndex, line) in text.split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline
    )
    .enumerated() {
      for (columnIndex, character) in line.enumerated() where font.glyph(for: character) == nil {
        missing.append(
          UnsupportedCharacter(
            text: String(character), line: lineIndex + 1, column: columnIndex + 1, reason: nil))
      }
    }
    if !missing.isEmpty { throw MissingGlyphs(characters: missing, font: font.name) }
  }

  /// The width of one line in pixels: the sum of its glyphs' advances.
  public func width(of line: some StringProtocol) -> Int {
    var width = 0
    for character in line { width += font.glyph(for: character)?.advance ?? 0 }
    return width
  }

  /// The width a line's glyphs cover: its advances without the spacing after the last glyph,
  /// which is what alignment places (so right-aligned text ends at the edge).
  public func inkWidth(of line: some StringProtocol) -> Int {
    guard let last = line.last, let glyph = font.glyph(for: last) else { return width(of: line) }
    return width(of: line) - max(0, glyph.advance - (glyph.xOffset + glyph.width))
  }

  /// Draws one line with the pen starting at `x` on `baseline` (the row just above which
  /// glyphs stand). Pixels off the canvas are clipped; missing glyphs are skipped.
  public func draw(
    _ line: some StringProtocol, into canvas: inout PixelCanvas, x: Int, baseline: Int,
    brightness: UInt8 = PixelCanvas.full
  ) {
    var pen = x
    for character in line {
      guard let glyph = font.glyph(for: character) else { continue }
      draw(glyph, into: &canvas, x: pen, baseline: baseline, brightness: brightness)
      pen += glyph.advance
    }
  }

  /// Draws one glyph with the pen at `x` on `baseline`, clipped (no allocation).
  public func draw(
    _ glyph: PixelGlyph, into canvas: inout PixelCanvas, x: Int, baseline: Int,
    brightness: UInt8 = PixelCanvas.full
  ) {
    let left = x + glyph.xOffset
    let top = baseline - glyph.yOffset - glyph.height
    for row in 0..<glyph.height {
      for column in 0..<glyph.width where glyph.isLit(x: column, y: row) {
        canvas[left + column, top + row] = brightness
      }
    }
  }

  /// Draws lines as a block placed in the canvas: each line left, centred or right
  /// (`justified` is left: a pixel line has no spaces to spread), the block at the top,
  /// middle or bottom.
  public func draw(
    lines: [String], into canvas: inout PixelCanvas, justify: Justify = .center,
    align: Align = .center, brightness: UInt8 = PixelCanvas.full
  ) {
    let blockHeight = lines.count * font.lineHeight + max(0, lines.count - 1) * lineSpacing
    let top: Int
    switch align {
    case .top: top = 0
    case .center: top = (canvas.height - blockHeight) / 2
    case .bottom: top = canvas.height - blockHeight
    }
    for (index, line) in lines.enumerated() {
      let width = inkWidth(of: line)
      let x: Int
      switch justify {
      case .left, .justified: x = 0
      case .center: x = (canvas.width - width) / 2
      case .right: x = canvas.width - width
      }
      draw(
        line, into: &canvas, x: x, baseline: top + index * linePitch + font.ascent,
        brightness: brightness)
    }
  }
}
