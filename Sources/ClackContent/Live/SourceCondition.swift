import ClackCore
import Foundation

/// A run-of-show entry's `while:` (docs/content.md): it holds while a live source's data say
/// so. `SOURCE.PATH` holds while there is something at the path (a calendar's `work.soon`
/// for the few minutes before an event); `SOURCE.PATH = TEXT` while the value reads TEXT
/// there (`house.binary_sensor.front_door.state = on`), and `!=` while it does not. A bare
/// `SOURCE` holds while the source has any data.
public struct SourceCondition: Sendable, Hashable, CustomStringConvertible {
  /// What the value at the path must be.
  public enum Test: Sendable, Hashable {
    /// Something: not null, false, 0, an empty text, list or object.
    case something
    /// Reading this text as a page shows it (`JSONValue.pageText`).
    case equals(String)
    /// Something at the path that does not read this text.
    case differs(String)
  }

  /// The source's name (letters, digits, `-` and `_`, so the first `.` or `[` ends it).
  public let source: String
  /// Where in its data; nil for the data as a whole.
  public let path: JSONPath?
  public let test: Test
  /// As written.
  public let description: String

  public init(_ text: String) throws(RunOfShowError) {
    description = text
    let (reference, test) = try Self.split(text)
    self.test = test
    let end = reference.firstIndex { $0 == "." || $0 == "[" } ?? reference.endIndex
    source = String(reference[..<end])
    guard !source.isEmpty else {
      throw RunOfShowError(
        field: "while", "must start with a source's name, such as work.soon (source work)")
    }
    guard end < reference.endIndex else {
      path = nil
      return
    }
    // `work.soon` reads `soon`; `feed[0]` reads `[0]`.
    let rest =
      reference[end] == "." ? reference[reference.index(after: end)...] : reference[end...]
    guard !rest.isEmpty else {
      throw RunOfShowError(
        field: "while", "'\(reference)' ends before its path: write \(source).PATH")
    }
    do {
      path = try JSONPath(String(rest))
    } catch {
      throw RunOfShowError(field: "while", "the path after '\(source)': \(error)")
    }
  }

  /// `REFERENCE = TEXT` or `REFERENCE != TEXT` at the first `=` outside brackets (a path's
  /// `["a=b"]` key keeps its own), spaces around it dropped; else the reference alone.
  private static func split(_ text: String) throws(RunOfShowError) -> (Substring, Test) {
    var depth = 0
    for index in text.indices {
      switch text[index] {
      case "[": depth += 1
      case "]": depth -= 1
      case "=" where depth == 0:
        let negated = index > text.startIndex && text[text.index(before: index)] == "!"
        let end = negated ? text.index(before: index) : index
        let reference = text[..<end].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: index)...].trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else {
          throw RunOfShowError(
            field: "while",
            "'\(text)' has nothing after '\(negated ? "!=" : "=")': write such as "
              + "house.sensor.door.state = on")
        }
        return (Substring(reference), negated ? .differs(value) : .equals(value))
      default: break
      }
    }
    return (Substring(text.trimmingCharacters(in: .whitespaces)), .something)
  }

  /// True when `readings` say so at the path. Nothing there (a source with no data yet, a
  /// path not in its data) holds nothing, whatever the test; a stale source holds what its
  /// last good data had.
  public func holds(in readings: SourceSnapshot) -> Bool {
    guard let data = readings[source]?.data, let value = path.map({ $0.value(in: data) }) ?? data
    else { return false }
    switch test {
    case .something: return Self.isSomething(value)
    case .equals(let text): return value.pageText == text
    case .differs(let text): return value.pageText != text
    }
  }

  private static func isSomething(_ value: JSONValue) -> Bool {
    switch value {
    case .null: false
    case .bool(let flag): flag
    case .int(let number): number != 0
    case .double(let number): number != 0
    case .string(let text): !text.isEmpty
    case .array(let items): !items.isEmpty
    case .object(let fields): !fields.isEmpty
    }
  }
}
