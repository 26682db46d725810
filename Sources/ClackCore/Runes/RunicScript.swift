/// The scripts a message or quote can be shown in (docs/runes.md). The four scripts are
/// `latin`, `elder`, `younger` and `cirth`; the Younger Futhark's short-twig forms and the
/// Cirth's Angerthas Moria are variants of the last two, named as scripts of their own so that
/// every face (REST, MQTT, CLI, config) takes one word.
public enum RunicScript: String, CaseIterable, Sendable, Codable, Hashable {
  /// As written: no transliteration.
  case latin
  /// The Elder Futhark, 24 runes (Unicode Runic block).
  case elder
  /// The Younger Futhark, 16 runes, long-branch forms.
  case younger
  /// The Younger Futhark in its short-twig forms.
  case youngerShortTwig = "younger-short-twig"
  /// Tolkien's Cirth, Angerthas Erebor (ConScript Unicode Registry, private use).
  case cirth
  /// Tolkien's Cirth, Angerthas Moria.
  case cirthMoria = "cirth-moria"

  /// The script's name as people write it.
  public var displayName: String {
    switch self {
    case .latin: "Latin"
    case .elder: "Elder Futhark"
    case .younger: "Younger Futhark"
    case .youngerShortTwig: "Younger Futhark (short-twig)"
    case .cirth: "Cirth (Angerthas Erebor)"
    case .cirthMoria: "Cirth (Angerthas Moria)"
    }
  }

  /// Every script's name, as the faces list them in errors and help texts.
  public static let names = allCases.map(\.rawValue).joined(separator: ", ")

  /// `text` in this script; Latin returns it unchanged. A character with no form is an error
  /// naming its line and column, or, when `lenient`, written ᛭.
  public func transliterate(_ text: String, lenient: Bool = false)
    throws(TransliterationError) -> String
  {
    switch self {
    case .latin: text
    case .elder: try ElderFuthark.transliterate(text, lenient: lenient)
    case .younger: try YoungerFuthark.transliterate(text, forms: .longBranch, lenient: lenient)
    case .youngerShortTwig:
      try YoungerFuthark.transliterate(text, forms: .shortTwig, lenient: lenient)
    case .cirth: try Cirth.transliterate(text, mode: .erebor, lenient: lenient)
    case .cirthMoria: try Cirth.transliterate(text, mode: .moria, lenient: lenient)
    }
  }

  /// `transliterate`, failing as layout fails, for code that lays the result out.
  public func layoutText(_ text: String, lenient: Bool) throws(LayoutError) -> String {
    do {
      return try transliterate(text, lenient: lenient)
    } catch {
      throw .noFormInScript(error)
    }
  }
}

/// Characters of a text that have no form in a script, each with its line and column, as
/// layout reports characters a board lacks.
public struct TransliterationError: Error, Hashable, Sendable, CustomStringConvertible {
  public let characters: [UnsupportedCharacter]
  public let script: RunicScript

  public var description: String {
    let list = characters.map(\.description).joined(separator: "; ")
    let noun = characters.count == 1 ? "character has" : "characters have"
    return "\(characters.count) \(noun) no form in \(script.displayName): \(list)"
      + " (--lenient writes \(Runic.unknown) for each)"
  }
}

/// What the runic scripts share: their punctuation, and how a text is read letter by letter.
public enum Runic {
  /// Between words: the single dot punctuation (U+16EB).
  public static let wordSeparator: Character = "\u{16EB}"
  /// After a sentence (. ! ?): the multiple punctuation (U+16EC).
  public static let sentenceEnd: Character = "\u{16EC}"
  /// What `lenient` writes for a character with no form: the cross punctuation (U+16ED).
  public static let unknown: Character = "\u{16ED}"

  /// Reads `text` into words of lower-case letters, passing everything else to `other`:
  /// spaces become one word separator, sentence ends their mark, newlines stay, digits and
  /// other punctuation pass through; anything else is unsupported (or, when `lenient`,
  /// `unknown`). `word` turns each run of letters (lower-case ASCII) into runes. A script
  /// with marks of its own (Cirth) passes them as `wordSeparator` and `sentenceEnd`.
  static func transliterate(
    _ text: String, script: RunicScript, lenient: Bool,
    wordSeparator: Character = Runic.wordSeparator, sentenceEnd: Character = Runic.sentenceEnd,
    word: ([Character]) -> String
  ) throws(TransliterationError) -> String {
    var output = ""
    var unsupported: [UnsupportedCharacter] = []
    var letters: [Character] = []
    var pendingSpace = false
    func flush() {
      guard !letters.isEmpty else { return }
      // A sentence mark already parts the words after it.
      if pendingSpace, let last = output.last, last != "\n", last != sentenceEnd {
        output.append(wordSeparator)
      }
      pendingSpace = false
      output += word(letters)
      letters = []
    }
    for (lineIndex, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if lineIndex > 0 {
        flush()
        output.append("\n")
        pendingSpace = false
      }
      for (columnIndex, character) in line.enumerated() {
        let (lineNumber, column) = (lineIndex + 1, columnIndex + 1)
        for folded in CharacterFolding.fold(character).lowercased() {
          if folded.isLetter, folded.isASCII {
            letters.append(folded)
            continue
          }
          flush()
          switch folded {
          case " ", "\t": pendingSpace = true
          case ".", "!", "?":
            output.append(sentenceEnd)
            pendingSpace = false
          case _ where folded.isNumber || folded.isPunctuation || folded.isSymbol:
            if pendingSpace, let last = output.last, last != "\n", last != sentenceEnd {
              output.append(wordSeparator)
            }
            pendingSpace = false
            output.append(folded)
          default:
            if lenient {
              output.append(unknown)
            } else {
              unsupported.append(
                UnsupportedCharacter(
                  text: String(character), line: lineNumber, column: column, reason: nil))
            }
          }
        }
      }
    }
    flush()
    guard unsupported.isEmpty else {
      throw TransliterationError(characters: unsupported, script: script)
    }
    return output
  }
}
