/// A fixed-size monochrome font: each glyph is a grid of on/off pixels.
///
/// The built-in font is a 5×7 dot-matrix face drawn for Clack, covering every character of the
/// Vestaboard code table, so any frame in codes can be pictured without a font on the system.
public struct BitmapFont: Sendable {
  public let width: Int
  public let height: Int
  private let glyphs: [Character: [Bool]]

  /// A font from glyph pictures: rows separated by spaces, `#` for a lit pixel, `.` for dark.
  public init(width: Int, height: Int, pictures: [Character: String]) {
    self.width = width
    self.height = height
    var glyphs: [Character: [Bool]] = [:]
    for (character, picture) in pictures {
      let rows = picture.split(separator: " ")
      precondition(
        rows.count == height && rows.allSatisfy { $0.count == width },
        "glyph \(character) is not \(width)×\(height)")
      glyphs[character] = rows.flatMap { row in row.map { $0 == "#" } }
    }
    self.glyphs = glyphs
  }

  /// A font from glyph bits, row-major (glyphs of another size are left out).
  public init(width: Int, height: Int, glyphs: [Character: [Bool]]) {
    self.width = width
    self.height = height
    self.glyphs = glyphs.filter { $0.value.count == width * height }
  }

  /// The glyphs of `characters` (those 8 × 16, as Unifont draws most scripts) from a pixel
  /// font such as GNU Unifont, for pictures of frames the built-in face cannot draw (runes).
  public init(cellsOf font: PixelFont, for characters: some Sequence<Character>) {
    var glyphs: [Character: [Bool]] = [:]
    for character in characters {
      guard let glyph = font.glyph(for: character), glyph.width == 8, glyph.height == 16 else {
        continue
      }
      glyphs[character] = (0..<16).flatMap { y in (0..<8).map { glyph.isLit(x: $0, y: y) } }
    }
    self.init(width: 8, height: 16, glyphs: glyphs)
  }

  /// Whether the font can draw this character.
  public func hasGlyph(_ character: Character) -> Bool { glyphs[character] != nil }

  /// Whether pixel (x, y) of a character's glyph is lit; nil when the font has no such glyph.
  public func pixels(of character: Character) -> [Bool]? { glyphs[character] }

  /// Every glyph, row-major bits by character.
  public var allGlyphs: [Character: [Bool]] { glyphs }

  /// The built-in 5×7 face.
  public static let dotMatrix5x7 = BitmapFont(
    width: 5, height: 7, pictures: DotMatrixGlyphs.pictures)
}

/// The pictures of the built-in 5×7 face, one string per glyph, top row first.
enum DotMatrixGlyphs {
  static let pictures: [Character: String] = [
    "A": ".###. #...# #...# ##### #...# #...# #...#",
    "B": "####. #...# #...# ####. #...# #...# ####.",
    "C": ".###. #...# #.... #.... #.... #...# .###.",
    "D": "####. #...# #...# #...# #...# #...# ####.",
    "E": "##### #.... #.... ####. #.... #.... #####",
    "F": "##### #.... #.... ####. #.... #.... #....",
    "G": ".###. #...# #.... #.### #...# #...# .####",
    "H": "#...# #...# #...# ##### #...# #...# #...#",
    "I": ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    "J": "..### ...#. ...#. ...#. ...#. #..#. .##..",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    "L": "#.... #.... #.... #.... #.... #.... #####",
    "M": "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    "N": "#...# #...# ##..# #.#.# #..## #...# #...#",
    "O": ".###. #...# #...# #...# #...# #...# .###.",
    "P": "####. #...# #...# ####. #.... #.... #....",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.#",
    "R": "####. #...# #...# ####. #.#.. #..#. #...#",
    "S": ".#### #.... #.... .###. ....# ....# ####.",
    "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "U": "#...# #...# #...# #...# #...# #...# .###.",
    "V": "#...# #...# #...# #...# #...# .#.#. ..#..",
    "W": "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
    "X": "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    "Y": "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
    "Z": "##### ....# ...#. ..#.. .#... #.... #####",
    "0": ".###. #...# #..## #.#.# ##..# #...# .###.",
    "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    "2": ".###. #...# ....# ...#. ..#.. .#... #####",
    "3": "##### ...#. ..#.. ...#. ....# #...# .###.",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    "5": "##### #.... ####. ....# ....# #...# .###.",
    "6": "..##. .#... #.... ####. #...# #...# .###.",
    "7": "##### ....# ...#. ..#.. .#... .#... .#...",
    "8": ".###. #...# #...# .###. #...# #...# .###.",
    "9": ".###. #...# #...# .#### ....# ...#. .##..",
    "!": "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..",
    "@": ".###. #...# ....# .##.# #.#.# #.#.# .###.",
    "#": ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.",
    "$": "..#.. .#### #.#.. .###. ..#.# ####. ..#..",
    "(": "...#. ..#.. .#... .#... .#... ..#.. ...#.",
    ")": ".#... ..#.. ...#. ...#. ...#. ..#.. .#...",
    "-": "..... ..... ..... ##### ..... ..... .....",
    "+": "..... ..#.. ..#.. ##### ..#.. ..#.. .....",
    "&": ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#",
    "=": "..... ..... ##### ..... ##### ..... .....",
    ";": "..... .##.. .##.. ..... .##.. ..#.. .#...",
    ":": "..... .##.. .##.. ..... .##.. .##.. .....",
    "'": "..#.. ..#.. .#... ..... ..... ..... .....",
    "\"": ".#.#. .#.#. .#.#. ..... ..... ..... .....",
    "%": "##... ##..# ...#. ..#.. .#... #..## ...##",
    ",": "..... ..... ..... ..... .##.. ..#.. .#...",
    ".": "..... ..... ..... ..... ..... .##.. .##..",
    "/": "..... ....# ...#. ..#.. .#... #.... .....",
    "?": ".###. #...# ....# ...#. ..#.. ..... ..#..",
    "°": ".##.. #..#. #..#. .##.. ..... ..... .....",
  ]
}
