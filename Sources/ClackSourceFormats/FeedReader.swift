internal import CLibXML2
import Foundation

#if canImport(CLibraryLoader)
  import CLibraryLoader
#endif

/// Reads a feed's bytes (RSS 2.0, 0.9x, 1.0 or Atom) with libxml2's pull parser. Untrusted
/// input: no network (`XML_PARSE_NONET`), no entity substitution or external DTDs (so no
/// entity expansion attacks and no files read), libxml2's own depth and size limits, errors
/// kept out of standard error and returned in words instead.
public enum FeedReader {
  public static func read(_ bytes: Data) throws(FeedError) -> Feed {
    if let libraryProblem { throw FeedError("cannot read feeds: \(libraryProblem)") }
    _ = initialized
    guard !bytes.isEmpty else { throw FeedError("the answer is empty") }
    guard bytes.count < Int(Int32.max) else { throw FeedError("the answer is too big") }
    let outcome: Result<Feed, FeedError> = bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else {
        return .failure(FeedError("the answer is empty"))
      }
      xmlResetLastError()
      guard let reader = xmlReaderForMemory(base, Int32(raw.count), nil, nil, options) else {
        return .failure(FeedError("libxml2 could not start reading it"))
      }
      defer { xmlFreeTextReader(reader) }
      var walker = FeedWalker()
      do {
        while true {
          let status = xmlTextReaderRead(reader)
          if status == 0 { break }
          if status < 0 { throw FeedError(lastError(bytes)) }
          try walker.visit(reader)
        }
        return .success(try walker.feed())
      } catch let error as FeedError {
        return .failure(error)
      } catch {
        return .failure(FeedError("\(error)"))
      }
    }
    return try outcome.get()
  }

  private static let initialized: Void = xmlInitParser()

  /// Nil once libxml2 is open, else why not: the daemon opens it the first time a feed is
  /// read (Sources/CLibraryLoader). A fuzz target links it instead.
  private static let libraryProblem: String? = {
    #if canImport(CLibraryLoader)
      clack_libxml2_load_error().map { String(cString: $0) }
    #else
      nil
    #endif
  }()

  private static let options = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
      | XML_PARSE_NOCDATA.rawValue)

  /// libxml2's last error on this thread, as a sentence with its line.
  private static func lastError(_ bytes: Data) -> String {
    let start = String(decoding: bytes.prefix(200), as: UTF8.self).lowercased()
    if start.contains("<!doctype html") || start.contains("<html") {
      return "the answer is an HTML page, not an RSS or Atom feed"
    }
    guard let error = xmlGetLastError(), let message = error.pointee.message else {
      return "not well-formed XML"
    }
    var words = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    if error.pointee.code == Int32(XML_ERR_DOCUMENT_END.rawValue) {
      // libxml2's words for a document cut off before its elements close.
      words = "it ends before its elements are closed (cut off?)"
    }
    return "not well-formed XML at line \(error.pointee.line): \(words)"
  }
}

/// Walks the reader's nodes, keeping what a page shows of the feed and of each item.
struct FeedWalker {
  enum Kind { case rss, rdf, atom }

  /// What is being read: an element whose text is collected until its end.
  struct Capture {
    var name: String
    var depth: Int
    var html: Bool
    /// For Atom's `author`: only the text of this child (`name`) counts.
    var onlyChild: String?
    var forItem: Bool
    var text = ""
  }

  var kind: Kind?
  var title = ""
  var link: String?
  var items: [Feed.Item] = []
  var itemDepth: Int?
  var fields: [String: String] = [:]
  var capture: Capture?
  /// The open elements' local names, innermost last.
  var open: [String] = []

  /// The most text collected for one element before it is made plain.
  static let maxRawText = 64 * 1024

  mutating func visit(_ reader: xmlTextReaderPtr) throws(FeedError) {
    let depth = Int(xmlTextReaderDepth(reader))
    switch Int32(xmlTextReaderNodeType(reader)) {
    case Int32(XML_READER_TYPE_ELEMENT.rawValue):
      let name = Self.string(xmlTextReaderConstLocalName(reader)) ?? ""
      let empty = xmlTextReaderIsEmptyElement(reader) == 1
      if depth == 0 { try start(root: name) }
      startElement(name, depth: depth, empty: empty, reader)
      if !empty { open.append(name) }
    case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
      if !open.isEmpty { open.removeLast() }
      endElement(depth: depth)
    case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
      Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
      guard var capture, capture.text.utf8.count < Self.maxRawText else { return }
      if let only = capture.onlyChild, open.last != only { return }
      capture.text += Self.string(xmlTextReaderConstValue(reader)) ?? ""
      self.capture = capture
    default: break
    }
  }

