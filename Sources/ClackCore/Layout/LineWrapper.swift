/// One wrapped line: its words, what joins them, and whether it ends a paragraph (which
/// `justified` needs, since a paragraph's last line is not stretched).
public struct WrappedLine: Hashable, Sendable {
  public var words: [[Symbol]]
  /// Between each word and the next: the one cell that joins them (blank for a space, a
  /// runic word divider), or nil for none (after a runic sentence mark).
  public var joins: [Symbol?]
  public var endsParagraph: Bool

  /// A line whose words are joined by blanks unless `joins` says otherwise.
  public init(words: [[Symbol]], endsParagraph: Bool, joins: [Symbol?]? = nil) {
    self.words = words
    self.endsParagraph = endsParagraph
    self.joins = joins ?? Array(repeating: .blank, count: max(0, words.count - 1))
  }

  /// Width with each word's join.
  public var width: Int {
    words.reduce(0) { $0 + $1.count } + joins.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
  }
}

/// Greedy word wrap. Runs of spaces separate words (and collapse to one blank); runic dividers
/// separate words too and show between words on one line; explicit newlines end paragraphs; a
/// word longer than a row starts a new line and is cut at the row's width.
enum LineWrapper {
  static func wrap(_ tokens: [TextToken], cols: Int) -> [WrappedLine] {
    var lines: [WrappedLine] = []
    var current: [[Symbol]] = []
    var joins: [Symbol?] = []
    var currentWidth = 0
    var word: [Symbol] = []
    // What joins the next word to the one before it, when they share a line: nil for none.
    var join: Symbol? = .blank

    func flushLine(endsParagraph: Bool) {
      lines.append(WrappedLine(words: current, endsParagraph: endsParagraph, joins: joins))
      current = []
      joins = []
      currentWidth = 0
    }

    func place(_ word: [Symbol]) {
      guard !word.isEmpty else { return }
      let joinWidth = join == nil ? 0 : 1
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
      } else if currentWidth + joinWidth + word.count <= cols {
        current.append(word)
        joins.append(join)
        currentWidth += joinWidth + word.count
      } else {
        flushLine(endsParagraph: false)
        current = [word]
        currentWidth = word.count
      }
    }

    /// Ends the word being read; `next` joins it to the word after. Between two words, a
    /// divider outranks a space, which outranks no join.
    func endWord(joinedBy next: Symbol?) {
      if word.isEmpty {
        if let next, join == nil || join == .blank { join = next }
        return
      }
      place(word)
      word = []
      join = next
    }

    for token in tokens {
      switch token {
      case .symbols(let symbols): word += symbols
      case .space: endWord(joinedBy: .blank)
      case .divider(let divider): endWord(joinedBy: divider)
      case .breakAfter: endWord(joinedBy: nil)
      case .newline:
        place(word)
        word = []
        join = .blank
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
