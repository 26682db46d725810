/// Places wrapped lines on a frame according to justify and align.
public enum FrameComposer {
  /// The cells of one line, `cols` wide.
  public static func cells(of line: WrappedLine, cols: Int, justify: Justify) -> [Symbol] {
    let width = line.width
    let free = max(0, cols - width)
    // Each gap is its join (if any) and then the blanks justification adds.
    var gaps = line.joins.map { $0 == nil ? 0 : 1 }
    var lead = 0
    switch justify {
    case .left: break
    case .right: lead = free
    case .center: lead = free / 2
    case .justified:
      if !line.endsParagraph && !gaps.isEmpty {
        for gap in gaps.indices {
          gaps[gap] += free / gaps.count + (gap < free % gaps.count ? 1 : 0)
        }
      }
    }
    var cells = Array(repeating: Symbol.blank, count: lead)
    for (index, word) in line.words.enumerated() {
      if index > 0 {
        let join = line.joins[index - 1]
        if let join { cells.append(join) }
        cells += Array(repeating: .blank, count: gaps[index - 1] - (join == nil ? 0 : 1))
      }
      cells += word
    }
    cells += Array(repeating: .blank, count: max(0, cols - cells.count))
    return Array(cells.prefix(cols))
  }

  /// The first row of a block of `count` lines on a board of `rows`.
  public static func firstRow(count: Int, rows: Int, align: Align) -> Int {
    switch align {
    case .top: 0
    case .center: max(0, rows - count) / 2
    case .bottom: max(0, rows - count)
    }
  }

  /// Writes lines (which must fit) onto a blank frame.
  public static func compose(
    _ lines: [[Symbol]], rows: Int, cols: Int, align: Align
  ) -> Frame {
    var frame = Frame(rows: rows, cols: cols)
    let top = firstRow(count: lines.count, rows: rows, align: align)
    for (offset, line) in lines.prefix(rows).enumerated() {
      for (col, symbol) in line.prefix(cols).enumerated() {
        frame[top + offset, col] = symbol
      }
    }
    return frame
  }
}
