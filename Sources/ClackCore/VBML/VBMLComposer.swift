import Foundation

/// Composes a VBML document into rows of Vestaboard character codes, as Vestaboard's reference
/// implementation does: each component laid out on its own (a template's text, raw codes or
/// random colours), the flowing ones placed left to right and wrapped below the one before when
/// they do not fit, then the absolutely placed ones on top; whatever falls off the board is cut.
public struct VBMLComposer: Sendable {
  /// The board's size, used where the document gives none.
  public let rows: Int
  public let cols: Int

  public init(rows: Int, cols: Int) {
    (self.rows, self.cols) = (rows, cols)
  }

  /// The document's codes, `height` rows of `width` (the document's size, else the board's).
  /// `random` picks the colours of `randomColors` components.
  public func compose(
    _ document: VBMLDocument, random: inout some RandomNumberGenerator
  ) throws(VBMLError) -> [[Int]] {
    let height = document.height ?? rows
    let width = document.width ?? cols
    var board = Array(repeating: Array(repeating: 0, count: width), count: height)
    var top = 0
    var left = 0
    var lastHeight = 0
    for (index, component) in document.components.enumerated() where component.position == nil {
      let cells = try layout(
        component, at: index, height: height, width: width, props: document.props,
        random: &random)
      let componentWidth = cells.first?.count ?? 0
      let wraps = left + componentWidth > width
      // The next line starts below the component before, as the reference places it.
      (top, left) = wraps ? (top + lastHeight, 0) : (top, left)
      Self.place(cells, row: top, col: left, on: &board)
      (left, lastHeight) = (left + componentWidth, cells.count)
    }
    for (index, component) in document.components.enumerated() {
      guard let position = component.position else { continue }
      let cells = try layout(
        component, at: index, height: height, width: width, props: document.props,
        random: &random)
      Self.place(cells, row: position.y, col: position.x, on: &board)
    }
    return board
  }

  /// The document as a frame of the board's symbols (Vestaboard's codes read as its flaps).
  public func frame(
    _ document: VBMLDocument, random: inout some RandomNumberGenerator
  ) throws(VBMLError) -> Frame {
    let codes = try compose(document, random: &random)
    var frame = Frame(rows: codes.count, cols: codes.first?.count ?? 0)
    for (row, line) in codes.enumerated() {
      for (col, code) in line.enumerated() {
        frame[row, col] = VestaboardCode.symbol(for: code) ?? .blank
      }
    }
    return frame
  }

  private func layout(
    _ component: VBMLComponent, at index: Int, height boardHeight: Int, width boardWidth: Int,
    props: [String: JSONValue], random: inout some RandomNumberGenerator
  ) throws(VBMLError) -> [[Int]] {
    let path = "components[\(index)]"
    let height = component.height ?? boardHeight
    let width = component.width ?? boardWidth
    switch component.content {
    case .template(let template):
      let layout = VBMLTextLayout(
        width: width, height: height, justify: component.justify, align: component.align)
      do {
        return try layout.codes(template, props: props)
      } catch {
        throw VBMLError("\(path).\(error.path)", error.message)
      }
    case .raw(let rows):
      guard !rows.isEmpty else {
        throw VBMLError("\(path).rawCharacters", "at least one row of codes")
      }
      return rows
    case .rawText(let text):
      return try Self.rawRows(text, props: props, at: "\(path).rawCharacters")
    case .randomColors(let colors):
      return (0..<height).map { _ in
        (0..<width).map { _ in colors[Int.random(in: 0..<colors.count, using: &random)] }
      }
    }
  }

  /// `rawCharacters` given as text: a lone `{{prop}}` naming rows of codes, or JSON rows of
  /// codes once props are filled in.
  static func rawRows(_ text: String, props: [String: JSONValue], at path: String)
    throws(VBMLError) -> [[Int]]
  {
    let trimmed = text.dropFirst(2).dropLast(2)
    if text.hasPrefix("{{"), text.hasSuffix("}}"), !trimmed.isEmpty,
      trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
      let value = props[String(trimmed)], case .array(let rows) = value,
      case .array = rows.first
    {
      return try VBMLComponent.rows(value, at: path)
    }
    let filled: String
    do {
      filled = try VBMLMustache(text).render(props)
    } catch {
      throw VBMLError(path, error.message)
    }
    guard let json = JSONValue.parse(Data(filled.utf8)) else {
      throw VBMLError(path, "not JSON rows of codes once props are filled in: \(filled.prefix(40))")
    }
    let rows = try VBMLComponent.rows(json, at: path)
    guard !rows.isEmpty else { throw VBMLError(path, "at least one row of codes") }
    return rows
  }

  /// `cells` placed with their top left at (`row`, `col`); what falls off the board is cut.
  static func place(_ cells: [[Int]], row: Int, col: Int, on board: inout [[Int]]) {
    for (offset, line) in cells.enumerated() where row + offset < board.count {
      for (column, code) in line.enumerated() where col + column < board[row + offset].count {
        board[row + offset][col + column] = code
      }
    }
  }
}

extension VBMLComposer {
  /// The document as a board of `flapSet` shows it: the document's size must be the board's,
  /// and every code one of the board's flaps (a board without colour flaps cannot show
  /// `{63}`); each cell that is not is named with its row and column.
  public func frame(
    _ document: VBMLDocument, flapSet: FlapSet, random: inout some RandomNumberGenerator
  ) throws(VBMLError) -> Frame {
    let frame = try frame(document, random: &random)
    guard frame.rows == rows, frame.cols == cols else {
      throw VBMLError(
        "style", "the document is \(frame.rows)×\(frame.cols); this board is \(rows)×\(cols)")
    }
    var missing: [String] = []
    for row in 0..<frame.rows {
      for col in 0..<frame.cols where !flapSet.contains(frame[row, col]) {
        missing.append("\(frame[row, col].notation) at row \(row + 1), column \(col + 1)")
      }
    }
    guard missing.isEmpty else {
      let shown = missing.prefix(5).joined(separator: "; ")
      let more = missing.count > 5 ? " and \(missing.count - 5) more" : ""
      throw VBMLError(
        "components", "flap set \(flapSet.name) has no flap for \(shown)\(more)")
    }
    return frame
  }
}
