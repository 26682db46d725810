import ClackAPI
import ClackContent
import ClackStore
import Foundation

/// Messages and quotes as the API shows them.
enum Views {
  static func message(_ message: Message, history: [MessageEvent]? = nil) -> JSONValue {
    var fields: [String: JSONValue] = [
      "id": .int(Int(message.id)),
      "sender": .string(message.sender),
      "priority": .string(message.priority.rawValue),
      "state": .string(message.state.rawValue),
      "created_at": .date(message.createdAt),
      "not_before": .date(message.notBefore),
      "expires_at": .date(message.expiresAt),
      "pinned": .bool(message.pinned),
      "tags": .array(message.tags.map(JSONValue.string)),
      "zone": .string(message.zone),
      "bypass_quiet_hours": .bool(message.bypassQuietHours),
    ]
    if let spec = message.transition {
      fields["transition"] = .string(spec.kind.rawValue)
      if let size = spec.stepSize { fields["step_size"] = .int(size) }
      if let interval = spec.stepIntervalMilliseconds {
        fields["step_interval_ms"] = .int(interval)
      }
    }
    switch message.body {
    case .text(let text, let justify, let align):
      fields["text"] = .string(text)
      if let justify { fields["justify"] = .string(justify.rawValue) }
      if let align { fields["align"] = .string(align.rawValue) }
    case .codes(let rows):
      fields["characters"] = .array(rows.map { .array($0.map(JSONValue.int)) })
    }
    if let history {
      fields["history"] = .array(
        history.map {
          .object([
            "state": .string($0.state.rawValue), "at": .date($0.at), "reason": .string($0.reason),
          ])
        })
    }
    return .object(fields)
  }

  static func quote(_ quote: StoredQuote) -> JSONValue {
    .object([
      "id": .int(Int(quote.id ?? 0)), "text": .string(quote.text),
      "author": .string(quote.author), "source": .string(quote.source),
    ])
  }

}
