/// One unit of input after escapes, emoji and folding are resolved.
enum TextToken: Equatable {
  /// Symbols that belong to a word (one input character can give several, as ß → SS).
  case symbols([Symbol])
  case space
  /// A word divider (runic ᛫, Cirth's): shown between two words on one line, dropped where
  /// the line breaks, as a space is.
  case divider(Symbol)
  /// After a sentence mark written with no space (runic ᛬): the line may break here.
  case breakAfter
  case newline
}

extension TextToken {
  /// Runic marks that part words, so that rune text (which has no spaces) wraps at its words:
  /// the single dot and Cirth's word mark divide; the multiple dot and Cirth's sentence mark
  /// end a sentence and allow a break after them.
  static let dividers: Set<Character> = ["\u{16EB}", "\u{E0E5}"]
  static let sentenceMarks: Set<Character> = ["\u{16EC}", "\u{E0E6}"]
}

/// Turns text into tokens for one flap set, collecting every character the set cannot show.
struct TextTokenizer {
  let flapSet: FlapSet
  let lenient: Bool

  func tokenize(_ text: String) -> (tokens: [TextToken], unsupported: [UnsupportedCharacter]) {
    var tokens: [TextToken] = []
    var unsupported: [UnsupportedCharacter] = []
    var line = 1
    var column = 1
    var index = text.startIndex

    func reject(_ piece: String, reason: String? = nil) {
      unsupported.append(
        UnsupportedCharacter(text: piece, line: line, column: column, reason: reason))
      tokens.append(.symbols([flapSet.substitute]))
    }

    while index < text.endIndex {
      let character = text[index]
      var next = text.index(after: index)
      var width = 1
      if character.isNewline {
        tokens.append(.newline)
        line += 1
        column = 1
        index = next
        continue
      } else if character.isWhitespace {
        tokens.append(.space)
      } else if character == "{", let (escape, end) = escape(in: text, at: index) {
        let piece = String(text[index..<end])
        width = piece.count
        next = end
        switch escape {
        case .symbol(let symbol) where flapSet.contains(symbol):
          tokens.append(.symbols([symbol]))
        case .symbol(let symbol):
          reject(piece, reason: "\(symbol.displayName) is not on this flap set")
        case .unknownCode:
          reject(piece, reason: "not a Vestaboard character code")
        }
      } else if let tile = ColorTile(emoji: character) {
        if flapSet.contains(.tile(tile)) {
          tokens.append(.symbols([.tile(tile)]))
        } else {
          reject(String(character), reason: "the \(tile.rawValue) tile is not on this flap set")
        }
      } else if TextToken.dividers.contains(character), flapSet.contains(.character(character)) {
        tokens.append(.divider(.character(character)))
      } else if TextToken.sentenceMarks.contains(character),
        flapSet.contains(.character(character))
      {
        tokens += [.symbols([.character(character)]), .breakAfter]
      } else if let symbols = resolve(character) {
        tokens.append(.symbols(symbols))
      } else {
        reject(String(character))
      }
      column += width
      index = next
    }
    return (tokens, lenient ? [] : unsupported)
  }

  private enum Escape {
    case symbol(Symbol)
    case unknownCode
  }

  /// Recognises `{NN}` and `{colour}` at `start`; a `{` that starts neither is an ordinary
  /// character.
  private func escape(in text: String, at start: String.Index) -> (Escape, String.Index)? {
    let contentStart = text.index(after: start)
    guard let close = text[contentStart...].prefix(12).firstIndex(of: "}") else { return nil }
    let content = text[contentStart..<close]
    let end = text.index(after: close)
    if let symbol = SymbolNotation.resolveEscape(content) { return (.symbol(symbol), end) }
    if !content.isEmpty, content.allSatisfy({ $0.isASCII && $0.isNumber }) {
      return (.unknownCode, end)
    }
    return nil
  }

  /// The symbols that show `character`: itself, else its upper case, else its folded form.
  private func resolve(_ character: Character) -> [Symbol]? {
    let direct = Symbol.character(character)
    if flapSet.contains(direct) { return [direct] }
    let folded = CharacterFolding.fold(character)
    for candidate in [String(character).uppercased(), folded, folded.uppercased()] {
      let symbols = candidate.map(Symbol.character)
      if !symbols.isEmpty, symbols.allSatisfy(flapSet.contains) { return symbols }
    }
    return nil
  }
}
