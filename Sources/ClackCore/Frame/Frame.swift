/// What a whole board shows: rows × cols cells, row-major.
public struct Frame: Hashable, Sendable {
  public let rows: Int
  public let cols: Int
  public private(set) var cells: [Symbol]

  /// A frame of the given size with every cell set to `fill` (blank by default).
  public init(rows: Int, cols: Int, fill: Symbol = .blank) {
    // A negative size is a programming error, not bad input: sizes are validated upstream.
    precondition(rows >= 0 && cols >= 0, "frame size must not be negative")
    self.rows = rows
    self.cols = cols
    self.cells = Array(repeating: fill, count: rows * cols)
  }

  public subscript(row: Int, col: Int) -> Symbol {
    get { cells[row * cols + col] }
    set { cells[row * cols + col] = newValue }
  }

  /// The cells of one row, left to right.
  public func row(_ row: Int) -> ArraySlice<Symbol> {
    cells[(row * cols)..<((row + 1) * cols)]
  }
}

extension Frame {
  /// Builds a frame from rows of Vestaboard codes. Every row must be as long as the first and
  /// every code must be in the table.
  public init(codes: [[Int]]) throws(FrameCodeError) {
    let cols = codes.first?.count ?? 0
    self.init(rows: codes.count, cols: cols)
    for (row, line) in codes.enumerated() {
      guard line.count == cols else {
        throw .ragged(row: row, length: line.count, expected: cols)
      }
      for (col, code) in line.enumerated() {
        guard let symbol = VestaboardCode.symbol(for: code) else {
          throw .unknownCode(code, row: row, col: col)
        }
        self[row, col] = symbol
      }
    }
  }

  /// The frame as rows of cells, each its symbol's notation: a character as itself (runes
  /// too, which have no Vestaboard code), a tile as `{red}`, a blank as a space.
  public func notations() -> [[String]] {
    (0..<rows).map { row in (0..<cols).map { self[row, $0].notation } }
  }

  /// The frame as rows of Vestaboard codes. Throws when a cell shows a symbol the code table
  /// lacks (possible with custom flap sets, such as runes).
  public func codes() throws(FrameCodeError) -> [[Int]] {
    try (0..<rows).map { (row: Int) throws(FrameCodeError) -> [Int] in
      try (0..<cols).map { (col: Int) throws(FrameCodeError) -> Int in
        let symbol = self[row, col]
        guard let code = VestaboardCode.code(for: symbol) else {
          throw .noCode(symbol, row: row, col: col)
        }
        return code
      }
    }
  }
}

/// Why codes and frames could not be converted. Rows and columns are counted from 0, as in the
/// JSON arrays they refer to.
public enum FrameCodeError: Error, Equatable, CustomStringConvertible {
  case ragged(row: Int, length: Int, expected: Int)
  case unknownCode(Int, row: Int, col: Int)
  case noCode(Symbol, row: Int, col: Int)

  public var description: String {
    switch self {
    case .ragged(let row, let length, let expected):
      "row \(row) has \(length) codes but row 0 has \(expected); every row must be as long"
    case .unknownCode(let code, let row, let col):
      "code \(code) at row \(row), column \(col) is not a Vestaboard character code "
        + "(valid: 0-42, 44, 46-50, 52-56, 59, 60, 62-71)"
    case .noCode(let symbol, let row, let col):
      "\(symbol.displayName) at row \(row), column \(col) has no Vestaboard character code"
    }
  }
}
