import ClackContent
import ClackCore
import Foundation

/// A `POST /api/v1/messages` body, read field by field so every mistake names its field.
public enum MessageRequest {
  /// The largest body a face reads (an HTTP body, an MQTT payload): 64 KiB.
  public static let maxBodyBytes = 64 * 1024

  public static let fields: Set<String> = [
    "text", "characters", "sender", "justify", "align", "priority", "expires_in", "not_before",
    "pinned", "zone", "transition", "step_size", "step_interval_ms", "tags", "replace",
    "bypass_quiet_hours", "duration", "script", "vbml",
  ]

  /// The message, or the error to answer with. `defaultSender` is used when the body has
  /// no `sender`. (Whether its zone exists and it fits is the accept service's to say.)
  public static func parse(_ body: JSONValue?, defaultSender: String, now: Date) throws(APIError)
    -> NewMessage
  {
    guard case .object(let object) = body else {
      throw APIError(
        .badRequest, code: "invalid_json",
        message: "the body must be a JSON object such as {\"text\": \"HELLO\"}")
    }
    if let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
      throw .badRequest(
        unknown, "unknown field; known fields: \(fields.sorted().joined(separator: ", "))")
    }
    let reader = FieldReader(object: object)
    let sender = try reader.string("sender") ?? defaultSender
    let body: MessageBody
    if let document = object["vbml"] {
      body = try vbml(document, object: object)
    } else {
      body = try textOrCodes(object, reader: reader)
    }
    var message = NewMessage(sender: sender, body: body)
    message.priority = try reader.choice("priority", MessagePriority.self) ?? .normal
    message.expiresIn = try reader.duration("expires_in")
    message.duration = try reader.duration("duration")
    message.notBefore = try reader.instant("not_before", now: now)
    message.pinned = try reader.bool("pinned") ?? false
    message.replacesPrevious = try reader.bool("replace") ?? true
    message.bypassQuietHours = try reader.bool("bypass_quiet_hours") ?? false
    message.tags = try reader.strings("tags") ?? []
    message.transition = try reader.transition(named: "transition")
    message.zone = try reader.string("zone")
    message.script = try reader.choice("script", RunicScript.self)
    return message
  }

  /// `text` (with its justify and align) or `characters`, one of the two.
  static func textOrCodes(_ object: [String: JSONValue], reader: FieldReader) throws(APIError)
    -> MessageBody
  {
    switch (object["text"], object["characters"]) {
    case (.some, .some):
      throw .badRequest("text", "give either text or characters, not both")
    case (.none, .none):
      throw .badRequest("text", "a message needs text, characters or vbml")
    case (.some, .none):
      return .text(
        try reader.string("text") ?? "", justify: try reader.choice("justify", Justify.self),
        align: try reader.choice("align", Align.self))
    case (.none, .some(let value)):
      if object["script"] != nil {
        throw .badRequest("script", "a script is for text; characters are shown as they are")
      }
      return .codes(try codes(value))
    }
  }

  /// A VBML document (docs/vbml.md), on its own: text, characters and the text's layout
  /// fields do not go with it.
  public static func vbml(_ value: JSONValue, object: [String: JSONValue]) throws(APIError)
    -> MessageBody
  {
    for field in ["text", "characters", "justify", "align", "script"] where object[field] != nil {
      throw .badRequest(field, "a VBML message lays itself out; \(field) does not go with vbml")
    }
    do {
      return .vbml(try VBMLDocument(json: value))
    } catch {
      throw APIError(
        .badRequest, code: "invalid_vbml", message: "vbml.\(error.description)",
        details: ["field": .string("vbml.\(error.path)")])
    }
  }

  /// Rows of character codes: an array of arrays of whole numbers.
  public static func codes(_ value: JSONValue) throws(APIError) -> [[Int]] {
    guard case .array(let rows) = value, !rows.isEmpty else {
      throw .badRequest("characters", "must be a non-empty array of rows of character codes")
    }
    var result: [[Int]] = []
    for (index, row) in rows.enumerated() {
      guard case .array(let cells) = row else {
        throw .badRequest("characters[\(index)]", "must be an array of character codes")
      }
      var codes: [Int] = []
      for (col, cell) in cells.enumerated() {
        guard case .int(let code) = cell else {
          throw .badRequest("characters[\(index)][\(col)]", "must be a whole number (a code)")
        }
        codes.append(code)
      }
      result.append(codes)
    }
    return result
  }
}

