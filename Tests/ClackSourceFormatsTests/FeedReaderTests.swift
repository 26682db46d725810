import Foundation
import Testing

@testable import ClackSourceFormats

/// Feeds as real sites publish them (Tests/ClackSourceFormatsTests/Fixtures): RSS 2.0 with
/// CDATA, escaped HTML and namespaces, Atom with html and xhtml text, RSS 1.0, a Latin-1 feed;
/// and broken and hostile ones, which are refused in words or read without harm.
@Suite struct FeedReaderTests {
  static func fixture(_ name: String) throws -> Data {
    try Data(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/\(name)"))
  }

  static func utc(_ text: String) -> Date { FeedDate.parse(text)! }

  @Test func anRSS2FeedGivesItsItemsInPlainText() throws {
    let feed = try FeedReader.read(try Self.fixture("news-rss2.xml"))
    #expect(feed.title == "City News - Home", "the channel's title, not its image's")
    #expect(feed.link == "https://news.example.org/")
    #expect(feed.items.count == 4)
    let first = feed.items[0]
    #expect(first.title == "Tram line 4 reopens after three weeks of track work")
    #expect(
      first.summary == "The line runs every six minutes again & night trams return on Friday.")
    #expect(first.link == "https://news.example.org/articles/tram-4-reopens")
    #expect(first.author == "Ada Byron", "dc:creator")
    #expect(first.published == Self.utc("2026-11-25T20:58:35Z"))
    let second = feed.items[1]
    #expect(second.title == "Council’s budget: what it means for parks & libraries")
    #expect(
      second.summary == "Three parks get new lighting. Libraries open later on Sundays.",
      "escaped HTML made plain: tags are spaces, runs of space one")
    #expect(second.published == Self.utc("2026-11-25T17:02:11Z"), "+0100")
    #expect(feed.items[2].published == Self.utc("2026-11-25T14:05:00Z"), "EST, a two-digit year")
    #expect(feed.items[3].title == "An item with a description and no title, as RSS allows.")
    #expect(feed.items[3].published == nil, "an odd date is left out, the item kept")
  }

  @Test func anAtomFeedGivesItsEntries() throws {
    let feed = try FeedReader.read(try Self.fixture("releases-atom.xml"))
    #expect(feed.title == "Release notes from clack")
    #expect(feed.link == "https://github.com/example/clack/releases", "the alternate link")
    #expect(feed.items.map(\.title) == ["v1.2.0", "Fixing the hall sensor", "A bold move"])
    let release = feed.items[0]
    #expect(release.summary == "What's new Feeds & calendars", "type=html content made plain")
    #expect(release.author == "octocat", "the author's name, not its uri")
    #expect(release.link == "https://github.com/example/clack/releases/tag/v1.2.0")
    #expect(release.published == Self.utc("2026-11-24T10:00:00Z"), "updated, with no published")
    let post = feed.items[1]
    #expect(post.link == "https://example.org/posts/2", "rel=related is not the page")
    #expect(post.summary == "Plain summary over two lines.")
    #expect(post.published == Self.utc("2026-11-20T07:30:00Z"), "published before updated")
    #expect(feed.items[2].published == Self.utc("2026-11-19T00:00:00Z"), "a bare date")
  }

  @Test func anRSS1FeedAndALatin1FeedAreRead() throws {
    let planet = try FeedReader.read(try Self.fixture("planet-rss1.rdf"))
    #expect(planet.title == "Planet Example")
    #expect(planet.items.map(\.title) == ["First post"])
    #expect(planet.items[0].published == Self.utc("2026-11-25T12:00:00Z"))
    let latin = try FeedReader.read(try Self.fixture("latin1-rss.xml"))
    #expect(latin.title == "Café news")
    #expect(latin.items.map(\.title) == ["Crème brûlée for £4"])
  }

  @Test(arguments: [
    (
      "broken-truncated.xml",
      "not well-formed XML at line 6: it ends before its elements are closed"
    ),
    ("broken-html.html", "the answer is an HTML page, not an RSS or Atom feed"),
    ("broken-not-a-feed.xml", "not an RSS or Atom feed: its root element is <sitemap>"),
  ])
  func aBrokenFeedIsRefusedInWords(file: String, expected: String) throws {
    let bytes = try Self.fixture(file)
    #expect {
      _ = try FeedReader.read(bytes)
    } throws: { error in
      "\(error)".contains(expected)
    }
  }

  @Test func emptyAndNonXMLAnswersAreRefused() {
    #expect(throws: FeedError("the answer is empty")) { try FeedReader.read(Data()) }
    #expect(throws: FeedError.self) { try FeedReader.read(Data(#"{"items": []}"#.utf8)) }
  }

  @Test func externalEntitiesAreNeitherReadNorFetched() throws {
    let feed = try FeedReader.read(try Self.fixture("hostile-xxe.xml"))
    #expect(!feed.title.contains("root:"), "no file's contents")
    #expect(feed.title.hasPrefix("XXE"))
    #expect(feed.items.count == 1)
  }

  @Test func nestedEntitiesDoNotBlowUp() throws {
    // A billion laughs: not substituted, so the title is small or the feed refused, never
    // a gigabyte.
    do {
      let feed = try FeedReader.read(try Self.fixture("hostile-laughs.xml"))
      #expect(feed.items.allSatisfy { $0.title.count <= Feed.maxTitle })
    } catch {
      #expect("\(error)".contains("XML"))
    }
  }

  @Test func aFeedKeepsAtMostItsShareOfItemsAndText() throws {
    let long = String(repeating: "word ", count: 400)
    let items = (0..<150).map { "<item><title>\($0) \(long)</title></item>" }.joined()
    let feed = try FeedReader.read(
      Data("<rss version=\"2.0\"><channel><title>t</title>\(items)</channel></rss>".utf8))
    #expect(feed.items.count == Feed.maxItems)
    #expect(feed.items[0].title.count == Feed.maxTitle)
    #expect(feed.items[0].title.hasSuffix("…"))
  }
}
