/// A solid colour flap. Split-flap boards carry a few of these beside the characters, and the
/// Vestaboard code table gives each one a code (63–71).
public enum ColorTile: String, CaseIterable, Hashable, Sendable, Codable {
  case red, orange, yellow, green, blue, violet, white, black, filled

  /// The square emoji people type for this colour (VBML convention); `filled` has none.
  public var emoji: Character? {
    switch self {
    case .red: "🟥"
    case .orange: "🟧"
    case .yellow: "🟨"
    case .green: "🟩"
    case .blue: "🟦"
    case .violet: "🟪"
    case .white: "⬜"
    case .black: "⬛"
    case .filled: nil
    }
  }

  /// Finds the tile for a colour-square emoji, ignoring a trailing variation selector.
  public init?(emoji: Character) {
    guard let first = emoji.unicodeScalars.first else { return nil }
    let match = ColorTile.allCases.first { tile in tile.emoji?.unicodeScalars.first == first }
    guard let match else { return nil }
    self = match
  }

  /// Tiles also accept a few common aliases in text escapes such as `{purple}`.
  public init?(name: String) {
    switch name.lowercased() {
    case "purple": self = .violet
    case "grey", "gray": return nil
    default:
      guard let tile = ColorTile(rawValue: name.lowercased()) else { return nil }
      self = tile
    }
  }
}
