/// One wrapped line: its words, and whether it ends a paragraph (which `justified` needs, since
/// a paragraph's last line is not stretched).
public struct WrappedLine: Hashable, Sendable {
  public var words: [[Symbol]]
  public var endsParagraph: Bool

  /// Width with one blank between words.
  public var width: Int {
    words.isEmpty ? 0 : words.reduce(0) { $0 + $1.count } + words.count - 1
  }
}

/// Greedy word wrap. Runs of spaces separate words (and collapse to one blank); explicit
/// newlines end paragraphs; a word longer than a row starts a new line and is cut at the row's
/// width.
enum LineWrapper {
  static func wrap(_ tokens: [TextToken], cols: Int) -> [WrappedLine] {
    var lines: [WrappedLine] = []
    var current: [[Symbol]] = []
    var currentWidth = 0
    var word: [Symbol] = []

    func flushLine(endsParagraph: Bool) {
      lines.append(WrappedLine(words: current, endsParagraph: endsParagraph))
      current = []
      currentWidth = 0
    }

    func place(_ word: [Symbol]) {
      guard !word.isEmpty else { return }
      if word.count > cols {
        if !current.isEmpty { flushLine(endsParagraph: false) }
        var rest = word[...]
        while rest.count > cols {
          current = [Array(rest.prefix(cols))]
          flushLine(endsParagraph: false)
          rest = rest.dropFirst(cols)
        }
        current = [Array(rest)]
        currentWidth = rest.count
      } else if current.isEmpty {
        current = [word]
        currentWidth = word.count
      } else if currentWidth + 1 + word.count <= cols {
        current.append(word)
        currentWidth += 1 + word.count
      } else {
        flushLine(endsParagraph: false)
        current = [word]
        currentWidth = word.count
      }
    }

    for token in tokens {
      switch token {
      case .symbols(let symbols): word += symbols
      case .space:
        place(word)
        word = []
      case .newline:
        place(word)
        word = []
        flushLine(endsParagraph: true)
      }
    }
    place(word)
    if !current.isEmpty { flushLine(endsParagraph: true) }
    // Trailing blank lines (a final newline, or text of only spaces) would only push the
    // block off centre.
    while let last = lines.last, last.words.isEmpty { lines.removeLast() }
    return lines
  }
}
