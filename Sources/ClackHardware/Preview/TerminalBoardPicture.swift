import ClackBoard
import ClackCore
import Foundation

/// How a flap board is drawn as text (`clack sim`, `render`, `quote`, `status`): a grid of
/// characters, unless its flaps have signs a terminal font may lack (runes, Cirth). Those are
/// drawn from GNU Unifont's glyphs, in half blocks when the terminal is large enough and in
/// Braille patterns (half as wide and tall) when it is not, so they show on any terminal.
public struct TerminalBoardPicture: Sendable {
  /// The flaps' glyphs, when the board needs them drawn; nil for a board of plain characters.
  public let glyphs: GlyphGridPicture?
  /// Why a board that needs its glyphs drawn shows characters instead (no Unifont installed).
  public let warning: String?
  let ansiColor: Bool

  /// A picture for a board that shows `characters`, of which `signs` need drawing.
  public init(
    drawing signs: [Character], among characters: [Character], ansiColor: Bool = true,
    loadFont: () throws -> PixelFont = { try SystemUnifont.load() }
  ) {
    self.ansiColor = ansiColor
    guard !signs.isEmpty else {
      (glyphs, warning) = (nil, nil)
      return
    }
    do {
      let font = try loadFont()
      // Every character from one font, so digits and runes match in size.
      let picture = GlyphGridPicture(
        font: BitmapFont(cellsOf: font, for: characters), ansiColor: ansiColor)
      let missing = signs.filter { !picture.font.hasGlyph($0) }
      glyphs = picture
      warning =
        missing.isEmpty
        ? nil : "\(font.name) has no glyph for \(String(missing)): shown as characters"
    } catch {
      (glyphs, warning) = (nil, "runes shown as characters: \(error)")
    }
  }

  /// A picture for flaps of `flapSet`.
  public init(
    flapSet: FlapSet, ansiColor: Bool = true,
    loadFont: () throws -> PixelFont = { try SystemUnifont.load() }
  ) {
    self.init(
      drawing: flapSet.charactersWithoutCodes, among: flapSet.characters, ansiColor: ansiColor,
      loadFont: loadFont)
  }

  /// A picture for whatever `frame` shows (when its flap set is not known): its characters
  /// without a Vestaboard code are drawn.
  public init(
    showing frame: Frame, ansiColor: Bool = true,
    loadFont: () throws -> PixelFont = { try SystemUnifont.load() }
  ) {
    var characters: [Character] = []
    for case .glyph(let character) in frame.cells where !characters.contains(character) {
      characters.append(character)
    }
    let signs = characters.filter { VestaboardCode.code(for: .glyph($0)) == nil }
    self.init(drawing: signs, among: characters, ansiColor: ansiColor, loadFont: loadFont)
  }

  /// The flap grid for a terminal of `columns` × `lines` (nil when unknown), keeping `reserved`
  /// lines free for what is printed beside it. A terminal too small even for Braille gets the
  /// characters, and a line saying how large a terminal draws them.
  public func render(_ frame: Frame, columns: Int?, lines: Int?, reserved: Int) -> String {
    let characters = FrameGridRenderer(ansiColor: ansiColor)
    guard var picture = glyphs else { return characters.render(frame) }
    guard
      let dots = Self.dots(
        for: picture, frame: frame, columns: columns, lines: lines, reserved: reserved)
    else {
      picture.dots = .braille
      let size = picture.size(rows: frame.rows, cols: frame.cols)
      return characters.render(frame)
        + "(a terminal of \(size.columns) × \(size.lines + reserved) draws these signs whatever"
        + " its font)\n"
    }
    picture.dots = dots
    return picture.render(frame)
  }

  /// The flap grid for standard output's terminal.
  public func render(_ frame: Frame, reserved: Int) -> String {
    let size = Self.terminalSize()
    return render(frame, columns: size?.columns, lines: size?.lines, reserved: reserved)
  }

  /// A running board as it looks now: what its LEDs show, read back from them (two rows of
  /// LEDs per line, in amber, or a colour panel's in its colours), or else its flaps' grid.
  public func render(_ frame: Frame, leds: LitLEDs?, reserved: Int) -> String {
    guard let leds else { return render(frame, reserved: reserved) }
    if let palette = leds.palette {
      return HalfBlockPicture.render(palette.coloured(leds.canvas))
    }
    return "\u{1B}[33m" + HalfBlockPicture.render(leds.canvas) + "\u{1B}[0m\n"
  }

  /// Half blocks when they fit, else Braille when it fits, else nil (characters). When the size
  /// is unknown, Braille.
  static func dots(
    for picture: GlyphGridPicture, frame: Frame, columns: Int?, lines: Int?, reserved: Int
  ) -> GlyphGridPicture.Dots? {
    guard let columns, let lines else { return .braille }
    return [GlyphGridPicture.Dots.halfBlocks, .braille].first { dots in
      var sized = picture
      sized.dots = dots
      let size = sized.size(rows: frame.rows, cols: frame.cols)
      return size.columns <= columns && size.lines + reserved <= lines
    }
  }

  /// Standard output's terminal's columns and lines; nil when it is not a terminal.
  public static func terminalSize() -> (columns: Int, lines: Int)? {
    var size = winsize()
    let result = withUnsafeMutablePointer(to: &size) {
      ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0)
    }
    guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }
}
