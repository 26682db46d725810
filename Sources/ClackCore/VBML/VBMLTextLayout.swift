/// A template component laid out as Vestaboard's reference implementation lays it out, step
/// for step, so that a document composes to the same codes: colour emoji to codes, props filled
/// in, characters folded, words split (a space is a one-cell word; a word longer than the
/// component is cut), words gathered into lines, lines turned into codes, then aligned down and
/// across. Text is handled in UTF-16 units, as JavaScript strings are.
struct VBMLTextLayout {
  let width: Int
  let height: Int
  let justify: VBMLJustify
  let align: VBMLAlign

  /// A cell whose character has no code (half of an emoji the table does not know): it takes
  /// its place like a character and shows blank, as `undefined` does in the reference.
  static let noCode = -1

  func codes(_ template: String, props: [String: JSONValue]) throws(VBMLError) -> [[Int]] {
    var text = Array(template.utf16)
    for (emoji, code) in VBMLCharacters.emoji {
      text = Self.replacing(Array(emoji.utf16), with: Array(code.utf16), in: text)
    }
    let filled = try VBMLMustache(String(decoding: text, as: UTF16.self)).render(props)
    var folded: [UInt16] = []
    folded.reserveCapacity(filled.utf16.count)
    for unit in filled.utf16 { VBMLCharacters.fold(unit, into: &folded) }
    let lines = try Self.lines(of: words(folded), width: width).map { line throws(VBMLError) in
      try Self.codes(of: line)
    }
    return render(across(down(lines)))
  }

  // MARK: - Words and lines

  private static let space: UInt16 = 0x20
  private static let newline: UInt16 = 0x0A
  private static let open: UInt16 = 0x7B
  private static let close: UInt16 = 0x7D
  private static let blankCode: [UInt16] = Array("{0}".utf16)

  /// True for a word in braces (a code or a colour), which takes one cell.
  private static func isBraced(_ word: [UInt16]) -> Bool {
    word.first == open && word.last == close
  }

  /// The words of folded text: spaces as `{0}`, braced codes apart, line breaks apart, and
  /// words longer than the component cut into pieces that fit.
  func words(_ text: [UInt16]) -> [[UInt16]] {
    var spaced: [UInt16] = []
    for unit in text {
      if unit == Self.space { spaced += Self.blankCode } else { spaced.append(unit) }
    }
    // Braced codes: a `{` with a `}` after it on the same line, as /({.*?})/ finds them.
    var pieces: [[UInt16]] = []
    var plain: [UInt16] = []
    var index = 0
    while index < spaced.count {
      if spaced[index] == Self.open,
        let end = spaced[(index + 1)...].firstIndex(where: {
          $0 == Self.close || $0 == Self.newline
        }),
        spaced[end] == Self.close
      {
        pieces.append(plain)
        plain = []
        pieces.append(Array(spaced[index...end]))
        index = end + 1
      } else {
        plain.append(spaced[index])
        index += 1
      }
    }
    pieces.append(plain)
    var words: [[UInt16]] = []
    for piece in pieces {
      if piece.contains(Self.newline) {
        var current: [UInt16] = []
        for unit in piece {
          if unit == Self.newline {
            words.append(current)
            words.append([Self.newline])
            current = []
          } else {
            current.append(unit)
          }
        }
        words.append(current)
      } else {
        words.append(piece)
      }
    }
    var fitted: [[UInt16]] = []
    for word in words where !word.isEmpty {
      if Self.isBraced(word) || word.count <= width {
        fitted.append(word)
      } else {
        var start = 0
        while start < word.count {
          fitted.append(Array(word[start..<min(start + width, word.count)]))
          start += width
        }
      }
    }
    return fitted
  }

  /// Words gathered into lines of at most `width` cells: a word goes on the line if it fits
  /// and the line is not empty, else starts the next; a braced word takes one cell, and a space
  /// that would start a line is dropped; a line break ends the line, and two in a row leave an
  /// empty line.
  static func lines(of words: [[UInt16]], width: Int) -> [[UInt16]] {
    var lines: [(text: [UInt16], length: Int)] = [([], 0)]
    for (index, word) in words.enumerated() {
      let last = lines.count - 1
      let length = lines[last].length
      if word == [newline] {
        if index > 0, words[index - 1] == [newline] {
          lines.append(([], 0))
        } else {
          lines[last].length = width
        }
      } else if isBraced(word) {
        if 1 + length > width {
          if word != blankCode { lines.append((word, 1)) }
        } else {
          lines[last] = (lines[last].text + word, length + 1)
        }
      } else if width >= word.count + length, !lines[last].text.isEmpty {
        lines[last] = (lines[last].text + word, length + word.count)
      } else {
        lines.append((word, word.count))
      }
    }
    let texts = lines.map(\.text)
    return texts[0].isEmpty ? Array(texts.dropFirst()) : texts
  }

