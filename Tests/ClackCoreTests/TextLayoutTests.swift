import Testing

@testable import ClackCore

/// Reads a frame back as strings, tiles as lower-case initials, for easy assertions.
func text(of frame: Frame) -> [String] {
  (0..<frame.rows).map { row in
    frame.row(row).map { symbol in
      switch symbol {
      case .blank: " "
      case .glyph(let c): String(c)
      case .tile(let tile): FrameGridRenderer.letter(for: tile)
      }
    }.joined()
  }
}

@Suite struct TextLayoutTests {
  let board = TextLayout(rows: 6, cols: 22, flapSet: .vestaboard)
  let top = LayoutOptions(justify: .left, align: .top)

  @Test func upperCasesAndCentresByDefault() throws {
    let laid = try board.layout("hello")
    #expect(text(of: laid.frame)[2] == "        HELLO         ")
    #expect(laid.characterCount == 5)
    #expect(laid.capacity == 132)
  }

  @Test func exactly22CharactersFitOnOneRow() throws {
    let laid = try board.layout(String(repeating: "A", count: 22), options: top)
    #expect(text(of: laid.frame)[0] == String(repeating: "A", count: 22))
    #expect(laid.lineCount == 1)
  }

  @Test func a23CharacterWordIsSplit() throws {
    let laid = try board.layout(String(repeating: "B", count: 23), options: top)
    #expect(text(of: laid.frame)[0] == String(repeating: "B", count: 22))
    #expect(text(of: laid.frame)[1].hasPrefix("B "))
    #expect(laid.lineCount == 2)
  }

  @Test func aLongWordStartsOnItsOwnLine() throws {
    let laid = try board.layout("HI " + String(repeating: "C", count: 25), options: top)
    #expect(text(of: laid.frame)[0].hasPrefix("HI "))
    #expect(text(of: laid.frame)[1] == String(repeating: "C", count: 22))
  }

  @Test(arguments: ["", "     ", "\n\n"])
  func emptyOrBlankTextGivesABlankFrame(input: String) throws {
    let laid = try board.layout(input)
    #expect(laid.frame.cells.allSatisfy { $0 == .blank })
    #expect(laid.characterCount == 0)
    #expect(laid.lineCount == 0)
  }

  @Test func wordsWrapAndSpacesCollapse() throws {
    let laid = try board.layout("the quick   brown fox jumps over the lazy dog", options: top)
    #expect(text(of: laid.frame)[0] == "THE QUICK BROWN FOX   ")
    #expect(text(of: laid.frame)[1] == "JUMPS OVER THE LAZY   ")
    #expect(text(of: laid.frame)[2] == "DOG                   ")
  }

