/// The part of Mustache that VBML templates use, with the semantics of mustache.js (which
/// Vestaboard's reference implementation renders props with): `{{name}}` (HTML-escaped, as
/// mustache.js escapes: a prop "A&B" shows as "A&AMP;B"), `{{{name}}}` and `{{& name}}` (as
/// they are), dotted names, `{{.}}`, sections `{{#name}}…{{/name}}` over lists and truthy
/// values, inverted sections `{{^name}}…{{/name}}`, and comments. Partials and changed
/// delimiters are refused by name. A tag alone on its line takes the line with it, as Mustache
/// says.
struct VBMLMustache {
  enum Node: Equatable {
    case text(String)
    case value(name: String, escaped: Bool)
    case section(name: String, inverted: Bool, body: [Node])
  }

  let nodes: [Node]

  init(_ template: String) throws(VBMLError) {
    var parser = Parser(text: Self.strippingStandaloneLines(template))
    nodes = try parser.parse(until: nil)
  }

  func render(_ props: [String: JSONValue]) -> String {
    var output = ""
    Self.render(nodes, stack: [.object(props)], into: &output)
    return output
  }

  // MARK: - Rendering

  private static func render(_ nodes: [Node], stack: [JSONValue], into output: inout String) {
    for node in nodes {
      switch node {
      case .text(let text): output += text
      case .value(let name, let escaped):
        guard let value = lookup(name, in: stack) else { continue }
        let text = value.mustacheText
        output += escaped ? escapeHTML(text) : text
      case .section(let name, let inverted, let body):
        let value = lookup(name, in: stack)
        if inverted {
          if !(value?.isTruthy ?? false) || value == .array([]) {
            render(body, stack: stack, into: &output)
          }
          continue
        }
        guard let value, value.isTruthy else { continue }
        switch value {
        case .array(let items):
          for item in items { render(body, stack: stack + [item], into: &output) }
        case .bool: render(body, stack: stack, into: &output)
        default: render(body, stack: stack + [value], into: &output)
        }
      }
    }
  }

  /// `name` looked up from the innermost context out; a dotted name's first part decides the
  /// context, the rest walks into it. Nil for a name no context has (renders as nothing).
  static func lookup(_ name: String, in stack: [JSONValue]) -> JSONValue? {
    if name == "." { return stack.last }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    for context in stack.reversed() {
      guard case .object(let fields) = context, var value = fields[parts[0]] else { continue }
      for part in parts.dropFirst() {
        guard case .object(let inner) = value, let next = inner[part] else { return nil }
        value = next
      }
      return value
    }
    return nil
  }

  /// mustache.js's escape: `& < > " ' / \` =` as HTML entities.
  static func escapeHTML(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      case "/": escaped += "&#x2F;"
      case "`": escaped += "&#x60;"
      case "=": escaped += "&#x3D;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  // MARK: - Parsing

  /// Lines that hold only white space and section, comment, partial or delimiter tags lose
  /// the white space and their line break (Mustache's standalone tags).
  static func strippingStandaloneLines(_ template: String) -> String {
    guard template.contains("{{") else { return template }
    var output = ""
    let lines = template.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      let last = index == lines.count - 1
      if isStandalone(line) {
        output += line.filter { $0 != " " && $0 != "\t" && $0 != "\r" }
      } else {
        output += line
        if !last { output += "\n" }
      }
    }
    return output
  }

