/// A character of the input that the board cannot show, with where it was. Lines and columns
/// count from 1, columns in user-perceived characters.
public struct UnsupportedCharacter: Hashable, Sendable, CustomStringConvertible {
  public let text: String
  public let line: Int
  public let column: Int
  /// Why, when it is not simply "no such flap" (for example an unknown `{NN}` code).
  public let reason: String?

  public var description: String {
    let base = "\"\(text)\" at line \(line), column \(column)"
    return reason.map { "\(base) (\($0))" } ?? base
  }
}

public enum LayoutError: Error, Equatable, CustomStringConvertible {
  /// Every character the flap set cannot show, in order of appearance.
  case unsupportedCharacters([UnsupportedCharacter], flapSet: String)
  /// The wrapped text needs more rows than the board has.
  case tooLong(rowsNeeded: Int, rowsAvailable: Int, overflowCharacters: Int)
  /// On a board that scrolls long lines: the text needs more than `rows` lines of at most
  /// `maxCells` characters.
  case tooLongToScroll(rows: Int, maxCells: Int, overflowCharacters: Int)
  case invalidSize(rows: Int, cols: Int)
  /// Letters the chosen runic script has no sign for (docs/runes.md), before layout.
  case noFormInScript(TransliterationError)

  public var description: String {
    switch self {
    case .unsupportedCharacters(let characters, let flapSet):
      let list = characters.map(\.description).joined(separator: "; ")
      let noun = characters.count == 1 ? "character" : "characters"
      // A pixel board's symbols are its font's ("font builtin-5x7").
      let set = flapSet.hasPrefix("font ") ? "in \(flapSet)" : "with flap set '\(flapSet)'"
      return "\(characters.count) \(noun) cannot be shown \(set): \(list)"
    case .tooLong(let needed, let available, let overflow):
      let extra = needed - available
      return "text is too long by \(extra) row\(extra == 1 ? "" : "s") (\(overflow) "
        + "character\(overflow == 1 ? "" : "s") past the last row): it needs \(needed) rows, "
        + "the board has \(available)"
    case .tooLongToScroll(let rows, let maxCells, let overflow):
      let lines = rows == 1 ? "1 line" : "\(rows) lines"
      return "text is too long even to scroll: this board scrolls \(lines) of up to "
        + "\(maxCells) characters, and \(overflow) character\(overflow == 1 ? "" : "s") are left over"
    case .invalidSize(let rows, let cols):
      return "a board needs at least 1 row and 1 column, not \(rows)×\(cols)"
    case .noFormInScript(let error):
      return error.description
    }
  }
}
