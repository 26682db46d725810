import Foundation

/// A quote in the daemon's library.
public struct QuoteView: Codable, Sendable, Hashable {
  public var id: Int64
  public var text: String
  public var author: String
  /// `bundled` or `user`.
  public var source: String

  public init(id: Int64, text: String, author: String, source: String) {
    self.id = id
    self.text = text
    self.author = author
    self.source = source
  }
}

/// `GET /api/v1/quotes`, and `POST /api/v1/quotes` with a batch.
public struct QuoteList: Codable, Sendable, Hashable {
  public var quotes: [QuoteView]

  public init(quotes: [QuoteView]) {
    self.quotes = quotes
  }
}

/// `GET /api/v1/quotes/today`.
public struct QuoteOfTheDayView: Codable, Sendable, Hashable {
  /// The calendar date in the daemon's time zone, YYYY-MM-DD.
  public var date: String
  public var text: String
  public var author: String

  public init(date: String, text: String, author: String) {
    self.date = date
    self.text = text
    self.author = author
  }
}

/// A quote to add: one as the body of `POST /api/v1/quotes`, or several in a `NewQuotes`.
public struct NewQuote: Codable, Sendable, Hashable {
  public var text: String
  public var author: String

  public init(text: String, author: String) {
    self.text = text
    self.author = author
  }
}

public struct NewQuotes: Codable, Sendable, Hashable {
  public var quotes: [NewQuote]

  public init(quotes: [NewQuote]) {
    self.quotes = quotes
  }
}
