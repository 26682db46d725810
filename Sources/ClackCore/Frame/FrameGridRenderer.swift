/// Draws a frame as a box-drawn grid for a terminal, one character per flap.
///
/// Colour tiles are drawn as a coloured block when ANSI colour is on; without colour they are
/// shown by a lower-case letter: r o y g b v w k for red, orange, yellow, green, blue, violet,
/// white and black, and █ for filled.
public struct FrameGridRenderer: Sendable {
  public var ansiColor: Bool

  public init(ansiColor: Bool = false) {
    self.ansiColor = ansiColor
  }

  public func render(_ frame: Frame) -> String {
    guard frame.rows > 0, frame.cols > 0 else { return "(empty board)\n" }
    let span = Array(repeating: "─", count: frame.cols)
    var out = "┌" + span.joined(separator: "┬") + "┐\n"
    for row in 0..<frame.rows {
      if row > 0 { out += "├" + span.joined(separator: "┼") + "┤\n" }
      out += "│" + frame.row(row).map(cell).joined(separator: "│") + "│\n"
    }
    out += "└" + span.joined(separator: "┴") + "┘\n"
    return out
  }

  private func cell(_ symbol: Symbol) -> String {
    switch symbol {
    case .blank: " "
    case .glyph(let character): String(character)
    case .tile(let tile): ansiColor ? colored(tile) : Self.letter(for: tile)
    }
  }

  static func letter(for tile: ColorTile) -> String {
    switch tile {
    case .red: "r"
    case .orange: "o"
    case .yellow: "y"
    case .green: "g"
    case .blue: "b"
    case .violet: "v"
    case .white: "w"
    case .black: "k"
    case .filled: "█"
    }
  }

  private func colored(_ tile: ColorTile) -> String {
    "\u{1B}[38;5;\(Self.colorCode(for: tile))m█\u{1B}[0m"
  }

  /// The 256-colour foreground code closest to the flap's printed colour.
  static func colorCode(for tile: ColorTile) -> Int {
    switch tile {
    case .red: 196
    case .orange: 208
    case .yellow: 226
    case .green: 46
    case .blue: 27
    case .violet: 129
    case .white: 231
    case .black: 16
    case .filled: 250
    }
  }
}
