/// Latin text in Tolkien's Cirth (The Lord of the Rings, Appendix E), in the ConScript Unicode
/// Registry's private-use code points. Two modes: Angerthas Erebor (the default, the Dwarves'
/// mode for the tongues of Men) and Angerthas Moria. docs/runes.md has the tables and sources.
public enum Cirth {
  public enum Mode: String, Sendable, CaseIterable {
    case erebor
    case moria
  }

  /// One certh of the registry's table: its number in Appendix E ("38" or, for the registry's
  /// alternate forms, "38 alt"), its code point, and its sound in the Angerthas Daeron or,
  /// for the cirth the Dwarves added (37, 40, 41, 53, 55, 56), in the Angerthas Moria.
  public struct Certh: Sendable, Hashable {
    public let number: String
    public let codePoint: UInt32
    public let value: String

    public var character: Character { Character(Unicode.Scalar(codePoint)!) }
  }

  /// The ConScript Unicode Registry's Cirth table, certh 1 to 60, each code point as the
  /// registry lists it. The offset from number to code point is not constant: the registry
  /// interleaves alternate forms after 38, 45, 51, 52, 55 and 56.
  public static let table: [Certh] = [
    ("1", 0xE080, "p"), ("2", 0xE081, "b"), ("3", 0xE082, "f"), ("4", 0xE083, "v"),
    ("5", 0xE084, "hw"), ("6", 0xE085, "m"), ("7", 0xE086, "mb"), ("8", 0xE087, "t"),
    ("9", 0xE088, "d"), ("10", 0xE089, "th"), ("11", 0xE08A, "dh"), ("12", 0xE08B, "n"),
    ("13", 0xE08C, "ch"), ("14", 0xE08D, "j"), ("15", 0xE08E, "sh"), ("16", 0xE08F, "zh"),
    ("17", 0xE090, "nj"), ("18", 0xE091, "k"), ("19", 0xE092, "g"), ("20", 0xE093, "kh"),
    ("21", 0xE094, "gh"), ("22", 0xE095, "ŋ"), ("23", 0xE096, "kw"), ("24", 0xE097, "gw"),
    ("25", 0xE098, "khw"), ("26", 0xE099, "ghw"), ("27", 0xE09A, "ngw"), ("28", 0xE09B, "nw"),
    ("29", 0xE09C, "r"), ("30", 0xE09D, "rh"), ("31", 0xE09E, "l"), ("32", 0xE09F, "lh"),
    ("33", 0xE0A0, "ng"), ("34", 0xE0A1, "s"), ("35", 0xE0A2, "s"), ("36", 0xE0A3, "z"),
    ("37", 0xE0A4, "ng"), ("38", 0xE0A5, "nd"), ("38 alt", 0xE0A6, "nd"), ("39", 0xE0A7, "i"),
    ("40", 0xE0A8, "y"), ("41", 0xE0A9, "hy"), ("42", 0xE0AA, "u"), ("43", 0xE0AB, "ū"),
    ("44", 0xE0AC, "w"), ("45", 0xE0AD, "ü"), ("45 alt", 0xE0AE, "ü"), ("46", 0xE0AF, "e"),
    ("47", 0xE0B0, "ē"), ("48", 0xE0B1, "a"), ("49", 0xE0B2, "ā"), ("50", 0xE0B3, "o"),
    ("51", 0xE0B4, "ō"), ("51 alt", 0xE0B5, "ō"), ("52", 0xE0B6, "ö"), ("52 alt", 0xE0B7, "ö"),
    ("53", 0xE0B8, "n"), ("54", 0xE0B9, "h"), ("55", 0xE0BA, "ə"), ("55 alt", 0xE0BB, "ə"),
    ("56", 0xE0BC, "ə"), ("56 alt", 0xE0BD, "ə"), ("57", 0xE0BE, "ps"), ("58", 0xE0BF, "ts"),
    ("59", 0xE0C0, "+h"), ("60", 0xE0C1, "&"),
  ].map { Certh(number: $0.0, codePoint: $0.1, value: $0.2) }

  /// The registry's punctuation (Unifont's CSUR font draws these): a dot between words, two
  /// dots after a sentence.
  public static let wordSeparator: Character = "\u{E0E5}"
  public static let sentenceEnd: Character = "\u{E0E6}"

  static let byNumber: [String: Character] = Dictionary(
    uniqueKeysWithValues: table.map { ($0.number, $0.character) })

  /// Certh `number`'s character, as a string to join into spellings.
  static func certh(_ number: Int) -> String { String(byNumber[String(number)]!) }

  /// The sounds both modes write alike, by certh number (Appendix E's values for the Dwarvish
  /// modes: r is 12, n is 22, h is 34, s is 54, ng is 37, nd is 33).
  static let sharedDigraphs: [String: Int] = [
    "th": 10, "dh": 11, "ch": 13, "sh": 15, "kh": 20, "gh": 21, "ng": 37, "nd": 33, "wh": 5,
  ]
  static let sharedLetters: [Character: Int] = [
    "a": 48, "b": 2, "d": 9, "e": 46, "f": 3, "g": 19, "h": 34, "i": 39, "k": 18, "l": 31,
    "m": 6, "n": 22, "o": 50, "p": 1, "r": 12, "s": 54, "t": 8, "u": 42, "v": 4, "w": 44,
  ]

  static func spelling(_ mode: Mode) -> SoundSpelling {
    var digraphs = sharedDigraphs.mapValues(certh)
    var letters = sharedLetters.mapValues(certh)
    switch mode {
    case .erebor:
      // Erebor restores 14 for j, gives z to 43 and ks to 17, and adds 57 ps and 58 ts.
      letters["j"] = certh(14)
      letters["z"] = certh(43)
      letters["x"] = certh(17)
      digraphs["ps"] = certh(57)
      digraphs["ts"] = certh(58)
    case .moria:
      // Moria writes j with 29 and z with 17; x is k and s.
      letters["j"] = certh(29)
      letters["z"] = certh(17)
      letters["x"] = certh(18) + certh(54)
    }
    return SoundSpelling(
      digraphs: digraphs, letters: letters, softC: certh(54), hardC: certh(18), qu: certh(23),
      consonantY: certh(40), vowelY: certh(39))
  }

  static let erebor = spelling(.erebor)
  static let moria = spelling(.moria)

  /// `text` in Cirth: words parted by the registry's single dot, sentences ended by its double
  /// dot, digits and other punctuation passed through. A character with no certh is an error
  /// at its line and column; with `lenient` it is written ᛭.
  public static func transliterate(_ text: String, mode: Mode = .erebor, lenient: Bool = false)
    throws(TransliterationError) -> String
  {
    let spelling = mode == .erebor ? erebor : moria
    return try Runic.transliterate(
      text, script: mode == .erebor ? .cirth : .cirthMoria, lenient: lenient,
      wordSeparator: wordSeparator, sentenceEnd: sentenceEnd, word: spelling.spell)
  }
}
