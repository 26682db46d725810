import Foundation

/// A path to a value inside a JSON document, as a page's source field names it
/// (docs/sources.md): keys joined by dots, `[N]` for the Nth item of a list (from 0; `[-1]` is
/// the last), `[*]` for each item of a list in turn (the rest of the path read in each; a
/// list of what it finds), and `["key"]` for a key with dots or brackets in it. An optional
/// `$` or `$.` opens it. `current.temperature_2m`, `departures[0].line`,
/// `items[-1]["full.name"]`, `items[*].title`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  public enum Step: Sendable, Hashable {
    case key(String)
    case index(Int)
    /// `[*]`: each item of a list.
    case each
  }

  public let steps: [Step]
  /// The path as written.
  public let description: String

  public init(_ text: String) throws(JSONPathError) {
    description = text
    steps = try Self.parse(Array(text))
  }

  /// The value at the path; nil when a key is missing, an index is out of range, or a step
  /// meets a value of another kind (a key into a list).
  public func value(in document: JSONValue) -> JSONValue? {
    Self.value(in: document, steps[...])
  }

  /// True when the path has a `[*]`, so its value is a list of what each item gave.
  public var picksEach: Bool { steps.contains(.each) }

  private static func value(in document: JSONValue, _ steps: ArraySlice<Step>) -> JSONValue? {
    var current = document
    for (offset, step) in zip(steps.indices, steps) {
      switch (step, current) {
      case (.each, .array(let items)):
        // The items in which the rest of the path is found, in their order.
        return .array(items.compactMap { value(in: $0, steps[(offset + 1)...]) })
      case (.key(let key), .object(let fields)):
        guard let next = fields[key] else { return nil }
        current = next
      case (.index(let index), .array(let items)):
        let place = index < 0 ? items.count + index : index
        guard items.indices.contains(place) else { return nil }
        current = items[place]
      default: return nil
      }
    }
    return current
  }

  private static func parse(_ text: [Character]) throws(JSONPathError) -> [Step] {
    var at = 0
    if text.first == "$" {
      at = 1
      if at < text.count, text[at] == "." { at += 1 }
    }
    guard at < text.count else { throw JSONPathError(text, at, "is empty") }
    var steps: [Step] = []
    var expectKey = true
    while at < text.count {
      if text[at] == "[" {
        let (step, next) = try bracket(text, from: at)
        steps.append(step)
        at = next
      } else {
        guard expectKey else {
          throw JSONPathError(text, at, "expected '.' or '[' after \(steps.count) step(s)")
        }
        var end = at
        while end < text.count, text[end] != ".", text[end] != "[" { end += 1 }
        guard end > at else { throw JSONPathError(text, at, "has an empty key") }
        steps.append(.key(String(text[at..<end])))
        at = end
      }
      expectKey = false
      if at < text.count, text[at] == "." {
        at += 1
        guard at < text.count else { throw JSONPathError(text, at, "ends with '.'") }
        expectKey = true
      }
    }
    return steps
  }

  /// `[N]` or `["key"]` (or `['key']`) starting at `start`; the step and where it ends.
  private static func bracket(_ text: [Character], from start: Int) throws(JSONPathError) -> (
    Step, Int
  ) {
    var at = start + 1
    guard at < text.count else { throw JSONPathError(text, start, "has an unclosed '['") }
    if text[at] == "\"" || text[at] == "'" {
      let quote = text[at]
      at += 1
      var key = ""
      while at < text.count, text[at] != quote {
        if text[at] == "\\", at + 1 < text.count { at += 1 }
        key.append(text[at])
        at += 1
      }
      guard at + 1 < text.count, text[at + 1] == "]" else {
        throw JSONPathError(text, start, "has an unclosed quoted key")
      }
      return (.key(key), at + 2)
    }
    var end = at
    while end < text.count, text[end] != "]" { end += 1 }
    guard end < text.count else { throw JSONPathError(text, start, "has an unclosed '['") }
    let inside = String(text[at..<end])
    if inside == "*" { return (.each, end + 1) }
    guard let index = Int(inside), inside.count <= 9 else {
      throw JSONPathError(
        text, at,
        "'[\(inside)]' is not an index such as [0] or [-1], [*] (each item) or a quoted key")
    }
    return (.index(index), end + 1)
  }
}

/// A path that cannot be read: where (a character, counted from 1) and why.
public struct JSONPathError: Error, Sendable, Hashable, CustomStringConvertible {
  public let path: String
  public let position: Int
  public let message: String

  init(_ text: [Character], _ at: Int, _ message: String) {
    (path, position, self.message) = (String(text), at + 1, message)
  }

  public var description: String { "the path '\(path)' \(message) (at character \(position))" }
}

extension JSONValue {
  /// The value as a page shows it: a string as it is, a number without a needless `.0`, true
  /// or false, nothing for null, a list's items joined by ", ", an object as JSON.
  public var pageText: String {
    switch self {
    case .null: return ""
    case .bool(let value): return value ? "true" : "false"
    case .int(let value): return String(value)
    case .double(let value):
      if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
      return String(value)
    case .string(let value): return value
    case .array(let items): return items.map(\.pageText).joined(separator: ", ")
    case .object:
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      // Encoding a JSONValue cannot fail: its numbers came from JSON, so they are finite.
      return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
  }
}
