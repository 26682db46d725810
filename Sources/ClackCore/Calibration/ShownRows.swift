/// What a person typed that the board shows, a row at a time, read into a frame: each row as
/// many symbols as the board has columns (a space is the blank flap, `{…}` escapes as in
/// messages), each one the flap set has. Letters the set has only in the other case are taken
/// in its case, as layout folds them.
public enum ShownRows {
  public static func frame(_ rows: [String], rows count: Int, cols: Int, flapSet: FlapSet)
    throws(ShownRowsError) -> Frame
  {
    guard rows.count == count else { throw .rowCount(given: rows.count, board: count) }
    var frame = Frame(rows: count, cols: cols)
    for (row, text) in rows.enumerated() {
      let symbols: [Symbol]
      do {
        symbols = try SymbolNotation.parseSymbols(text)
      } catch {
        throw .notation(row: row, message: error.description)
      }
      guard symbols.count == cols else {
        throw .rowLength(row: row, given: symbols.count, cols: cols)
      }
      for (col, symbol) in symbols.enumerated() {
        guard let flap = flap(symbol, in: flapSet) else {
          throw .notOnFlaps(row: row, col: col, symbol: symbol.displayName, set: flapSet.name)
        }
        frame[row, col] = flap
      }
    }
    return frame
  }

  private static func flap(_ symbol: Symbol, in flapSet: FlapSet) -> Symbol? {
    if flapSet.contains(symbol) { return symbol }
    guard case .glyph(let character) = symbol else { return nil }
    for other in [Character(character.uppercased()), Character(character.lowercased())]
    where flapSet.contains(.glyph(other)) {
      return .glyph(other)
    }
    return nil
  }
}

/// Why typed rows are not a picture of the board; rows and columns count from 1 in the text,
/// as a person counts them.
public enum ShownRowsError: Error, Equatable, Sendable, CustomStringConvertible {
  case rowCount(given: Int, board: Int)
  case rowLength(row: Int, given: Int, cols: Int)
  case notation(row: Int, message: String)
  case notOnFlaps(row: Int, col: Int, symbol: String, set: String)

  public var description: String {
    switch self {
    case .rowCount(let given, let board):
      "\(given) rows given, the board has \(board): type every row, top to bottom"
    case .rowLength(let row, let given, let cols):
      "row \(row + 1) has \(given) characters, the board has \(cols) columns (a space is a blank flap)"
    case .notation(let row, let message):
      "row \(row + 1): \(message)"
    case .notOnFlaps(let row, let col, let symbol, let set):
      "row \(row + 1), column \(col + 1): \(symbol) is not on the flaps of '\(set)'"
    }
  }
}
