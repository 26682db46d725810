import Foundation

/// A JSON value, for answers and error details built by hand and for reading request bodies
/// with errors that name the field.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Compact JSON text with sorted keys.
  public var serialized: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .double(let value): value.isFinite ? String(value) : "null"
    case .string(let value): Self.quote(value)
    case .array(let items): "[" + items.map(\.serialized).joined(separator: ",") + "]"
    case .object(let fields):
      "{"
        + fields.keys.sorted().map { Self.quote($0) + ":" + fields[$0]!.serialized }
        .joined(separator: ",") + "}"
    }
  }

  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// Parses JSON text; nil when it is not JSON (or not UTF-8).
  public static func parse(_ data: Data) -> JSONValue? {
    try? JSONDecoder().decode(JSONValue.self, from: data)
  }

  /// Rows of character codes, or null.
  public static func codes(_ rows: [[Int]]?) -> JSONValue {
    rows.map { .array($0.map { .array($0.map(JSONValue.int)) }) } ?? .null
  }

  /// A Date as ISO 8601 text.
  public static func date(_ date: Date) -> JSONValue {
    .string(ISO8601DateFormatter().string(from: date))
  }
}

extension JSONValue: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }
}
