import Foundation

/// Folds characters a board cannot show into ones it usually can: accents are stripped
/// (É → E), ligatures and typographic punctuation become plain ASCII (ß → SS, ’ → ', – → -).
public enum CharacterFolding {
  /// Replacements that Unicode decomposition does not give.
  static let special: [Character: String] = [
    "ß": "SS", "ẞ": "SS", "æ": "AE", "Æ": "AE", "œ": "OE", "Œ": "OE", "ø": "O", "Ø": "O",
    "đ": "D", "Đ": "D", "ł": "L", "Ł": "L", "þ": "TH", "Þ": "TH", "ð": "D", "Ð": "D", "ı": "I",
    "‘": "'", "’": "'", "‚": "'", "‛": "'", "′": "'", "‹": "'", "›": "'", "`": "'", "´": "'",
    "“": "\"", "”": "\"", "„": "\"", "‟": "\"", "″": "\"", "«": "\"", "»": "\"",
    "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "―": "-", "−": "-",
    "…": "...", "×": "X", "·": ".", "•": ".",
  ]

  /// The folded form of `character`, which may be longer (ß → SS) or empty (a lone combining
  /// mark). Letters keep their case; upper-casing is the caller's business.
  public static func fold(_ character: Character) -> String {
    if let replacement = special[character] { return replacement }
    // Compatibility decomposition also turns ligatures (ﬁ) and full-width forms into ASCII.
    let decomposed = String(character).decomposedStringWithCompatibilityMapping
    var scalars = String.UnicodeScalarView()
    for scalar in decomposed.unicodeScalars
    where scalar.properties.generalCategory != .nonspacingMark {
      scalars.append(scalar)
    }
    return String(scalars)
  }
}
