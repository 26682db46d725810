/// The character grid of a pixel board: as many cells of its font as fit the panel (a 32×8
/// panel in the 5×7 face is 1 row of 5 cells), centred on it. Messages, Vestaboard codes and
/// quotes are laid out into this grid as on a flap board, and each frame is then drawn into
/// pixels.
public struct PixelGrid: Sendable {
  public let width: Int
  public let height: Int
  public let text: PixelTextRenderer
  public let rows: Int
  public let cols: Int
  /// Pixels per cell: the font's widest advance, and its line pitch.
  public let cellWidth: Int
  public let cellHeight: Int
  /// The blank columns after the widest glyph in a cell (spacing, not ink).
  public let cellGap: Int
  /// Where the first cell starts, so the grid's ink sits in the middle of the panel.
  public let left: Int
  public let top: Int

  public init(width: Int, height: Int, font: PixelFont, lineSpacing: Int = 0)
    throws(PixelGridError)
  {
    let text = PixelTextRenderer(font: font, lineSpacing: lineSpacing)
    let cellWidth = Self.cellWidth(of: font)
    let cellHeight = text.linePitch
    // The last cell needs no spacing after it, nor the last row any below it.
    let ink = font.glyphs.values.filter { $0.advance <= cellWidth }.map { $0.xOffset + $0.width }
    let gap = max(0, cellWidth - (ink.max() ?? 0))
    let cols = cellWidth > 0 ? (width + gap) / cellWidth : 0
    let rows = cellHeight > 0 ? (height + lineSpacing) / cellHeight : 0
    guard cols > 0, rows > 0 else {
      throw PixelGridError(
        width: width, height: height, font: font.name, cellWidth: cellWidth,
        cellHeight: font.lineHeight)
    }
    self.width = width
    self.height = height
    self.text = text
    self.rows = rows
    self.cols = cols
    self.cellWidth = cellWidth
    self.cellHeight = cellHeight
    cellGap = gap
    left = (width - (cols * cellWidth - gap)) / 2
    top = (height - (rows * cellHeight - lineSpacing)) / 2
  }

  /// A cell's width: the widest advance among the font's printable ASCII glyphs (what most
  /// text is written in), else its widest advance. So a font with double-width glyphs, as GNU
  /// Unifont has for CJK, keeps cells as narrow as its Latin letters.
  static func cellWidth(of font: PixelFont) -> Int {
    let ascii = (0x21...0x7E).compactMap { Unicode.Scalar($0).flatMap { font.glyphs[$0] } }
    return ascii.map(\.advance).max() ?? font.maxAdvance
  }

  /// What the grid can show, as a flap set for layout: the blank, the colour tiles (drawn as
  /// lit cells) and every character the font has a glyph for that fits a cell (a wider one
  /// is reported like any character the board lacks).
  public func symbolSet() -> FlapSet {
    var symbols: [Symbol] = [.blank]
    symbols += ColorTile.allCases.map(Symbol.tile)
    let scalars = text.font.glyphs.filter { $0.key != " " && $0.value.advance <= cellWidth }
      .keys.sorted { $0.value < $1.value }
    // Characters compare by canonical equivalence: U+0340 is U+0300 to Swift. The first of
    // such a pair (the lower code point) stands for both.
    var seen = Set<Character>()
    for scalar in scalars where seen.insert(Character(scalar)).inserted {
      symbols.append(.glyph(Character(scalar)))
    }
    do {
      return try FlapSet(name: "font \(text.font.name)", symbols: symbols)
    } catch {
      // Distinct characters, a blank and more than one symbol: this cannot fail.
      preconditionFailure("the symbols of font \(text.font.name) do not make a set: \(error)")
    }
  }

  /// Draws a frame of `rows × cols` symbols into the canvas, which it clears first: glyphs at
  /// their cells, colour tiles as lit cells (at the tile's brightness on a grey canvas; a
  /// black tile is dark).
  public func draw(_ frame: Frame, into canvas: inout PixelCanvas) {
    canvas.clear()
    for row in 0..<min(rows, frame.rows) {
      for col in 0..<min(cols, frame.cols) {
        draw(frame[row, col], x: left + col * cellWidth, y: top + row * cellHeight, into: &canvas)
      }
    }
  }

  /// Draws one cell's symbol with the cell's top-left corner at (x, y), over what is there:
  /// a glyph, or a colour tile as a lit cell (at the tile's brightness on a grey canvas, in
  /// its colour on a palette canvas; a black tile is dark). Allocates nothing, so the frame loop draws with it.
  public func draw(_ symbol: Symbol, x: Int, y: Int, into canvas: inout PixelCanvas) {
    switch symbol {
    case .blank: break
    case .glyph(let character):
      guard let glyph = text.font.glyph(for: character) else { return }
      text.draw(glyph, into: &canvas, x: x, baseline: y + text.font.ascent)
    case .tile(let tile):
      let level =
        switch canvas.depth {
        case .palette: ColourPalette.index(of: tile)
        case .grey: Self.brightness(of: tile)
        case .mono: tile == .black ? 0 : PixelCanvas.full
        }
      canvas.fill(
        x: x, y: y, width: cellWidth - 1, height: text.font.lineHeight - 1, brightness: level)
    }
  }

  /// The ink width of a line of `cells` cells drawn at the grid's pitch (the last cell's
  /// spacing is not ink).
  public func inkWidth(cells: Int) -> Int {
    max(0, cells * cellWidth - cellGap)
  }

  /// A tile's brightness on a grey panel (one colour of LED): how light the colour looks.
  static func brightness(of tile: ColorTile) -> UInt8 {
    switch tile {
    case .black: 0
    case .white, .filled: 255
    case .yellow: 230
    case .orange: 190
    case .green: 170
    case .red: 130
    case .violet: 110
    case .blue: 90
    }
  }
}

/// A panel too small for even one cell of its font.
public struct PixelGridError: Error, Hashable, Sendable, CustomStringConvertible {
  public let width: Int
  public let height: Int
  public let font: String
  public let cellWidth: Int
  public let cellHeight: Int

  public var description: String {
    "a \(width)×\(height) panel holds no \(cellWidth)×\(cellHeight) cell of font '\(font)'"
  }
}
