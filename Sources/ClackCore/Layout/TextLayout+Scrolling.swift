extension TextLayout {
  /// Lays out text too long for the board into its rows as lines longer than the board is
  /// wide, for a board that scrolls them (a pixel board): the lines are as short as the rows
  /// allow (so a two-row board gets two lines of about equal length), at most `maxCells` each.
  /// Lines that fit are placed as `layout` places them; the others scroll, their beginning in
  /// the frame. Text that fits is laid out as `layout` does, with nothing scrolling.
  public func scrollingLayout(
    _ text: String, options: LayoutOptions = LayoutOptions(), maxCells: Int
  ) throws(LayoutError) -> Screen {
    let fitted = try wrap(text, lenient: options.lenient)
    if fitted.count <= rows {
      return Screen(frame: try layout(text, options: options).frame)
    }
    // The narrowest width at which the text takes no more than `rows` lines.
    var (low, high) = (cols + 1, max(cols + 1, maxCells))
    var best: [WrappedLine]?
    while low <= high {
      let width = (low + high) / 2
      let lines = try TextLayout(rows: rows, cols: width, flapSet: flapSet)
        .wrap(text, lenient: options.lenient)
      if lines.count <= rows {
        best = lines
        high = width - 1
      } else {
        low = width + 1
      }
    }
    guard let best else {
      let lines = try TextLayout(rows: rows, cols: max(cols, maxCells), flapSet: flapSet)
        .wrap(text, lenient: options.lenient)
      let overflow = lines[rows...].reduce(0) { $0 + $1.width }
      throw .tooLongToScroll(rows: rows, maxCells: maxCells, overflowCharacters: overflow)
    }
    var frame = Frame(rows: rows, cols: cols)
    var scrolling: [Int: [Symbol]] = [:]
    let top = FrameComposer.firstRow(count: best.count, rows: rows, align: options.align)
    for (offset, line) in best.enumerated() {
      let row = top + offset
      let cells: [Symbol]
      if line.width > cols {
        cells = FrameComposer.cells(of: line, cols: line.width, justify: .left)
        scrolling[row] = cells
      } else {
        cells = FrameComposer.cells(of: line, cols: cols, justify: options.justify)
      }
      for (col, symbol) in cells.prefix(cols).enumerated() { frame[row, col] = symbol }
    }
    return Screen(frame: frame, scrolling: scrolling)
  }
}
