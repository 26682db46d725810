/// The result of laying text out on a board.
public struct LaidOutText: Hashable, Sendable {
  public let frame: Frame
  /// Rows the text occupies.
  public let lineCount: Int
  /// Cells the text uses: its symbols plus what joins its words, not the padding. This is
  /// the number to compare with a board's capacity (132 on a 6×22 board).
  public let characterCount: Int
  public var capacity: Int { frame.rows * frame.cols }
}

/// Lays text out in cells for a board of rows × cols with one flap set: upper-casing, folding,
/// `{NN}` and `{colour}` escapes, colour-square emoji, word wrap, explicit newlines, justify and
/// align.
public struct TextLayout: Sendable {
  public let rows: Int
  public let cols: Int
  public let flapSet: FlapSet

  public init(rows: Int, cols: Int, flapSet: FlapSet) {
    self.rows = rows
    self.cols = cols
    self.flapSet = flapSet
  }

  /// Wraps text into lines without fitting it to the rows; `layout` and the quote formatter
  /// build on it.
  public func wrap(_ text: String, lenient: Bool = false) throws(LayoutError) -> [WrappedLine] {
    guard rows > 0, cols > 0 else { throw .invalidSize(rows: rows, cols: cols) }
    let tokenizer = TextTokenizer(flapSet: flapSet, lenient: lenient)
    let (tokens, unsupported) = tokenizer.tokenize(text)
    guard unsupported.isEmpty else {
      throw .unsupportedCharacters(unsupported, flapSet: flapSet.name)
    }
    return LineWrapper.wrap(tokens, cols: cols)
  }

  public func layout(_ text: String, options: LayoutOptions = LayoutOptions())
    throws(LayoutError) -> LaidOutText
  {
    let lines = try wrap(text, lenient: options.lenient)
    guard lines.count <= rows else {
      let overflow = lines[rows...].reduce(0) { $0 + $1.width }
      throw .tooLong(rowsNeeded: lines.count, rowsAvailable: rows, overflowCharacters: overflow)
    }
    let cells = lines.map { FrameComposer.cells(of: $0, cols: cols, justify: options.justify) }
    let frame = FrameComposer.compose(cells, rows: rows, cols: cols, align: options.align)
    return LaidOutText(
      frame: frame, lineCount: lines.count, characterCount: lines.reduce(0) { $0 + $1.width })
  }
}
