import Testing

@testable import ClackCore

/// Latin to Elder Futhark: every rune of the table, the digraphs, the sound rules, runic
/// punctuation, errors at their line and column, and a known inscription.
@Suite struct ElderFutharkTests {
  static func runes(_ text: String) throws -> String {
    try ElderFuthark.transliterate(text)
  }

  @Test func theTableIsTheTwentyFourRunesInFutharkOrder() {
    #expect(ElderFuthark.runes.count == 24)
    #expect(String(ElderFuthark.runes.map(\.rune)) == "ᚠᚢᚦᚨᚱᚲᚷᚹᚺᚾᛁᛃᛇᛈᛉᛊᛏᛒᛖᛗᛚᛜᛞᛟ")
    #expect(
      ElderFuthark.runes.allSatisfy {
        (0x16A0...0x16F8).contains($0.rune.unicodeScalars.first!.value)
      })
  }

  @Test(arguments: ElderFuthark.runes.map { ($0.sound, $0.rune) })
  func everyRuneIsWrittenForItsSound(sound: String, rune: Character) throws {
    #expect(try Self.runes(sound) == String(rune))
  }

  @Test func digraphsAreOneRune() throws {
    #expect(try Self.runes("thing") == "ᚦᛁᛜ")
    #expect(try Self.runes("their") == "ᚦᛇᚱ")
    #expect(try Self.runes("þorn") == "ᚦᛟᚱᚾ", "thorn folds to th")
  }

  @Test(arguments: [
    ("city", "ᛊᛁᛏᛁ"), ("cat", "ᚲᚨᛏ"), ("ace", "ᚨᛊᛖ"), ("cycle", "ᛊᛁᚲᛚᛖ"), ("back", "ᛒᚨᚲ"),
    ("queen", "ᚲᚹᛖᛖᚾ"), ("qat", "ᚲᚨᛏ"), ("fox", "ᚠᛟᚲᛊ"), ("vine", "ᚹᛁᚾᛖ"), ("yes", "ᛃᛖᛊ"),
    ("my", "ᛗᛁ"), ("beyond", "ᛒᛖᛃᛟᚾᛞ"), ("gym", "ᚷᛁᛗ"), ("hello", "ᚺᛖᛚᛚᛟ"),
    ("ÆSIR", "ᚨᛖᛊᛁᚱ"),
  ])
  func soundRules(word: String, expected: String) throws {
    #expect(try Self.runes(word) == expected)
  }

  @Test func wordsSentencesDigitsAndLinesKeepTheirPlaces() throws {
    #expect(try Self.runes("Hail to you.  Yes!") == "ᚺᚨᛁᛚ᛫ᛏᛟ᛫ᛃᛟᚢ᛬ᛃᛖᛊ᛬")
    #expect(try Self.runes("in 1066, a king\nfell") == "ᛁᚾ᛫1066,᛫ᚨ᛫ᚲᛁᛜ\nᚠᛖᛚᛚ")
  }

  /// The Gallehus horn (Denmark, early 5th century), in the usual transliteration "ek
  /// hlewagastiz holtijaz horna tawido": the runes of the inscription, word by word.
  @Test func theGallehusHornInscription() throws {
    let words = try Self.runes("ek hlewagastiz holtijaz horna tawido")
      .split(separator: Runic.wordSeparator).map(String.init)
    #expect(words == ["ᛖᚲ", "ᚺᛚᛖᚹᚨᚷᚨᛊᛏᛁᛉ", "ᚺᛟᛚᛏᛁᛃᚨᛉ", "ᚺᛟᚱᚾᚨ", "ᛏᚨᚹᛁᛞᛟ"])
  }

  @Test func aLetterOfAnotherAlphabetIsNamedAtItsPlace() throws {
    do {
      _ = try ElderFuthark.transliterate("hello\nмир ok")
      Issue.record("Cyrillic was written in runes")
    } catch {
      #expect(error.characters.map(\.column) == [1, 2, 3])
      #expect(error.characters.allSatisfy { $0.line == 2 })
      #expect(
        "\(error)".hasPrefix(
          "3 characters have no form in Elder Futhark: \"м\" at line 2, column 1"))
    }
    #expect(try ElderFuthark.transliterate("мир ok", lenient: true) == "᛭᛭᛭᛫ᛟᚲ")
  }
}
