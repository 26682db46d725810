/// Latin text in the Elder Futhark, by sound (docs/runes.md has the table and its sources):
/// one rune a letter, except the digraphs th ᚦ, ng ᛜ and ei ᛇ; c is s before e, i or y and k
/// otherwise (ck one k); q(u) is kw; x is ks; v is w; y is j before a vowel and i otherwise.
/// Doubled letters stay doubled, as in the inscriptions that spell them so.
public enum ElderFuthark {
  /// The 24 runes in futhark order: the rune, its Unicode name's short form and the sound
  /// Clack writes with it.
  public static let runes: [(rune: Character, name: String, sound: String)] = [
    ("ᚠ", "fehu", "f"), ("ᚢ", "uruz", "u"), ("ᚦ", "thurisaz", "th"), ("ᚨ", "ansuz", "a"),
    ("ᚱ", "raido", "r"), ("ᚲ", "kauna", "k"), ("ᚷ", "gebo", "g"), ("ᚹ", "wunjo", "w"),
    ("ᚺ", "haglaz", "h"), ("ᚾ", "naudiz", "n"), ("ᛁ", "isaz", "i"), ("ᛃ", "jeran", "j"),
    ("ᛇ", "iwaz", "ei"), ("ᛈ", "pertho", "p"), ("ᛉ", "algiz", "z"), ("ᛊ", "sowilo", "s"),
    ("ᛏ", "tiwaz", "t"), ("ᛒ", "berkanan", "b"), ("ᛖ", "ehwaz", "e"), ("ᛗ", "mannaz", "m"),
    ("ᛚ", "laukaz", "l"), ("ᛜ", "ingwaz", "ng"), ("ᛞ", "dagaz", "d"), ("ᛟ", "othalan", "o"),
  ]

  static let spelling = SoundSpelling(
    digraphs: ["th": "ᚦ", "ng": "ᛜ", "ei": "ᛇ"],
    letters: [
      "a": "ᚨ", "b": "ᛒ", "d": "ᛞ", "e": "ᛖ", "f": "ᚠ", "g": "ᚷ", "h": "ᚺ", "i": "ᛁ", "j": "ᛃ",
      "k": "ᚲ", "l": "ᛚ", "m": "ᛗ", "n": "ᚾ", "o": "ᛟ", "p": "ᛈ", "r": "ᚱ", "s": "ᛊ", "t": "ᛏ",
      "u": "ᚢ", "v": "ᚹ", "w": "ᚹ", "x": "ᚲᛊ", "z": "ᛉ",
    ],
    softC: "ᛊ", hardC: "ᚲ", qu: "ᚲᚹ", consonantY: "ᛃ", vowelY: "ᛁ")

  /// `text` in runes: words separated by ᛫, sentences ended by ᛬, digits and other
  /// punctuation as they are. A character with no rune (a letter of another alphabet) is an
  /// error naming its line and column; with `lenient` it is written ᛭.
  public static func transliterate(_ text: String, lenient: Bool = false)
    throws(TransliterationError) -> String
  {
    try Runic.transliterate(text, script: .elder, lenient: lenient, word: spelling.spell)
  }
}