/// Typed reads of a JSON object's fields, each error naming the field.
public struct FieldReader {
  public let object: [String: JSONValue]

  public init(object: [String: JSONValue]) { self.object = object }

  public func string(_ name: String) throws(APIError) -> String? {
    switch object[name] {
    case .none, .null: return nil
    case .string(let value): return value
    default: throw .badRequest(name, "must be a string")
    }
  }

  /// A whole number within `range`.
  public func int(_ name: String, in range: ClosedRange<Int>) throws(APIError) -> Int? {
    switch object[name] {
    case .none, .null: return nil
    case .int(let value) where range.contains(value): return value
    default:
      throw .badRequest(
        name, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
  }

  /// A transition: its name in `field`, with `step_size` and `step_interval_ms` beside it.
  public func transition(named field: String) throws(APIError) -> TransitionSpec? {
    let stepSize = try int("step_size", in: TransitionSpec.stepSizes)
    let interval = try int("step_interval_ms", in: TransitionSpec.stepIntervals)
    guard let name = try string(field) else {
      if stepSize != nil || interval != nil {
        throw .badRequest(
          field, "step_size and step_interval_ms need a \(field) such as \"column\"")
      }
      return nil
    }
    guard let kind = Transition.Kind(rawValue: name) else {
      throw .badRequest(
        field,
        "'\(name)' is not one of: "
          + Transition.Kind.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return TransitionSpec(kind: kind, stepSize: stepSize, stepIntervalMilliseconds: interval)
  }

  public func bool(_ name: String) throws(APIError) -> Bool? {
    switch object[name] {
    case .none, .null: return nil
    case .bool(let value): return value
    default: throw .badRequest(name, "must be true or false")
    }
  }

  public func strings(_ name: String) throws(APIError) -> [String]? {
    switch object[name] {
    case .none, .null: return nil
    case .array(let items):
      var out: [String] = []
      for item in items {
        guard case .string(let text) = item else {
          throw .badRequest(name, "must be an array of strings")
        }
        out.append(text)
      }
      return out
    default: throw .badRequest(name, "must be an array of strings")
    }
  }

  /// One of an enum's cases, by its name.
  public func choice<T: RawRepresentable & CaseIterable>(_ name: String, _: T.Type) throws(APIError)
    -> T? where T.RawValue == String
  {
    guard let value = try string(name) else { return nil }
    guard let choice = T(rawValue: value) else {
      throw .badRequest(
        name,
        "'\(value)' is not one of: " + T.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return choice
  }

  /// Seconds as a number, or a duration such as "2h".
  public func duration(_ name: String) throws(APIError) -> TimeInterval? {
    switch object[name] {
    case .none, .null: return nil
    case .int(let seconds) where seconds > 0 && seconds <= 366 * 86400: return Double(seconds)
    case .double(let seconds) where seconds > 0 && seconds <= 366 * 86400: return seconds
    case .string(let text):
      guard let seconds = DurationText.seconds(text), seconds > 0, seconds <= 366 * 86400 else {
        throw .badRequest(name, "'\(text)' is not a duration such as 90s, 30m or 2h")
      }
      return seconds
    default: throw .badRequest(name, "must be seconds from 1 to 366 days, or text such as 2h")
    }
  }

  /// An ISO 8601 time, or Unix seconds.
  public func instant(_ name: String, now: Date) throws(APIError) -> Date? {
    switch object[name] {
    case .none, .null: return nil
    case .int(let seconds) where seconds >= 0 && seconds < 100_000_000_000:
      return Date(timeIntervalSince1970: TimeInterval(seconds))
    case .string(let text):
      // The format style takes fractional seconds or none, and parses in about a
      // microsecond; a new ISO8601DateFormatter (ICU) took over 100.
      if let date = try? Date(text, strategy: .iso8601) { return date }
      throw .badRequest(name, "'\(text)' is not an ISO 8601 time such as 2026-11-22T07:00:00Z")
    default: throw .badRequest(name, "must be an ISO 8601 time or Unix seconds")
    }
  }
}
