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
  case invalidSize(rows: Int, cols: Int)

  public var description: String {
    switch self {
    case .unsupportedCharacters(let characters, let flapSet):
      let list = characters.map(\.description).joined(separator: "; ")
      let noun = characters.count == 1 ? "character" : "characters"
      return "\(characters.count) \(noun) cannot be shown with flap set '\(flapSet)': \(list)"
    case .tooLong(let needed, let available, let overflow):
      let extra = needed - available
      return "text is too long by \(extra) row\(extra == 1 ? "" : "s") (\(overflow) "
        + "character\(overflow == 1 ? "" : "s") past the last row): it needs \(needed) rows, "
        + "the board has \(available)"
    case .invalidSize(let rows, let cols):
      return "a board needs at least 1 row and 1 column, not \(rows)×\(cols)"
    }
  }
}
