import Foundation

/// A news feed as a page reads it (docs/source-feed.md): RSS 2.0 (and 0.9x, and RSS 1.0's
/// RDF) or Atom, reduced to what a board can show. Text is plain: markup stripped, entities
/// decoded, runs of white space made one space.
public struct Feed: Sendable, Hashable {
  public var title: String
  public var link: String?
  public var items: [Item]

  public struct Item: Sendable, Hashable {
    public var title: String
    public var link: String?
    public var summary: String?
    public var author: String?
    /// RSS's `pubDate` (or Dublin Core's `dc:date`), Atom's `published` or `updated`.
    public var published: Date?

    public init(
      title: String, link: String? = nil, summary: String? = nil, author: String? = nil,
      published: Date? = nil
    ) {
      (self.title, self.link, self.summary, self.author) = (title, link, summary, author)
      self.published = published
    }
  }

  public init(title: String, link: String? = nil, items: [Item]) {
    (self.title, self.link, self.items) = (title, link, items)
  }

  /// The most items kept: many more than a rotation shows in a fetch's interval.
  public static let maxItems = 100
  /// The longest title and summary kept, in characters.
  public static let maxTitle = 300
  public static let maxSummary = 1000
}

/// Why a feed could not be read, in words for the source's status.
public struct FeedError: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
