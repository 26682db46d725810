import ClackSourceFormats
import Foundation

extension FuzzTarget {
  /// A fetched feed: libxml2's pull parser, the walk over RSS and Atom, dates, plain text.
  static let feed = FuzzTarget(
    name: "feed", reads: "an RSS or Atom feed, as a feed source reads it"
  ) { bytes in
    guard let feed = try? FeedReader.read(bytes) else { return false }
    expect(feed.items.count <= Feed.maxItems, "more items than kept")
    for item in feed.items {
      expect(item.title.count <= Feed.maxTitle, "a title over its limit")
      expect((item.summary?.count ?? 0) <= Feed.maxSummary, "a summary over its limit")
    }
    return !feed.items.isEmpty
  }

  /// A fetched iCalendar file: libical's parser and recurrence iterator, expanded over the
  /// five weeks a calendar source looks ahead.
  static let calendar = FuzzTarget(
    name: "calendar", reads: "an iCalendar file, expanded over five weeks as a calendar source does"
  ) { bytes in
    guard
      let found = try? CalendarReader.occurrences(
        in: bytes, from: fixedNow - 86_400, to: fixedNow + 35 * 86_400,
        timeZone: TimeZone(identifier: "Europe/Berlin")!)
    else { return false }
    expect(found.count <= CalendarReader.maxOccurrences, "more occurrences than kept")
    for occurrence in found {
      expect(occurrence.end >= occurrence.start || occurrence.allDay, "an end before its start")
    }
    return !found.isEmpty
  }
}
