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

  /// Each single letter's rune (c, q, x and y follow rules of their own).
  static let letters: [Character: String] = [
    "a": "ᚨ", "b": "ᛒ", "d": "ᛞ", "e": "ᛖ", "f": "ᚠ", "g": "ᚷ", "h": "ᚺ", "i": "ᛁ", "j": "ᛃ",
    "k": "ᚲ", "l": "ᛚ", "m": "ᛗ", "n": "ᚾ", "o": "ᛟ", "p": "ᛈ", "r": "ᚱ", "s": "ᛊ", "t": "ᛏ",
    "u": "ᚢ", "v": "ᚹ", "w": "ᚹ", "x": "ᚲᛊ", "z": "ᛉ",
  ]

  static let digraphs: [String: String] = ["th": "ᚦ", "ng": "ᛜ", "ei": "ᛇ"]

  /// `text` in runes: words separated by ᛫, sentences ended by ᛬, digits and other
  /// punctuation as they are. A character with no rune (a letter of another alphabet) is an
  /// error naming its line and column; with `lenient` it is written ᛭.
  public static func transliterate(_ text: String, lenient: Bool = false)
    throws(TransliterationError) -> String
  {
    try Runic.transliterate(text, script: .elder, lenient: lenient, word: runes(of:))
  }

  /// One word of lower-case ASCII letters in runes.
  static func runes(of word: [Character]) -> String {
    var output = ""
    var index = 0
    func next(_ offset: Int = 1) -> Character? {
      index + offset < word.count ? word[index + offset] : nil
    }
    while index < word.count {
      let letter = word[index]
      if let following = next(), let rune = digraphs[String([letter, following])] {
        output += rune
        index += 2
        continue
      }
      switch letter {
      case "c":
        if let following = next(), "eiy".contains(following) {
          output += "ᛊ"
        } else {
          output += "ᚲ"
          if next() == "k" { index += 1 }  // ck: one k
        }
      case "q":
        output += next() == "u" ? "ᚲᚹ" : "ᚲ"
        if next() == "u" { index += 1 }
      case "y":
        output += next().map { "aeiou".contains($0) } == true ? "ᛃ" : "ᛁ"
      default:
        output += letters[letter] ?? String(Runic.unknown)
      }
      index += 1
    }
    return output
  }
}
