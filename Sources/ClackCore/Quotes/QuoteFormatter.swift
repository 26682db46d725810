/// Puts a quote on a board: the text wrapped and centred, the author on the row below,
/// right-aligned after a dash, and the whole block centred vertically.
public struct QuoteFormatter: Sendable {
  public let layout: TextLayout

  public init(layout: TextLayout) {
    self.layout = layout
  }

  /// The author line: "- NAME" when the flap set has a dash, otherwise just the name.
  public func authorLine(for quote: Quote) -> String {
    layout.flapSet.contains(.glyph("-")) ? "- \(quote.author)" : quote.author
  }

  /// The quote laid out: its text in `script` (the author stays Latin unless `authorScript`
  /// says otherwise), centred, the author line right-aligned below it.
  public func frame(
    for quote: Quote, lenient: Bool = false, script: RunicScript = .latin,
    authorScript: RunicScript = .latin
  ) throws(LayoutError) -> LaidOutText {
    let body = try layout.wrap(
      try script.layoutText(quote.text, lenient: lenient), lenient: lenient)
    let author = try layout.wrap(
      try authorScript.layoutText(authorLine(for: quote), lenient: lenient), lenient: lenient)
    let lines = body.count + author.count
    guard lines <= layout.rows else {
      let overflow = (body + author)[layout.rows...].reduce(0) { $0 + $1.width }
      throw .tooLong(
        rowsNeeded: lines, rowsAvailable: layout.rows, overflowCharacters: overflow)
    }
    let cells =
      body.map { FrameComposer.cells(of: $0, cols: layout.cols, justify: .center) }
      + author.map { FrameComposer.cells(of: $0, cols: layout.cols, justify: .right) }
    let frame = FrameComposer.compose(
      cells, rows: layout.rows, cols: layout.cols, align: .center)
    let used = (body + author).reduce(0) { $0 + $1.width }
    return LaidOutText(frame: frame, lineCount: lines, characterCount: used)
  }
}
