import ClackAPI
import ClackContent
import ClackStore
import Foundation

// The store's records as the API's answers show them.

extension MessageView {
  init(_ message: Message, history: [MessageEvent]) {
    self.init(message)
    self.history = history.map { HistoryEntry(state: $0.state, at: $0.at, reason: $0.reason) }
  }
}

extension QuoteView {
  init(_ quote: StoredQuote) {
    self.init(id: quote.id ?? 0, text: quote.text, author: quote.author, source: quote.source)
  }
}
