/// A VBML document, Vestaboard's markup for a board: props that fill the templates, the
/// board's size (the board's own when it gives none), and components laid out in order
/// (flowing left to right, then down) or placed at a position on top.
public struct VBMLDocument: Sendable, Hashable {
  public var props: [String: JSONValue]
  public var height: Int?
  public var width: Int?
  public var components: [VBMLComponent]

  public init(
    props: [String: JSONValue] = [:], height: Int? = nil, width: Int? = nil,
    components: [VBMLComponent]
  ) {
    (self.props, self.height, self.width, self.components) = (props, height, width, components)
  }
}

public struct VBMLComponent: Sendable, Hashable {
  public enum Content: Sendable, Hashable {
    /// Text with `{{props}}`, `{NN}` codes and colour emoji, laid out in the component.
    case template(String)
    /// Rows of character codes, as they are.
    case raw([[Int]])
    /// Rows of character codes as JSON text, filled with props first (`"{{clock}}"`).
    case rawText(String)
    /// Cells of colours picked at random from `colors` (codes).
    case randomColors([Int])
  }

  public var content: Content
  public var justify: VBMLJustify
  public var align: VBMLAlign
  public var height: Int?
  public var width: Int?
  /// Where an absolutely placed component's top left cell goes; nil for one that flows.
  public var position: (x: Int, y: Int)? {
    get { positionCell.map { ($0.x, $0.y) } }
    set { positionCell = newValue.map { Cell(x: $0.x, y: $0.y) } }
  }
  var positionCell: Cell?

  struct Cell: Sendable, Hashable {
    let x: Int
    let y: Int
  }

  public init(
    _ content: Content, justify: VBMLJustify = .left, align: VBMLAlign = .top,
    height: Int? = nil, width: Int? = nil, position: (x: Int, y: Int)? = nil
  ) {
    (self.content, self.justify, self.align) = (content, justify, align)
    (self.height, self.width) = (height, width)
    self.position = position
  }
}

/// How a component's lines sit across it.
public enum VBMLJustify: String, Sendable, Hashable, CaseIterable {
  case left, right, center, justified
}

/// How a component's lines sit down it (`absolute` lays out as `center`, as the reference does).
public enum VBMLAlign: String, Sendable, Hashable, CaseIterable {
  case top, bottom, center, justified, absolute
}

/// A VBML document that cannot be read or composed: what is wrong, and where (a path such as
/// `components[1].style.justify`).
public struct VBMLError: Error, Sendable, Hashable, CustomStringConvertible {
  public let path: String
  public let message: String

  public init(_ path: String, _ message: String) {
    (self.path, self.message) = (path, message)
  }

  public var description: String { "\(path): \(message)" }
}

extension VBMLDocument {
  /// The most rows or columns a document or component may have, and the most components: a
  /// document comes from the network, and a board is far smaller.
  public static let maxSide = 128
  public static let maxComponents = 128

  /// Reads a document from its JSON; each mistake names its path.
  public init(json: JSONValue) throws(VBMLError) {
    guard case .object(let fields) = json else {
      throw VBMLError("document", "a VBML document is a JSON object with \"components\"")
    }
    try Self.refuseUnknown(fields, known: ["props", "style", "components"], at: "document")
    switch fields["props"] {
    case nil, .null: props = [:]
    case .object(let values): props = values
    default: throw VBMLError("props", "props are a JSON object of names and values")
    }
    let style = try Self.style(fields["style"], at: "style", known: ["height", "width"])
    height = try Self.side(style["height"], at: "style.height")
    width = try Self.side(style["width"], at: "style.width")
    guard case .array(let items) = fields["components"] else {
      throw VBMLError("components", "a VBML document needs \"components\", a list")
    }
    guard items.count <= Self.maxComponents else {
      throw VBMLError("components", "at most \(Self.maxComponents) components, not \(items.count)")
    }
    components = try items.enumerated().map { index, item throws(VBMLError) in
      try VBMLComponent(json: item, at: "components[\(index)]")
    }
  }

  static func refuseUnknown(_ fields: [String: JSONValue], known: Set<String>, at path: String)
    throws(VBMLError)
  {
    if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
      throw VBMLError(
        path == "document" ? unknown : "\(path).\(unknown)",
        "not a VBML field here (known: \(known.sorted().joined(separator: ", ")))")
    }
  }

  static func style(_ value: JSONValue?, at path: String, known: Set<String>)
    throws(VBMLError) -> [String: JSONValue]
  {
    switch value {
    case nil, .null: return [:]
    case .object(let fields):
      try refuseUnknown(fields, known: known, at: path)
      return fields
    default: throw VBMLError(path, "a style is a JSON object")
    }
  }

  /// A height or width: absent or 0 means the default (as `||` does in the reference).
  static func side(_ value: JSONValue?, at path: String) throws(VBMLError) -> Int? {
    switch value {
    case nil, .null: return nil
    case .int(let number) where (0...maxSide).contains(number): return number == 0 ? nil : number
    case .double(let number)
    where number == number.rounded() && (0...Double(maxSide)).contains(number):
      return number == 0 ? nil : Int(number)
    default: throw VBMLError(path, "a whole number of cells from 1 to \(maxSide)")
    }
  }
}

