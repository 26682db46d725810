import ClackCore
import Foundation
import GRDB

/// A quote in the store: bundled with Clack, or added by the user.
public struct StoredQuote: Codable, Sendable, Hashable, FetchableRecord,
  MutablePersistableRecord, StoreTimeRecord
{
  public static let databaseTableName = "quote"
  public static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy
    .convertFromSnakeCase
  public static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy
    .convertToSnakeCase

  public internal(set) var id: Int64?
  public var text: String
  public var author: String
  /// "bundled" or "user".
  public var source: String
  public var addedAt: Date

  public var quote: Quote { Quote(text: text, author: author) }

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}

enum QuoteStore {
  /// The bundled library, added when the quote table is made.
  static func seedBundled(_ db: Database) throws {
    let now = Date(timeIntervalSince1970: 0)
    for quote in BundledQuotes.all {
      var row = StoredQuote(
        id: nil, text: quote.text, author: quote.author, source: "bundled", addedAt: now)
      try row.insert(db, onConflict: .ignore)
    }
  }
}

extension ClackStore {
  /// Every quote, in the order they were added (the bundled library first). Read once and
  /// kept until a quote is added or removed.
  public func quotes() throws(StoreError) -> [StoredQuote] {
    let (version, kept) = quoteCache.withLock { ($0.version, $0.quotes) }
    if let kept { return kept }
    let quotes = try read { db in try StoredQuote.order(Column("id")).fetchAll(db) }
    quoteCache.withLock { cache in
      if cache.version == version { cache.quotes = quotes }
    }
    return quotes
  }

  /// Adds a quote; the same text by the same author twice is refused.
  public func addQuote(_ quote: Quote, at now: Date) throws(StoreError) -> StoredQuote {
    let text = quote.text.trimmingCharacters(in: .whitespacesAndNewlines)
    let author = quote.author.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { throw .invalid(field: "text", message: "must not be empty") }
    guard !author.isEmpty else { throw .invalid(field: "author", message: "must not be empty") }
    defer { quotesChanged() }
    return try write { db in
      if try StoredQuote.filter(Column("text") == text && Column("author") == author)
        .fetchCount(db) > 0
      {
        throw StoreError.invalid(field: "text", message: "this quote by \(author) is already there")
      }
      var row = StoredQuote(id: nil, text: text, author: author, source: "user", addedAt: now)
      try row.insert(db)
      return row
    }
  }

  /// Forgets the quotes read (after a write, even one that failed part way).
  private func quotesChanged() {
    quoteCache.withLock { cache in cache = (cache.version + 1, nil) }
  }

  /// Removes a quote (bundled ones too). False when there was none.
  @discardableResult
  public func removeQuote(id: Int64) throws(StoreError) -> Bool {
    defer { quotesChanged() }
    return try write { db in try StoredQuote.deleteOne(db, key: id) }
  }
}
