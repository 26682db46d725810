/// What one cell of a board shows: nothing, a character, or a colour tile.
///
/// A space is always normalised to `.blank`, so two symbols that look the same compare equal.
public enum Symbol: Hashable, Sendable {
  case blank
  case glyph(Character)
  case tile(ColorTile)

  /// The symbol for a character; whitespace becomes `.blank`.
  public static func character(_ character: Character) -> Symbol {
    character == " " ? .blank : .glyph(character)
  }

  /// A short human name, used in error messages and board-file errors.
  public var displayName: String {
    switch self {
    case .blank: "blank"
    case .glyph(let character): "\"\(character)\""
    case .tile(let tile): "\(tile.rawValue) tile"
    }
  }

  /// How the symbol is written in a flap-set string or a text escape: itself for a character,
  /// `{red}` for a tile and a space for blank. Parsing this back gives the same symbol.
  public var notation: String {
    switch self {
    case .blank: " "
    case .glyph(let character): String(character)
    case .tile(let tile): "{\(tile.rawValue)}"
    }
  }
}
