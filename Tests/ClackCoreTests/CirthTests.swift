import Testing

@testable import ClackCore

/// Latin to Cirth: the registry's table, every certh a mode writes, the two modes' differences,
/// and names from The Lord of the Rings spelled by Appendix E's values.
@Suite struct CirthTests {
  /// Certh numbers to the text Clack should write, through the registry's table.
  static func cirth(_ numbers: [String]) -> String {
    String(numbers.map { number in Cirth.table.first { $0.number == number }!.character })
  }

  @Test func theRegistryTableRunsFromE080ToE0C1WithItsAlternatesInterleaved() {
    #expect(Cirth.table.count == 66)
    #expect(Cirth.table.first?.codePoint == 0xE080)
    #expect(Cirth.table.last?.codePoint == 0xE0C1)
    #expect(Cirth.table.map(\.codePoint) == Array(0xE080...0xE0C1))
    let alternates = Cirth.table.filter { $0.number.hasSuffix("alt") }.map(\.codePoint)
    #expect(alternates == [0xE0A6, 0xE0AE, 0xE0B5, 0xE0B7, 0xE0BB, 0xE0BD])
    // The offset is constant up to 38 and not after it.
    #expect(Cirth.table.first { $0.number == "38" }?.codePoint == UInt32(0xE080 + 37))
    #expect(Cirth.table.first { $0.number == "39" }?.codePoint == UInt32(0xE080 + 39))
    #expect(Cirth.table.first { $0.number == "60" }?.codePoint == 0xE0C1)
  }

  /// Each letter and two-letter sound, in each mode, with the certh Appendix E gives it.
  @Test(arguments: [
    ("p", "1"), ("b", "2"), ("f", "3"), ("v", "4"), ("wh", "5"), ("m", "6"), ("t", "8"),
    ("d", "9"), ("th", "10"), ("dh", "11"), ("r", "12"), ("ch", "13"), ("sh", "15"),
    ("k", "18"), ("g", "19"), ("kh", "20"), ("gh", "21"), ("n", "22"), ("qu", "23"),
    ("l", "31"), ("nd", "33"), ("h", "34"), ("ng", "37"), ("i", "39"), ("u", "42"),
    ("w", "44"), ("e", "46"), ("a", "48"), ("o", "50"), ("s", "54"),
  ])
  func sharedSounds(sound: String, number: String) throws {
    #expect(try Cirth.transliterate(sound, mode: .erebor) == Self.cirth([number]))
    #expect(try Cirth.transliterate(sound, mode: .moria) == Self.cirth([number]))
  }

  @Test func whereTheModesDiffer() throws {
    for (sound, erebor, moria) in [
      ("j", ["14"], ["29"]), ("z", ["43"], ["17"]), ("x", ["17"], ["18", "54"]),
      ("ps", ["57"], ["1", "54"]), ("ts", ["58"], ["8", "54"]),
    ] {
      #expect(try Cirth.transliterate(sound, mode: .erebor) == Self.cirth(erebor), "\(sound)")
      #expect(try Cirth.transliterate(sound, mode: .moria) == Self.cirth(moria), "\(sound)")
    }
  }

  @Test func soundRulesForCQAndY() throws {
    #expect(try Cirth.transliterate("cedar") == Self.cirth(["54", "46", "9", "48", "12"]))
    #expect(try Cirth.transliterate("back") == Self.cirth(["2", "48", "18"]))
    #expect(try Cirth.transliterate("yes") == Self.cirth(["40", "46", "54"]))
    #expect(try Cirth.transliterate("my") == Self.cirth(["6", "39"]))
  }

  /// Balin's tomb (The Fellowship of the Ring, "The Bridge of Khazad-dûm") reads "Balin
  /// Fundinul uzbad Khazad-dûmu" in the Dwarvish mode of Moria.
  @Test func balinsTombInTheModeOfMoria() throws {
    let words = try Cirth.transliterate("Balin Fundinul uzbad Khazaddumu", mode: .moria)
      .split(separator: Cirth.wordSeparator).map(String.init)
    #expect(
      words == [
        Self.cirth(["2", "48", "31", "39", "22"]),
        Self.cirth(["3", "42", "33", "39", "22", "42", "31"]),
        Self.cirth(["42", "17", "2", "48", "9"]),
        Self.cirth(["20", "48", "17", "48", "9", "9", "42", "6", "42"]),
      ])
  }

  @Test func wordsAndSentencesTakeTheRegistrysDots() throws {
    let text = try Cirth.transliterate("Mellon. Enter 3")
    #expect(text.filter { $0 == Cirth.wordSeparator }.count == 1)
    #expect(text.filter { $0 == Cirth.sentenceEnd }.count == 1)
    #expect(text.hasSuffix("\u{E0E5}3"))
    #expect(!text.unicodeScalars.contains { (0x16A0...0x16FF).contains($0.value) })
  }

  @Test func aLetterWithNoCerthIsAnErrorOrUnderLenientACross() throws {
    #expect(throws: TransliterationError.self) { try Cirth.transliterate("ok ж") }
    #expect(try Cirth.transliterate("ж", lenient: true) == "᛭")
  }
}
