import ClackAPI
import ClackRuntime
import Foundation

/// Why a payload was refused: published on `…/error` and logged.
public struct MQTTPayloadError: Error, Sendable, Hashable, CustomStringConvertible {
  public let code: String
  public let message: String
  public var field: String?

  public init(code: String, message: String, field: String? = nil) {
    self.code = code
    self.message = message
    self.field = field
  }

  public var description: String { message }
}

/// Reads MQTT payloads. They are bytes: anything may arrive, so nothing here traps.
public enum MQTTPayload {
  /// The biggest payload read; larger ones are refused, as the HTTP API refuses large bodies.
  public static let maxBytes = MessageRequest.maxBodyBytes

  /// A message payload as the REST API's JSON body: `{…}` is that body itself (or, with
  /// `components` and no message field, a VBML document), `[[…]]` is rows of character codes
  /// (as a Vestaboard takes them), and anything else is the text.
  public static func messageBody(_ payload: [UInt8]) throws(MQTTPayloadError) -> JSONValue {
    let text = try utf8(payload)
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      throw MQTTPayloadError(
        code: "empty", message: "the payload is empty; send text or a JSON message")
    }
    guard let first = trimmed.first, first == "{" || first == "[" else {
      return .object(["text": .string(trimmed)])
    }
    guard let json = JSONValue.parse(Data(trimmed.utf8)) else {
      throw MQTTPayloadError(
        code: "invalid_json",
        message: "the payload starts with \(first) but is not valid JSON; "
          + "send plain text, a JSON message such as {\"text\": \"HELLO\"}, or rows of codes")
    }
    if case .array = json { return .object(["characters": json]) }
    if case .object(let fields) = json, fields["components"] != nil, fields["text"] == nil,
      fields["characters"] == nil, fields["vbml"] == nil
    {
      return .object(["vbml": json])
    }
    return json
  }

  /// `home`, `quiet on`, `quiet off`, `clear`, `brightness N` (0–15), `script NAME` or
  /// `page NAME` (a page's name keeps its case), in any case, with spaces around allowed: the board commands of the service's vocabulary (pins,
  /// removals and quotes go through the REST API, which answers with ids).
  public static func command(_ payload: [UInt8]) throws(MQTTPayloadError) -> BoardCommand {
    let text = try utf8(payload)
    let words = text.lowercased().split(whereSeparator: \.isWhitespace)
    switch words {
    case ["home"]: return .home
    case ["clear"]: return .clear
    case ["quiet", "on"]: return .quiet(true)
    case ["quiet", "off"]: return .quiet(false)
    case let words where words.count == 2 && words[0] == "brightness":
      guard let level = Int(words[1]), (0...15).contains(level) else {
        throw MQTTPayloadError(
          code: "invalid_brightness",
          message: "brightness must be a whole number from 0 to 15, not '\(words[1])'",
          field: "brightness")
      }
      return .brightness(level)
    case let words where words.count == 2 && words[0] == "script":
      guard let script = RunicScript(rawValue: String(words[1])) else {
        throw MQTTPayloadError(
          code: "invalid_script",
          message: "'\(words[1])' is not a script; scripts: \(RunicScript.names)",
          field: "script")
      }
      return .script(script)
    case let words where words.count == 2 && words[0] == "page":
      return .showPage(String(text.split(whereSeparator: \.isWhitespace)[1]))
    default:
      let shown = String(decoding: payload.prefix(40), as: UTF8.self)
      throw MQTTPayloadError(
        code: "unknown_command",
        message:
          "'\(shown)' is not a command; commands: home, quiet on, quiet off, clear, brightness N, "
          + "script NAME, page NAME")
    }
  }

  private static func utf8(_ payload: [UInt8]) throws(MQTTPayloadError) -> String {
    guard payload.count <= maxBytes else {
      throw MQTTPayloadError(
        code: "too_large",
        message: "the payload is \(payload.count) bytes; the most a board takes is \(maxBytes)")
    }
    guard let text = String(validating: payload, as: UTF8.self) else {
      throw MQTTPayloadError(code: "invalid_utf8", message: "the payload is not valid UTF-8")
    }
    return text
  }
}
