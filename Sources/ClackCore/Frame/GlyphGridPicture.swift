/// Draws a frame for a terminal from glyph bitmaps instead of characters, in the box-drawn grid
/// of `FrameGridRenderer`: for flaps whose signs a terminal font rarely has (runes) or never has
/// (Cirth, in the private-use area), so they show on any terminal that has block elements or
/// Braille patterns, as nearly all do.
///
/// Each flap is its glyph's pixels, cropped to the rows and columns that some glyph of the font
/// lights (Unifont leaves most of its 8 × 16 cell's edges dark), in one of two dot sizes:
/// half blocks (▀ ▄ █, one column per pixel, two pixel rows per line) or Braille patterns (two
/// columns and four rows of pixels per character, for a board too wide for half blocks).
public struct GlyphGridPicture: Sendable {
  public enum Dots: Sendable, CaseIterable {
    case halfBlocks, braille
  }

  public let font: BitmapFont
  public var dots: Dots
  public var ansiColor: Bool
  /// The glyph rows and columns drawn: those lit in some glyph of `font`.
  public let pixelRows: Range<Int>
  public let pixelColumns: Range<Int>

  public init(font: BitmapFont, dots: Dots = .halfBlocks, ansiColor: Bool = false) {
    self.font = font
    self.dots = dots
    self.ansiColor = ansiColor
    var (top, bottom, left, right) = (font.height, 0, font.width, 0)
    for pixels in font.allGlyphs.values {
      for (index, lit) in pixels.enumerated() where lit {
        let (y, x) = index.quotientAndRemainder(dividingBy: font.width)
        (top, bottom) = (min(top, y), max(bottom, y + 1))
        (left, right) = (min(left, x), max(right, x + 1))
      }
    }
    // A font with no lit pixel at all still gets one dot per flap.
    pixelRows = top < bottom ? top..<bottom : 0..<1
    pixelColumns = left < right ? left..<right : 0..<1
  }

  /// Terminal columns, and lines, that one flap takes.
  public var cellColumns: Int {
    dots == .halfBlocks ? pixelColumns.count : (pixelColumns.count + 1) / 2
  }
  public var cellLines: Int {
    dots == .halfBlocks ? (pixelRows.count + 1) / 2 : (pixelRows.count + 3) / 4
  }

  /// The picture's size in terminal columns and lines, the grid's lines included.
  public func size(rows: Int, cols: Int) -> (columns: Int, lines: Int) {
    (cols * (cellColumns + 1) + 1, rows * (cellLines + 1) + 1)
  }

  public func render(_ frame: Frame) -> String {
    guard frame.rows > 0, frame.cols > 0 else { return "(empty board)\n" }
    let span = Array(repeating: String(repeating: "─", count: cellColumns), count: frame.cols)
    var out = "┌" + span.joined(separator: "┬") + "┐\n"
    for row in 0..<frame.rows {
      if row > 0 { out += "├" + span.joined(separator: "┼") + "┤\n" }
      let cells = frame.row(row).map(cellLines(_:))
      for line in 0..<cellLines {
        out += "│" + cells.map { $0[line] }.joined(separator: "│") + "│\n"
      }
    }
    out += "└" + span.joined(separator: "┴") + "┘\n"
    return out
  }

  /// One flap as `cellLines` strings of `cellColumns` columns each.
  private func cellLines(_ symbol: Symbol) -> [String] {
    let empty = String(repeating: " ", count: cellColumns)
    switch symbol {
    case .blank:
      return Array(repeating: empty, count: cellLines)
    case .tile(let tile):
      let fill =
        ansiColor
        ? "\u{1B}[38;5;\(FrameGridRenderer.colorCode(for: tile))m"
          + String(repeating: "█", count: cellColumns) + "\u{1B}[0m"
        : String(repeating: FrameGridRenderer.letter(for: tile), count: cellColumns)
      return Array(repeating: fill, count: cellLines)
    case .glyph(let character):
      guard let pixels = font.pixels(of: character) else {
        // Not in the font: the character itself, for the terminal to show as it can.
        var lines = Array(repeating: empty, count: cellLines)
        lines[(cellLines - 1) / 2] =
          String(repeating: " ", count: (cellColumns - 1) / 2) + String(character)
          + String(repeating: " ", count: cellColumns - 1 - (cellColumns - 1) / 2)
        return lines
      }
      return dots == .halfBlocks ? halfBlocks(pixels) : braille(pixels)
    }
  }

  private func lit(_ pixels: [Bool], x: Int, y: Int) -> Bool {
    let (x, y) = (pixelColumns.lowerBound + x, pixelRows.lowerBound + y)
    guard pixelColumns.contains(x), pixelRows.contains(y) else { return false }
    return pixels[y * font.width + x]
  }

  private func halfBlocks(_ pixels: [Bool]) -> [String] {
    (0..<cellLines).map { line in
      String(
        (0..<cellColumns).map { x -> Character in
          switch (lit(pixels, x: x, y: 2 * line), lit(pixels, x: x, y: 2 * line + 1)) {
          case (true, true): "█"
          case (true, false): "▀"
          case (false, true): "▄"
          case (false, false): " "
          }
        })
    }
  }

  /// Braille dots by pixel: the left column is dots 1 2 3 7, the right 4 5 6 8 (top to bottom).
  private static let brailleBits: [(x: Int, y: Int, bit: UInt32)] = [
    (0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08),
    (1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80),
  ]

  private func braille(_ pixels: [Bool]) -> [String] {
    (0..<cellLines).map { line in
      String(
        (0..<cellColumns).map { column -> Character in
          let bits = Self.brailleBits.reduce(UInt32(0)) { bits, dot in
            lit(pixels, x: 2 * column + dot.x, y: 4 * line + dot.y) ? bits | dot.bit : bits
          }
          // An empty pattern is a space: some terminals draw U+2800 as faint dots.
          return bits == 0 ? " " : Character(Unicode.Scalar(0x2800 + bits)!)
        })
    }
  }
}
