/// Latin text in the Younger Futhark of the Viking Age: 16 runes for many more sounds, so
/// letters merge as the carvers merged them (d → ᛏ, e → ᛁ, g → ᚴ, p → ᛒ, v and w → ᚢ).
/// The runes stand for the letters of the standard transliteration (Rundata's f u þ o r k h
/// n i a s t b m l R), with z for R. docs/runes.md has the table, its sources and examples.
public enum YoungerFuthark {
  /// The two sets of forms: long-branch (Danish) and short-twig (Swedish-Norwegian, Rök).
  public enum Forms: String, Sendable, CaseIterable {
    case longBranch = "long-branch"
    case shortTwig = "short-twig"
  }

  /// The 16 runes in futhark order: long-branch form, short-twig form, name, and the letter
  /// of the standard transliteration Clack writes with it.
  public static let runes:
    [(longBranch: Character, shortTwig: Character, name: String, sound: String)] = [
      ("ᚠ", "ᚠ", "fé", "f"), ("ᚢ", "ᚢ", "úr", "u"), ("ᚦ", "ᚦ", "þurs", "th"),
      ("ᚬ", "ᚭ", "óss", "o"), ("ᚱ", "ᚱ", "reið", "r"), ("ᚴ", "ᚴ", "kaun", "k"),
      ("ᚼ", "ᚽ", "hagall", "h"), ("ᚾ", "ᚿ", "nauðr", "n"), ("ᛁ", "ᛁ", "íss", "i"),
      ("ᛅ", "ᛆ", "ár", "a"), ("ᛋ", "ᛌ", "sól", "s"), ("ᛏ", "ᛐ", "týr", "t"),
      ("ᛒ", "ᛓ", "bjarkan", "b"), ("ᛘ", "ᛙ", "maðr", "m"), ("ᛚ", "ᛚ", "lögr", "l"),
      ("ᛦ", "ᛧ", "yr", "z"),
    ]

  static let longBranch = SoundSpelling(
    digraphs: ["th": "ᚦ"],
    letters: [
      "a": "ᛅ", "b": "ᛒ", "d": "ᛏ", "e": "ᛁ", "f": "ᚠ", "g": "ᚴ", "h": "ᚼ", "i": "ᛁ", "j": "ᛁ",
      "k": "ᚴ", "l": "ᛚ", "m": "ᛘ", "n": "ᚾ", "o": "ᚬ", "p": "ᛒ", "r": "ᚱ", "s": "ᛋ", "t": "ᛏ",
      "u": "ᚢ", "v": "ᚢ", "w": "ᚢ", "x": "ᚴᛋ", "z": "ᛦ",
    ],
    softC: "ᛋ", hardC: "ᚴ", qu: "ᚴᚢ", consonantY: "ᛁ", vowelY: "ᛁ")

  /// Long-branch rune → short-twig rune, for the nine runes whose forms differ.
  static let shortTwigForms: [Character: Character] = Dictionary(
    uniqueKeysWithValues: runes.filter { $0.longBranch != $0.shortTwig }
      .map { ($0.longBranch, $0.shortTwig) })

  /// `text` in Younger Futhark runes, in the chosen forms: words separated by ᛫, sentences
  /// ended by ᛬. A character with no rune is an error at its line and column; with `lenient`
  /// it is written ᛭.
  public static func transliterate(
    _ text: String, forms: Forms = .longBranch, lenient: Bool = false
  ) throws(TransliterationError) -> String {
    let script: RunicScript = forms == .longBranch ? .younger : .youngerShortTwig
    return try Runic.transliterate(text, script: script, lenient: lenient) { word in
      let runes = longBranch.spell(word)
      guard forms == .shortTwig else { return runes }
      return String(runes.map { shortTwigForms[$0] ?? $0 })
    }
  }
}
