import ClackAPI
import ClackRuntime
import ClackWireMapping
import Foundation
import Hummingbird

extension API {
  /// `GET /quotes/today`, `GET /quotes`, `POST /quotes` (one `{text, author}` or
  /// `{"quotes": [...]}`), `DELETE /quotes/{id}`.
  func addQuoteRoutes(_ group: RouterGroup<ClackRequestContext>) {
    group.get("quotes/today") { _, _ in
      guard let today = try service.quoteOfTheDay() else {
        throw APIError.notFound("the quote library is empty")
      }
      return Self.json(
        QuoteOfTheDayView(
          date: today.day.description, text: today.quote.text, author: today.quote.author))
    }
    group.get("quotes") { _, _ in
      Self.json(QuoteList(quotes: try service.quotes().map(QuoteView.init)))
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
      var quotes: [Quote] = []
      for (index, item) in items.enumerated() {
        guard case .object(let fields) = item else {
          throw APIError.badRequest("quotes[\(index)]", "must be an object {text, author}")
        }
        let reader = FieldReader(object: fields)
        quotes.append(
          Quote(text: try reader.string("text") ?? "", author: try reader.string("author") ?? ""))
      }
      let stored: [QuoteEntry]
      do {
        guard case .quotes(let entries) = try await service.perform(.addQuotes(quotes)) else {
          throw APIError(
            .internalServerError, code: "internal", message: "adding quotes returned none")
        }
        stored = entries
      } catch ServiceError.invalidQuote(_, let field, let message) where items.count == 1 {
        // One quote: its field is named alone, as the body names it.
        throw APIError.badRequest(field, message)
      } catch let error as ServiceError {
        throw APIError.from(error)
      }
      let added = stored.map(QuoteView.init)
      if items.count == 1, body.flatMap(\.isSingleQuote) == true {
        return Self.json(added[0], status: .created)
      }
      return Self.json(QuoteList(quotes: added), status: .created)
    }
    group.delete("quotes/:id") { _, context in
      try await perform(.removeQuote(id: try Self.id(context)))
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