  private mutating func start(root name: String) throws(FeedError) {
    switch name {
    case "rss": kind = .rss
    case "RDF": kind = .rdf
    case "feed": kind = .atom
    default:
      throw FeedError(
        name == "html"
          ? "the answer is an HTML page, not an RSS or Atom feed"
          : "not an RSS or Atom feed: its root element is <\(name)>")
    }
  }

  private mutating func startElement(
    _ name: String, depth: Int, empty: Bool, _ reader: xmlTextReaderPtr
  ) {
    guard let kind else { return }
    if var capture {
      // Markup inside a captured element (Atom's xhtml, a stray tag) separates words.
      capture.text += " "
      self.capture = capture
      return
    }
    let childDepth = kind == .atom ? 1 : 2
    guard let itemDepth else {
      let isItem =
        (kind == .rss && name == "item" && depth == 2)
        || (kind == .rdf && name == "item" && depth == 1)
        || (kind == .atom && name == "entry" && depth == 1)
      if isItem, !empty {
        self.itemDepth = depth
        fields = [:]
      } else if depth == childDepth, !empty, name == "title" {
        capture = Capture(
          name: "title", depth: depth, html: Self.isHTML(reader, kind), forItem: false)
      } else if depth == childDepth, name == "link", link == nil {
        if kind == .atom {
          link = Self.alternateHref(reader)
        } else if !empty {
          capture = Capture(name: "link", depth: depth, html: false, forItem: false)
        }
      }
      return
    }
    guard depth == itemDepth + 1 else { return }
    if kind == .atom, name == "link" {
      if fields["link"] == nil { fields["link"] = Self.alternateHref(reader) }
      return
    }
    let wanted: [String: Bool] =
      kind == .atom
      ? [
        "title": false, "summary": true, "content": true, "published": false,
        "updated": false, "author": false,
      ]
      : [
        "title": false, "link": false, "description": true, "encoded": true,
        "pubDate": false, "date": false, "author": false, "creator": false,
      ]
    guard !empty, let html = wanted[name] else { return }
    capture = Capture(
      name: name, depth: depth, html: kind == .atom ? Self.isHTML(reader, kind) : html,
      onlyChild: kind == .atom && name == "author" ? "name" : nil, forItem: true)
  }

  private mutating func endElement(depth: Int) {
    if let capture, capture.depth == depth {
      self.capture = nil
      let limit = capture.name == "title" ? Feed.maxTitle : Feed.maxSummary
      let text = FeedText.plain(capture.text, html: capture.html, limit: limit)
      if capture.forItem {
        if fields[capture.name] == nil, !text.isEmpty { fields[capture.name] = text }
      } else if capture.name == "title" {
        title = text
      } else if !text.isEmpty {
        link = text
      }
      return
    }
    guard capture == nil, let itemDepth, itemDepth == depth else { return }
    self.itemDepth = nil
    guard items.count < Feed.maxItems else { return }
    let summary =
      fields["summary"] ?? fields["description"] ?? fields["content"]
      ?? fields["encoded"]
    guard let title = fields["title"] ?? summary.map({ String($0.prefix(Feed.maxTitle)) })
    else { return }
    items.append(
      Feed.Item(
        title: title, link: fields["link"], summary: summary,
        author: fields["author"] ?? fields["creator"],
        published: [fields["published"], fields["pubDate"], fields["date"], fields["updated"]]
          .lazy.compactMap { $0.flatMap(FeedDate.parse) }.first))
  }

  func feed() throws(FeedError) -> Feed {
    guard kind != nil else { throw FeedError("the answer has no XML element in it") }
    return Feed(title: title, link: link, items: items)
  }

  /// Atom's `type` attribute says whether text is HTML (`html`, `xhtml`) or plain.
  private static func isHTML(_ reader: xmlTextReaderPtr, _ kind: Kind) -> Bool {
    guard kind == .atom else { return false }
    let type = attribute("type", reader)
    return type == "html" || type == "xhtml"
  }

  /// An Atom link's `href` when it is the alternate (the page itself): `rel` absent or
  /// `alternate`.
  private static func alternateHref(_ reader: xmlTextReaderPtr) -> String? {
    let rel = attribute("rel", reader)
    guard rel == nil || rel == "alternate" else { return nil }
    return attribute("href", reader)
  }

  private static func attribute(_ name: String, _ reader: xmlTextReaderPtr) -> String? {
    guard xmlTextReaderMoveToAttribute(reader, name) == 1 else { return nil }
    defer { xmlTextReaderMoveToElement(reader) }
    return string(xmlTextReaderConstValue(reader))
  }

  private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
    pointer.map { String(cString: $0) }
  }
}