extension VBMLComponent {
  init(json: JSONValue, at path: String) throws(VBMLError) {
    guard case .object(let fields) = json else {
      throw VBMLError(path, "a component is a JSON object")
    }
    if fields["calendar"] != nil {
      throw VBMLError("\(path).calendar", "VBML calendar components are not supported")
    }
    try VBMLDocument.refuseUnknown(
      fields, known: ["template", "rawCharacters", "randomColors", "style"], at: path)
    let style = try VBMLDocument.style(
      fields["style"], at: "\(path).style",
      known: ["justify", "align", "height", "width", "absolutePosition"])
    justify = try Self.choice(style["justify"], at: "\(path).style.justify", default: .left)
    align = try Self.choice(style["align"], at: "\(path).style.align", default: .top)
    height = try VBMLDocument.side(style["height"], at: "\(path).style.height")
    width = try VBMLDocument.side(style["width"], at: "\(path).style.width")
    positionCell = try Self.position(
      style["absolutePosition"], at: "\(path).style.absolutePosition")
    switch (fields["template"], fields["rawCharacters"], fields["randomColors"]) {
    case (.some(.string(let text)), nil, nil): content = .template(text)
    case (.some, nil, nil): throw VBMLError("\(path).template", "a template is a string")
    case (nil, .some(let raw), nil): content = try Self.raw(raw, at: "\(path).rawCharacters")
    case (nil, nil, .some(let random)):
      content = try Self.random(random, at: "\(path).randomColors")
    case (nil, nil, nil): content = .template("")
    default:
      throw VBMLError(path, "a component has one of template, rawCharacters and randomColors")
    }
  }

  static func choice<Choice: RawRepresentable & CaseIterable>(
    _ value: JSONValue?, at path: String, default: Choice
  ) throws(VBMLError) -> Choice where Choice.RawValue == String {
    switch value {
    case nil, .null: return `default`
    case .string(let name):
      if let choice = Choice(rawValue: name) { return choice }
      fallthrough
    default:
      throw VBMLError(
        path, "one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
    }
  }

  static func position(_ value: JSONValue?, at path: String) throws(VBMLError) -> Cell? {
    switch value {
    case nil, .null: return nil
    case .object(let fields):
      try VBMLDocument.refuseUnknown(fields, known: ["x", "y"], at: path)
      return Cell(
        x: try coordinate(fields["x"], at: "\(path).x"),
        y: try coordinate(fields["y"], at: "\(path).y"))
    default: throw VBMLError(path, "a position is {\"x\": column, \"y\": row}")
    }
  }

  static func coordinate(_ value: JSONValue?, at path: String) throws(VBMLError) -> Int {
    switch value {
    case nil, .null: return 0
    case .int(let number) where (0..<VBMLDocument.maxSide).contains(number): return number
    default: throw VBMLError(path, "a whole number from 0 to \(VBMLDocument.maxSide - 1)")
    }
  }

  static func raw(_ value: JSONValue, at path: String) throws(VBMLError) -> Content {
    if case .string(let text) = value { return .rawText(text) }
    return .raw(try rows(value, at: path))
  }

  /// Rows of codes (each a whole number from 0 to 71), at most `maxSide` by `maxSide`.
  static func rows(_ value: JSONValue, at path: String) throws(VBMLError) -> [[Int]] {
    guard case .array(let rows) = value, rows.count <= VBMLDocument.maxSide else {
      throw VBMLError(path, "rows of character codes, at most \(VBMLDocument.maxSide) of them")
    }
    return try rows.enumerated().map { index, row throws(VBMLError) in
      guard case .array(let cells) = row, cells.count <= VBMLDocument.maxSide else {
        throw VBMLError("\(path)[\(index)]", "a row of at most \(VBMLDocument.maxSide) codes")
      }
      return try cells.enumerated().map { column, cell throws(VBMLError) in
        guard case .int(let code) = cell, (0...71).contains(code) else {
          throw VBMLError("\(path)[\(index)][\(column)]", "a character code from 0 to 71")
        }
        return code
      }
    }
  }

  static func random(_ value: JSONValue, at path: String) throws(VBMLError) -> Content {
    guard case .object(let fields) = value else {
      throw VBMLError(path, "randomColors is {\"colors\": [codes]} (or {} for every colour)")
    }
    try VBMLDocument.refuseUnknown(fields, known: ["colors"], at: path)
    guard let colors = fields["colors"], colors != .null else {
      return .randomColors(Array(63...70))
    }
    guard case .array(let codes) = colors, !codes.isEmpty else {
      throw VBMLError("\(path).colors", "a list of at least one character code")
    }
    return .randomColors(
      try codes.enumerated().map { index, code throws(VBMLError) in
        guard case .int(let number) = code, (0...71).contains(number) else {
          throw VBMLError("\(path).colors[\(index)]", "a character code from 0 to 71")
        }
        return number
      })
  }
}