  @Test func sevenLinesOnSixRowsSaysByHowMuch() {
    #expect(throws: LayoutError.tooLong(rowsNeeded: 7, rowsAvailable: 6, overflowCharacters: 1)) {
      try board.layout("1\n2\n3\n4\n5\n6\n7")
    }
    let message = String(
      describing: LayoutError.tooLong(
        rowsNeeded: 8, rowsAvailable: 6, overflowCharacters: 9))
    #expect(message.contains("too long by 2 rows"))
  }

  @Test func explicitNewlinesAndBlankLinesAreKept() throws {
    let laid = try board.layout("A\n\nB", options: top)
    #expect(text(of: laid.frame)[0].hasPrefix("A "))
    #expect(text(of: laid.frame)[1].allSatisfy { $0 == " " })
    #expect(text(of: laid.frame)[2].hasPrefix("B "))
  }

  @Test func justifyAndAlign() throws {
    let small = TextLayout(rows: 3, cols: 10, flapSet: .vestaboard)
    let right = try small.layout("ab", options: LayoutOptions(justify: .right, align: .bottom))
    #expect(text(of: right.frame) == ["          ", "          ", "        AB"])
    let centre = try small.layout("abc", options: LayoutOptions(justify: .center, align: .center))
    #expect(text(of: centre.frame)[1] == "   ABC    ")
    let justified = try small.layout(
      "aa bb cc dd", options: LayoutOptions(justify: .justified, align: .top))
    #expect(text(of: justified.frame)[0] == "AA  BB  CC")
    #expect(text(of: justified.frame)[1] == "DD        ")
  }

  @Test func codeEscapesAndColourEmoji() throws {
    let laid = try board.layout("{63}{71}🟩⬛️ {65}{violet}", options: top)
    #expect(text(of: laid.frame)[0].hasPrefix("r█gk yv "))
  }

  @Test func foldsAccentsAndTypographicPunctuation() throws {
    let laid = try board.layout("Élan straße – “ok” it’s…", options: top)
    #expect(text(of: laid.frame)[0] == "ELAN STRASSE - \"OK\"   ")
    #expect(text(of: laid.frame)[1].hasPrefix("IT'S..."))
  }

  @Test func unsupportedCharactersAreAllListedWithPositions() {
    let expected = LayoutError.unsupportedCharacters(
      [
        UnsupportedCharacter(text: "€", line: 1, column: 4, reason: nil),
        UnsupportedCharacter(
          text: "{43}", line: 2, column: 3, reason: "not a Vestaboard character code"),
        UnsupportedCharacter(text: "☃", line: 2, column: 8, reason: nil),
      ], flapSet: "vestaboard")
    #expect(throws: expected) { try board.layout("ab €\nxy{43} ☃") }
  }

  @Test func aTileTheSetLacksIsUnsupported() {
    #expect(throws: LayoutError.self) {
      try TextLayout(rows: 1, cols: 5, flapSet: .splitflap52).layout("🟧")
    }
  }

  @Test func lenientModeSubstitutes() throws {
    let lenient = LayoutOptions(justify: .left, align: .top, lenient: true)
    let laid = try board.layout("a€b", options: lenient)
    #expect(text(of: laid.frame)[0].hasPrefix("A?B"))
    let classic = TextLayout(rows: 1, cols: 5, flapSet: .classic40)
    #expect(text(of: try classic.layout("a!b", options: lenient).frame)[0] == "A B  ")
  }

  @Test func customSetsKeepTheirOwnCharacters() throws {
    let runes = try FlapSet(name: "runes", notation: " ᚠᚢᚦᚨ")
    let laid = try TextLayout(rows: 1, cols: 4, flapSet: runes).layout("ᚠᚢ ᚦ", options: top)
    #expect(text(of: laid.frame) == ["ᚠᚢ ᚦ"])
  }

  /// Rune text has no spaces: it wraps at its word dividers, which show between words on a
  /// line and go where the line breaks; a sentence mark stays and may end a line.
  @Test func runeTextWrapsAtItsDividers() throws {
    let runes = try RunicScript.elder.transliterate("the day is long. yes")
    #expect(runes == "ᚦᛖ᛫ᛞᚨᛁ᛫ᛁᛊ᛫ᛚᛟᛜ᛬ᛃᛖᛊ")
    let left = LayoutOptions(justify: .left, align: .top)
    let narrow = TextLayout(rows: 3, cols: 8, flapSet: .elderFuthark40)
    #expect(
      text(of: try narrow.layout(runes, options: left).frame)
        == ["ᚦᛖ᛫ᛞᚨᛁ  ", "ᛁᛊ᛫ᛚᛟᛜ᛬ ", "ᛃᛖᛊ     "])
    // After a sentence mark the next word follows with no divider, when it fits.
    let wide = TextLayout(rows: 2, cols: 10, flapSet: .elderFuthark40)
    let laid = try wide.layout(runes, options: left)
    #expect(text(of: laid.frame) == ["ᚦᛖ᛫ᛞᚨᛁ᛫ᛁᛊ ", "ᛚᛟᛜ᛬ᛃᛖᛊ   "])
    #expect(laid.characterCount == 16)
    // Justified lines keep the divider against its word and spread the blanks after it.
    let justified = try narrow.layout(
      "ᚦᛖ᛫ᛞᚨ᛫ᛚᛟᛜ", options: LayoutOptions(justify: .justified, align: .top))
    #expect(text(of: justified.frame) == ["ᚦᛖ᛫   ᛞᚨ", "ᛚᛟᛜ     ", "        "])
  }

  @Test func theElderFutharkFlapSetHoldsEveryRuneAndItsMarks() throws {
    #expect(FlapSet.elderFuthark40.count == 40)
    #expect(try FlapSet.named("elder-futhark-40") == .elderFuthark40)
    for (rune, _, _) in ElderFuthark.runes {
      #expect(FlapSet.elderFuthark40.contains(.glyph(rune)), "\(rune)")
    }
    for mark in [Runic.wordSeparator, Runic.sentenceEnd, Runic.unknown] {
      #expect(FlapSet.elderFuthark40.contains(.glyph(mark)))
    }
    #expect(FlapSet.elderFuthark40.index(of: .blank) == 0)
  }

  @Test func aBraceThatIsNoEscapeIsAnOrdinaryCharacter() {
    #expect(
      throws: LayoutError.unsupportedCharacters(
        [
          UnsupportedCharacter(text: "{", line: 1, column: 1, reason: nil),
          UnsupportedCharacter(text: "}", line: 1, column: 7, reason: nil),
        ], flapSet: "vestaboard")
    ) { try board.layout("{hello}") }
  }

  @Test func zeroSizedBoardsAreRefused() {
    #expect(throws: LayoutError.invalidSize(rows: 0, cols: 22)) {
      try TextLayout(rows: 0, cols: 22, flapSet: .vestaboard).layout("x")
    }
  }
}
