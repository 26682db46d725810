/// Draws a frame as a split-flap board: white characters on black flaps, each flap cut by its
/// split line, colour flaps as solid tiles, on a dark frame.
public struct FramePicture: Sendable {
  /// Size of one font pixel in image pixels.
  public var scale: Int
  public var font: BitmapFont

  public init(scale: Int = 4, font: BitmapFont = .dotMatrix5x7) {
    precondition(scale >= 1, "scale must be at least 1")
    self.scale = scale
    self.font = font
  }

  /// Palette indices; the tiles follow in `ColorTile.allCases` order.
  enum Ink: UInt8 {
    case board = 0
    case flap, character, split, missing
    static let firstTile: UInt8 = 5
  }

  static let palette: [RGB] =
    [
      RGB(0x26, 0x26, 0x26),  // board: the housing around the flaps
      RGB(0x12, 0x12, 0x12),  // flap
      RGB(0xF2, 0xF2, 0xF2),  // character
      RGB(0x00, 0x00, 0x00),  // split line
      RGB(0x8A, 0x8A, 0x8A),  // outline of a character the font lacks
    ] + ColorTile.allCases.map(tileColor)

  static func tileColor(_ tile: ColorTile) -> RGB {
    switch tile {
    case .red: RGB(0xD6, 0x35, 0x2F)
    case .orange: RGB(0xF0, 0x8A, 0x24)
    case .yellow: RGB(0xF5, 0xC5, 0x18)
    case .green: RGB(0x2E, 0x9E, 0x4F)
    case .blue: RGB(0x2D, 0x6F, 0xD6)
    case .violet: RGB(0x8E, 0x44, 0xAD)
    case .white, .filled: RGB(0xF2, 0xF2, 0xF2)
    case .black: RGB(0x00, 0x00, 0x00)
    }
  }

  // Geometry in font pixels: a flap is the glyph plus two pixels each side and three above and
  // below; flaps are one pixel apart inside a three-pixel border.
  var flapWidth: Int { (font.width + 4) * scale }
  var flapHeight: Int { (font.height + 6) * scale }
  var gap: Int { scale }
  var border: Int { 3 * scale }

  /// The characters of `frame` that the font cannot draw (they are drawn as outlined boxes).
  public func missingCharacters(in frame: Frame) -> [Character] {
    var seen: [Character] = []
    for case .glyph(let character) in frame.cells
    where !font.hasGlyph(character) && !seen.contains(character) {
      seen.append(character)
    }
    return seen
  }

  public func draw(_ frame: Frame) -> IndexedBitmap {
    let width = 2 * border + frame.cols * flapWidth + (frame.cols - 1) * gap
    let height = 2 * border + frame.rows * flapHeight + (frame.rows - 1) * gap
    var bitmap = IndexedBitmap(
      width: width, height: height, palette: Self.palette, fill: Ink.board.rawValue)
    for row in 0..<frame.rows {
      for col in 0..<frame.cols {
        let x = border + col * (flapWidth + gap)
        let y = border + row * (flapHeight + gap)
        drawFlap(frame[row, col], x: x, y: y, into: &bitmap)
      }
    }
    return bitmap
  }

  private func drawFlap(_ symbol: Symbol, x: Int, y: Int, into bitmap: inout IndexedBitmap) {
    let face: UInt8
    if case .tile(let tile) = symbol {
      face = Ink.firstTile + UInt8(ColorTile.allCases.firstIndex(of: tile)!)
    } else {
      face = Ink.flap.rawValue
    }
    bitmap.fill(x: x, y: y, width: flapWidth, height: flapHeight, color: face)
    // Rounded corners: the housing shows at each corner pixel.
    for (cornerX, cornerY) in [(0, 0), (flapWidth - 1, 0), (0, flapHeight - 1)]
      + [(flapWidth - 1, flapHeight - 1)]
    {
      bitmap[x + cornerX, y + cornerY] = Ink.board.rawValue
    }
    if case .glyph(let character) = symbol {
      drawGlyph(character, x: x + 2 * scale, y: y + 3 * scale, into: &bitmap)
    }
    let splitThickness = max(1, scale / 3)
    bitmap.fill(
      x: x, y: y + (flapHeight - splitThickness) / 2, width: flapWidth, height: splitThickness,
      color: Ink.split.rawValue)
  }

  private func drawGlyph(_ character: Character, x: Int, y: Int, into bitmap: inout IndexedBitmap) {
    guard let pixels = font.pixels(of: character) else {
      // An outlined box marks a character this font cannot draw, rather than a blank that
      // would look like a correct picture.
      let w = font.width * scale
      let h = font.height * scale
      let ink = Ink.missing.rawValue
      bitmap.fill(x: x, y: y, width: w, height: scale, color: ink)
      bitmap.fill(x: x, y: y + h - scale, width: w, height: scale, color: ink)
      bitmap.fill(x: x, y: y, width: scale, height: h, color: ink)
      bitmap.fill(x: x + w - scale, y: y, width: scale, height: h, color: ink)
      return
    }
    for (index, lit) in pixels.enumerated() where lit {
      bitmap.fill(
        x: x + (index % font.width) * scale, y: y + (index / font.width) * scale,
        width: scale, height: scale, color: Ink.character.rawValue)
    }
  }
}
