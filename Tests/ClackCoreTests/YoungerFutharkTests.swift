import Testing

@testable import ClackCore

/// Latin to Younger Futhark: every rune in both forms, the merged sounds, and inscriptions
/// in their standard transliteration written back in their runes.
@Suite struct YoungerFutharkTests {
  static func runes(_ text: String, _ forms: YoungerFuthark.Forms = .longBranch) throws -> String {
    try YoungerFuthark.transliterate(text, forms: forms)
  }

  @Test func theTableIsSixteenRunesInBothForms() {
    #expect(YoungerFuthark.runes.count == 16)
    #expect(String(YoungerFuthark.runes.map(\.longBranch)) == "ᚠᚢᚦᚬᚱᚴᚼᚾᛁᛅᛋᛏᛒᛘᛚᛦ")
    #expect(String(YoungerFuthark.runes.map(\.shortTwig)) == "ᚠᚢᚦᚭᚱᚴᚽᚿᛁᛆᛌᛐᛓᛙᛚᛧ")
    let scalars = YoungerFuthark.runes.flatMap { [$0.longBranch, $0.shortTwig] }
      .map { $0.unicodeScalars.first!.value }
    #expect(scalars.allSatisfy { (0x16A0...0x16F8).contains($0) })
  }

  @Test(arguments: YoungerFuthark.runes.map { ($0.sound, $0.longBranch, $0.shortTwig) })
  func everyRuneIsWrittenForItsLetterInBothForms(
    sound: String, longBranch: Character, shortTwig: Character
  ) throws {
    #expect(try Self.runes(sound) == String(longBranch))
    #expect(try Self.runes(sound, .shortTwig) == String(shortTwig))
  }

  /// Sixteen runes for the whole alphabet: the letters the futhark lacks take the rune of the
  /// nearest sound.
  @Test(arguments: [
    ("d", "ᛏ"), ("e", "ᛁ"), ("g", "ᚴ"), ("p", "ᛒ"), ("v", "ᚢ"), ("w", "ᚢ"), ("j", "ᛁ"),
    ("x", "ᚴᛋ"), ("y", "ᛁ"), ("city", "ᛋᛁᛏᛁ"), ("cat", "ᚴᛅᛏ"), ("back", "ᛒᛅᚴ"),
    ("queen", "ᚴᚢᛁᛁᚾ"), ("thing", "ᚦᛁᚾᚴ"),
  ])
  func mergedSounds(word: String, expected: String) throws {
    #expect(try Self.runes(word) == expected)
  }

  /// Words of the larger Jelling stone (DR 42, long-branch), in Rundata's transliteration
  /// with z for R: "haraltr kunukR … kaurua kubl þausi aft kurm faþur sin".
  @Test func theJellingStone() throws {
    let words = try Self.runes("haraltr kunukz kaurua kubl þausi aft kurm faþur sin")
      .split(separator: Runic.wordSeparator).map(String.init)
    #expect(
      words == [
        "ᚼᛅᚱᛅᛚᛏᚱ", "ᚴᚢᚾᚢᚴᛦ", "ᚴᛅᚢᚱᚢᛅ", "ᚴᚢᛒᛚ", "ᚦᛅᚢᛋᛁ", "ᛅᚠᛏ", "ᚴᚢᚱᛘ", "ᚠᛅᚦᚢᚱ", "ᛋᛁᚾ",
      ])
  }

  /// The Rök stone (Ög 136, short-twig) begins "aft uamuþ stanta runaR þaR".
  @Test func theRokStoneInShortTwigRunes() throws {
    let words = try Self.runes("aft uamuþ stanta runaz þaz", .shortTwig)
      .split(separator: Runic.wordSeparator).map(String.init)
    #expect(words == ["ᛆᚠᛐ", "ᚢᛆᛙᚢᚦ", "ᛌᛐᛆᚿᛐᛆ", "ᚱᚢᚿᛆᛧ", "ᚦᛆᛧ"])
  }

  @Test func punctuationAndErrorsAreTheElderFutharksRules() throws {
    #expect(try Self.runes("Odin is wise. 1000 winters") == "ᚬᛏᛁᚾ᛫ᛁᛋ᛫ᚢᛁᛋᛁ᛬1000᛫ᚢᛁᚾᛏᛁᚱᛋ")
    do {
      _ = try YoungerFuthark.transliterate("ok\nγ")
      Issue.record("Greek was written in runes")
    } catch {
      #expect(error.characters.map(\.line) == [2])
      #expect(error.script == .younger)
    }
    #expect(try YoungerFuthark.transliterate("γ", lenient: true) == "᛭")
  }

  @Test func everyScriptIsReachedThroughItsName() throws {
    #expect(try RunicScript.latin.transliterate("Hi!") == "Hi!")
    #expect(try RunicScript.elder.transliterate("dag") == "ᛞᚨᚷ")
    #expect(try RunicScript.younger.transliterate("dag") == "ᛏᛅᚴ")
    #expect(try RunicScript.youngerShortTwig.transliterate("dag") == "ᛐᛆᚴ")
    #expect(RunicScript(rawValue: "cirth-moria") == .cirthMoria)
  }
}