  private static func isStandalone(_ line: Substring) -> Bool {
    var rest = line.drop { $0 == " " || $0 == "\t" }
    var tags = 0
    while rest.hasPrefix("{{") {
      guard let kind = rest.dropFirst(2).first, "#^/!>=".contains(kind),
        let end = rest.range(of: "}}")
      else { return false }
      tags += 1
      rest = rest[end.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\r" }
    }
    return tags > 0 && rest.isEmpty
  }

  private struct Parser {
    let text: String
    var index: String.Index

    init(text: String) {
      self.text = text
      index = text.startIndex
    }

    mutating func parse(until closing: String?) throws(VBMLError) -> [Node] {
      var nodes: [Node] = []
      while index < text.endIndex {
        guard let open = text.range(of: "{{", range: index..<text.endIndex) else {
          nodes.append(.text(String(text[index...])))
          index = text.endIndex
          break
        }
        if open.lowerBound > index { nodes.append(.text(String(text[index..<open.lowerBound]))) }
        let triple = text[open.upperBound...].hasPrefix("{")
        let closeMark = triple ? "}}}" : "}}"
        let contentStart = triple ? text.index(after: open.upperBound) : open.upperBound
        guard let close = text.range(of: closeMark, range: contentStart..<text.endIndex) else {
          throw VBMLError(
            "template", "a Mustache tag is not closed: \(text[open.lowerBound...].prefix(20))")
        }
        index = close.upperBound
        let content = text[contentStart..<close.lowerBound].trimmingSpaces
        if triple {
          nodes.append(.value(name: content, escaped: false))
          continue
        }
        let sigil = content.first
        let name = String(content.dropFirst()).trimmingSpaces
        switch sigil {
        case "!": continue
        case "&": nodes.append(.value(name: name, escaped: false))
        case "#", "^":
          let body = try parse(until: name)
          nodes.append(.section(name: name, inverted: sigil == "^", body: body))
        case "/":
          guard name == closing else {
            throw VBMLError("template", "Mustache section {{/\(name)}} closes nothing open")
          }
          return nodes
        case ">":
          throw VBMLError("template", "Mustache partials ({{>\(name)}}) are not supported")
        case "=":
          throw VBMLError("template", "changing Mustache's delimiters ({{=…=}}) is not supported")
        default: nodes.append(.value(name: content, escaped: true))
        }
      }
      if let closing {
        throw VBMLError("template", "Mustache section {{#\(closing)}} is not closed")
      }
      return nodes
    }
  }
}

extension StringProtocol {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}

extension JSONValue {
  /// JavaScript's truthiness, as mustache.js tests a section's value.
  var isTruthy: Bool {
    switch self {
    case .null: false
    case .bool(let value): value
    case .int(let value): value != 0
    case .double(let value): value != 0 && !value.isNaN
    case .string(let value): !value.isEmpty
    case .array, .object: true
    }
  }

  /// The value as JavaScript's `String(value)` writes it, which mustache.js prints.
  var mustacheText: String {
    switch self {
    case .null: ""
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .double(let value): JavaScriptNumber.text(value)
    case .string(let value): value
    case .array(let items): items.map { $0 == .null ? "" : $0.mustacheText }.joined(separator: ",")
    case .object: "[object Object]"
    }
  }
}

/// JavaScript's `Number.prototype.toString()`: the shortest digits that round-trip (as Swift
/// prints them), in fixed notation from 1e-7 up to 1e21 and in exponent notation outside.
enum JavaScriptNumber {
  static func text(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    if value == 0 { return "0" }
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
      return String(format: "%.0f", value)
    }
    let swift = "\(value)"
    guard let e = swift.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return swift }
    let mantissa = String(swift[..<e])
    guard let exponent = Int(swift[swift.index(after: e)...]) else { return swift }
    if abs(value) >= 1e21 || abs(value) < 1e-6 {
      let digits = mantissa.hasSuffix(".0") ? String(mantissa.dropLast(2)) : mantissa
      return digits + "e" + (exponent >= 0 ? "+" : "-") + String(abs(exponent))
    }
    // In range but printed by Swift with an exponent (below 1e-4): write it out.
    let negative = mantissa.hasPrefix("-")
    let digits = mantissa.filter(\.isNumber)
    let point =
      (mantissa.drop { $0 == "-" }.firstIndex(of: ".").map {
        mantissa.drop { $0 == "-" }.distance(from: mantissa.drop { $0 == "-" }.startIndex, to: $0)
      }) ?? digits.count
    let shift = point + exponent
    var trimmed = digits
    while trimmed.hasSuffix("0"), trimmed.count > 1 { trimmed.removeLast() }
    let body =
      shift <= 0
      ? "0." + String(repeating: "0", count: -shift) + trimmed
      : (shift >= trimmed.count
        ? trimmed + String(repeating: "0", count: shift - trimmed.count)
        : String(trimmed.prefix(shift)) + "." + trimmed.dropFirst(shift))
    return (negative ? "-" : "") + body
  }
}
