import ClackContent
import ClackCore

/// A Vestaboard Local API `POST /local-api/message` body (docs/vestaboard.md), read as
/// `MessageRequest` reads the REST body, so every mistake names its field.
public enum LocalAPIRequest {
  /// The sender Local API messages are queued under.
  public static let sender = "local-api"

  public static let fields: Set<String> = [
    "characters", "strategy", "step_size", "step_interval_ms", "text", "script", "vbml",
  ]

  /// The body is either the rows of codes, or `{"characters", "strategy", "step_size",
  /// "step_interval_ms"}`. Clack's extensions: `{"text", "script"}` in place of `characters`,
  /// laid out (and written in runes) as the REST API lays it out, or `{"vbml": document}`.
  public static func parse(_ json: JSONValue?) throws(APIError) -> NewMessage {
    var message: NewMessage
    switch json {
    case .array:
      message = NewMessage(sender: sender, body: .codes(try MessageRequest.codes(json!)))
    case .object(let object):
      if let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
        throw .badRequest(
          unknown, "unknown field; known fields: \(fields.sorted().joined(separator: ", "))")
      }
      let reader = FieldReader(object: object)
      if let document = object["vbml"] {
        message = NewMessage(
          sender: sender, body: try MessageRequest.vbml(document, object: object))
        message.transition = try reader.transition(named: "strategy")
        return message
      }
      switch (object["characters"], object["text"]) {
      case (.some(let characters), .none):
        if object["script"] != nil {
          throw .badRequest("script", "a script is for text; characters are shown as they are")
        }
        message = NewMessage(sender: sender, body: .codes(try MessageRequest.codes(characters)))
      case (.none, .some):
        message = NewMessage(sender: sender, body: .text(try reader.string("text") ?? ""))
        message.script = try reader.choice("script", RunicScript.self)
      case (.some, .some):
        throw .badRequest("text", "give either characters or text, not both")
      case (.none, .none):
        throw .badRequest("characters", "a message needs characters (rows of codes)")
      }
      message.transition = try reader.transition(named: "strategy")
    default:
      throw APIError(
        .badRequest, code: "invalid_json",
        message: "the body must be rows of character codes, or {\"characters\": rows, …}")
    }
    return message
  }
}
