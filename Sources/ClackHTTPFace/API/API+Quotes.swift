import ClackAPI
import ClackCore
import ClackRuntime
import ClackStore
import Foundation
import Hummingbird

extension API {
  /// `GET /quotes/today`, `GET /quotes`, `POST /quotes` (one `{text, author}` or
  /// `{"quotes": [...]}`), `DELETE /quotes/{id}`.
  func addQuoteRoutes(_ group: RouterGroup<ClackRequestContext>) {
    group.get("quotes/today") { _, _ in
      let now = clock.now()
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = config.timeZone
      let parts = calendar.dateComponents([.year, .month, .day], from: now)
      let quotes = try store.quotes().map(\.quote)
      guard
        let day = CivilDate(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0),
        let quote = QuoteOfTheDay(pool: quotes).quote(on: day)
      else { throw APIError.notFound("the quote library is empty") }
      return Self.json(
        QuoteOfTheDayView(date: day.description, text: quote.text, author: quote.author))
    }
    group.get("quotes") { _, _ in
      Self.json(QuoteList(quotes: try store.quotes().map(QuoteView.init)))
    }
    group.post("quotes") { request, _ in
      let body = JSONValue.parse(Data(buffer: try await self.body(of: request)))
      let items: [JSONValue]
      switch body {
      case .object(let fields) where fields["quotes"] != nil:
        guard case .array(let list) = fields["quotes"] else {
          throw APIError.badRequest("quotes", "must be an array of {text, author}")
        }
        items = list
      case .object: items = [body!]
      default:
        throw APIError(
          .badRequest, code: "invalid_json",
          message: "the body must be {\"text\": …, \"author\": …} or {\"quotes\": [...]}")
      }
      var added: [QuoteView] = []
      for (index, item) in items.enumerated() {
        guard case .object(let fields) = item else {
          throw APIError.badRequest("quotes[\(index)]", "must be an object {text, author}")
        }
        let reader = FieldReader(object: fields)
        let quote = Quote(
          text: try reader.string("text") ?? "", author: try reader.string("author") ?? "")
        do {
          let now = clock.now()
          let stored = try await writer.perform { store throws(StoreError) in
            try store.addQuote(quote, at: now)
          }
          added.append(QuoteView(stored))
        } catch let error as StoreError {
          let prefix = items.count > 1 ? "quotes[\(index)]." : ""
          if case StoreError.invalid(let field, let message) = error {
            throw APIError.badRequest(prefix + field, message)
          }
          throw error
        }
      }
      if items.count == 1, body.flatMap(\.isSingleQuote) == true {
        return Self.json(added[0], status: .created)
      }
      return Self.json(QuoteList(quotes: added), status: .created)
    }
    group.delete("quotes/:id") { _, context in
      let id = try Self.id(context)
      guard try await writer.perform({ store throws(StoreError) in try store.removeQuote(id: id) })
      else { throw APIError.notFound("no quote with id \(id)") }
      return Response(status: .noContent)
    }
  }
}

extension JSONValue {
  fileprivate var isSingleQuote: Bool {
    if case .object(let fields) = self { return fields["quotes"] == nil }
    return false
  }
}
