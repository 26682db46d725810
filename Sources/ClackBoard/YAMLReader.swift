import Foundation
package import Yams

/// Typed access to a YAML node that remembers its path and position, so every error can name
/// the file, line and field. Unknown keys are reported too: a misspelt field should not be
/// silently ignored.
package struct YAMLReader {
  package let file: String
  package let node: Node
  package let path: String

  package init(file: String, node: Node, path: String) {
    self.file = file
    self.node = node
    self.path = path
  }

  package func error(_ message: String, at node: Node? = nil) -> BoardFileError {
    let mark = (node ?? self.node).mark
    return BoardFileError(
      file: file, line: mark?.line, column: mark?.column, field: path.isEmpty ? nil : path,
      message: message)
  }

  /// The child readers of a mapping, after checking that only `allowed` keys are present and
  /// every `required` one is.
  package func fields(allowed: [String], required: [String]) throws(BoardFileError) -> YAMLFields {
    guard let mapping = node.mapping else {
      throw error("must be a mapping of fields (\(allowed.joined(separator: ", ")))")
    }
    var children: [String: YAMLReader] = [:]
    for (key, value) in mapping {
      guard let name = key.string else { throw error("field names must be text", at: key) }
      let childPath = path.isEmpty ? name : "\(path).\(name)"
      guard allowed.contains(name) else {
        throw YAMLReader(file: file, node: key, path: childPath).error(
          "unknown field; known fields here: \(allowed.joined(separator: ", "))")
      }
      children[name] = YAMLReader(file: file, node: value, path: childPath)
    }
    let fields = YAMLFields(parent: self, children: children)
    for name in required { _ = try fields.required(name) }
    return fields
  }

  package func string() throws(BoardFileError) -> String {
    guard let scalar = node.scalar else { throw error("must be text") }
    return scalar.string
  }

  package func int(in range: ClosedRange<Int>) throws(BoardFileError) -> Int {
    guard let scalar = node.scalar, let value = YAMLReader.parseInt(scalar.string) else {
      throw error("must be a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    guard range.contains(value) else {
      throw error("\(value) is out of range \(range.lowerBound)-\(range.upperBound)")
    }
    return value
  }
}

extension YAMLReader {
  /// The text of a YAML file, or an error saying why it cannot be had.
  package static func text(atPath path: String) throws(BoardFileError) -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw BoardFileError(
        file: path, line: nil, column: nil, field: nil,
        message: exists ? "cannot be read (check its permissions)" : "no such file")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw BoardFileError(
        file: path, line: nil, column: nil, field: nil, message: "is not UTF-8 text")
    }
    return text
  }

  /// A reader for the document in `yaml`; `file` is only used in error messages.
  package static func root(yaml: String, file: String) throws(BoardFileError) -> YAMLReader {
    guard let reader = try rootIfAny(yaml: yaml, file: file) else {
      throw BoardFileError(
        file: file, line: nil, column: nil, field: nil, message: "the file is empty")
    }
    return reader
  }

  /// A reader for the document in `yaml`, or nil when it holds none (only comments, say).
  package static func rootIfAny(yaml: String, file: String) throws(BoardFileError) -> YAMLReader? {
    do {
      // No implicit tags: every reader here parses the scalar's text itself, and Yams's
      // default resolver compiles seven regular expressions with ICU (its regex engine and
      // Unicode data, resident from then on) to tag scalars nobody reads the tags of.
      guard let node = try Yams.compose(yaml: yaml, .basic) else { return nil }
      return YAMLReader(file: file, node: node, path: "")
    } catch let error as BoardFileError {
      throw error
    } catch {
      throw BoardFileError(
        file: file, line: nil, column: nil, field: nil, message: "is not valid YAML: \(error)")
    }
  }

  /// Decimal, or hexadecimal with 0x (I2C addresses are written that way).
  package static func parseInt(_ text: String) -> Int? {
    let lower = text.lowercased()
    if lower.hasPrefix("0x") { return Int(lower.dropFirst(2), radix: 16) }
    if lower.hasPrefix("-0x") { return Int(lower.dropFirst(3), radix: 16).map { -$0 } }
    return Int(text)
  }

  package func bool() throws(BoardFileError) -> Bool {
    switch node.scalar?.string.lowercased() {
    case "true", "yes", "on": return true
    case "false", "no", "off": return false
    default: throw error("must be true or false")
    }
  }

  package func double(in range: ClosedRange<Double>) throws(BoardFileError) -> Double {
    guard let scalar = node.scalar, let value = Double(scalar.string) else {
      throw error("must be a number from \(range.lowerBound) to \(range.upperBound)")
    }
    guard range.contains(value) else {
      throw error("\(value) is out of range \(range.lowerBound)-\(range.upperBound)")
    }
    return value
  }

  /// One of `choices`.
  package func choice(_ choices: [String]) throws(BoardFileError) -> String {
    let value = try string()
    guard choices.contains(value) else {
      throw error("'\(value)' is not one of: \(choices.joined(separator: ", "))")
    }
    return value
  }

  /// The entries of a mapping whose keys are names the user chooses, in the file's order.
  package func namedEntries() throws(BoardFileError) -> [(name: String, value: YAMLReader)] {
    guard let mapping = node.mapping else { throw error("must be a mapping of names to values") }
    var entries: [(name: String, value: YAMLReader)] = []
    for (key, value) in mapping {
      guard let name = key.string else { throw error("names must be text", at: key) }
      let childPath = path.isEmpty ? name : "\(path).\(name)"
      entries.append((name, YAMLReader(file: file, node: value, path: childPath)))
    }
    return entries
  }

  /// The items of a sequence, each with its path (`field[2]`).
  package func items() throws(BoardFileError) -> [YAMLReader] {
    guard let sequence = node.sequence else { throw error("must be a list") }
    return sequence.enumerated().map { index, item in
      YAMLReader(file: file, node: item, path: "\(path)[\(index)]")
    }
  }
}

/// The fields of one mapping.
package struct YAMLFields {
  package let parent: YAMLReader
  package let children: [String: YAMLReader]

  package subscript(name: String) -> YAMLReader? { children[name] }

  package func required(_ name: String) throws(BoardFileError) -> YAMLReader {
    guard let child = children[name] else {
      throw parent.error("the field '\(name)' is missing")
    }
    return child
  }
}