  /// A line's codes: `{N}` or `{NN}` is that code (the reference reads at most two digits;
  /// what follows them is read as characters), anything else its character's code.
  static func codes(of line: [UInt16]) throws(VBMLError) -> [Int] {
    var codes: [Int] = []
    var afterOpen = false
    var skipNext = false
    for (index, unit) in line.enumerated() {
      let next = index + 1 < line.count ? line[index + 1] : nil
      if afterOpen {
        let digits = next == close ? [unit] : [unit] + (next.map { [$0] } ?? [])
        guard let code = number(digits), VBMLCharacters.validCodes.contains(code) else {
          let shown = String(
            decoding: [open] + line[index...].prefix { $0 != close }, as: UTF16.self)
          throw VBMLError(
            "template", "\(shown)} is not a character code (0–71, as Vestaboard numbers them)")
        }
        if !skipNext { codes.append(code) }
        skipNext = next != close
        afterOpen = false
        continue
      }
      if unit != open, unit != close, !skipNext {
        codes.append(VBMLCharacters.codes[unit] ?? noCode)
      }
      skipNext = false
      afterOpen = unit == open
    }
    return codes
  }

  /// One or two units as JavaScript's `+text` reads a number; nil where it is not one.
  private static func number(_ units: [UInt16]) -> Int? {
    let text = String(decoding: units, as: UTF16.self)
    var body = Substring(text)
    var sign = 1
    if let first = body.first, first == "+" || first == "-" {
      sign = first == "-" ? -1 : 1
      body = body.dropFirst()
    }
    guard body.contains(where: \.isASCIIDigit), body.allSatisfy({ $0.isASCIIDigit || $0 == "." }),
      body.count(where: { $0 == "." }) <= 1
    else { return nil }
    let whole = body.prefix { $0 != "." }
    guard body.drop(while: { $0 != "." }).dropFirst().allSatisfy({ $0 == "0" }) else {
      return nil  // a fraction is no code
    }
    return sign * (Int(whole) ?? 0)
  }

  // MARK: - Alignment

  /// Lines placed down the component.
  func down(_ lines: [[Int]]) -> [[Int]] {
    func at(_ index: Int) -> [Int] { lines.indices.contains(index) ? lines[index] : [] }
    switch align {
    case .top: return lines
    case .bottom:
      return (0..<height).map { at(lines.count - height + $0) }
    case .justified:
      let top = max(Int((Double(height - lines.count) / 2).rounded(.up)), 0)
      return (0..<height).map { at($0 - top) }
    case .center, .absolute:
      let top = max(Int((Double(height - lines.count) / 2).rounded(.down)), 0)
      return (0..<height).map { at($0 - top) }
    }
  }

  /// Lines placed across the component (left: as they are, less leading blanks).
  func across(_ lines: [[Int]]) -> [[Int]] {
    func cell(_ row: [Int], _ index: Int) -> Int {
      row.indices.contains(index) && row[index] > 0 ? row[index] : 0
    }
    switch justify {
    case .left:
      return lines.map { Array($0.drop { $0 == 0 }) }
    case .right:
      return lines.map { line in
        let reversed = Array(line.reversed().drop { $0 == 0 })
        return (0..<width).map { cell(reversed, width - 1 - $0) }
      }
    case .justified:
      let rows = lines.map { Array($0.drop { $0 == 0 }) }
      let longest = max(0, rows.map(\.count).max() ?? 0) - 1
      let right = Int((Double(width - longest) / 2).rounded(.down))
      let left = width - (longest + right + 1)
      let padding = min(left, right)
      return rows.map { row in (0..<width).map { cell(row, $0 - padding) } }
    case .center:
      return lines.map { line in
        let trimmed = Array(line.reversed().drop { $0 == 0 }.reversed())
        let left = Int((Double(width - trimmed.count) / 2).rounded(.down))
        return (0..<width).map { cell(trimmed, $0 - left) }
      }
    }
  }

  /// The component's `height` × `width` cells: each line's codes from the left, blank beyond.
  func render(_ lines: [[Int]]) -> [[Int]] {
    (0..<height).map { row in
      (0..<width).map { column in
        guard lines.indices.contains(row), lines[row].indices.contains(column) else { return 0 }
        return max(0, lines[row][column])
      }
    }
  }

  /// `text` with every `target` replaced by `replacement`, unit for unit.
  static func replacing(_ target: [UInt16], with replacement: [UInt16], in text: [UInt16])
    -> [UInt16]
  {
    guard !target.isEmpty, text.count >= target.count else { return text }
    var output: [UInt16] = []
    var index = 0
    while index < text.count {
      if index + target.count <= text.count,
        text[index..<index + target.count].elementsEqual(target)
      {
        output += replacement
        index += target.count
      } else {
        output.append(text[index])
        index += 1
      }
    }
    return output
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
