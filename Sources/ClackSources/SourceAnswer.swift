import ClackContent
import ClackCore
import ClackSourceFormats
import Foundation

/// What each kind of fetched source makes of its answers: the JSON that pages' paths pick
/// from (docs/sources.md). Throws what is wrong in words; the fetcher adds the URL.
enum SourceAnswer {
  struct Unreadable: Error, CustomStringConvertible {
    var description: String
  }

  /// A JSON document as it is.
  static func json(_ body: Data) throws -> JSONValue {
    guard let value = JSONValue.parse(body) else {
      throw Unreadable(
        description: "the answer is not JSON (it begins \(SourceFetch.start(of: body)))")
    }
    return value
  }

  /// An RSS or Atom feed: `{title, link, count, items: [{title, link, summary, author,
  /// published}]}`, `published` in RFC 3339 (UTC).
  static func feed(_ body: Data) throws -> JSONValue {
    let feed: Feed
    do {
      feed = try FeedReader.read(body)
    } catch {
      throw Unreadable(description: error.description)
    }
    let dates = ISO8601DateFormatter()
    let items: [JSONValue] = feed.items.map { item in
      var fields: [String: JSONValue] = ["title": .string(item.title)]
      if let link = item.link { fields["link"] = .string(link) }
      if let summary = item.summary { fields["summary"] = .string(summary) }
      if let author = item.author { fields["author"] = .string(author) }
      if let published = item.published {
        fields["published"] = .string(dates.string(from: published))
      }
      return .object(fields)
    }
    var document: [String: JSONValue] = [
      "title": .string(feed.title), "count": .int(items.count), "items": .array(items),
    ]
    if let link = feed.link { document["link"] = .string(link) }
    return .object(document)
  }

  /// How far back and ahead a calendar is expanded: yesterday's events still on now, and
  /// five weeks of what is to come (fetched again long before they run out).
  static let calendarWindow: (back: TimeInterval, ahead: TimeInterval) = (86_400, 35 * 86_400)

  /// An iCalendar file's events around `now`, recurrences expanded, for `CalendarView`:
  /// `{events: [{summary, location, start, end, all_day}]}`.
  static func calendar(_ body: Data, now: Date, timeZone: TimeZone) throws -> JSONValue {
    do {
      let occurrences = try CalendarReader.occurrences(
        in: body, from: now - calendarWindow.back, to: now + calendarWindow.ahead,
        timeZone: timeZone)
      return CalendarEvent.json(
        occurrences.map {
          CalendarEvent(
            summary: $0.summary, location: $0.location, start: $0.start, end: $0.end,
            allDay: $0.allDay)
        })
    } catch {
      throw Unreadable(description: error.description)
    }
  }

  /// Home Assistant's states (`GET /api/states/ENTITY`, one answer an entity) by domain and
  /// object id, so `sensor.outside_temperature.state` is a path: `{state, attributes,
  /// last_changed, last_updated}` each.
  static func homeAssistant(_ bodies: [Data]) throws -> JSONValue {
    var domains: [String: [String: JSONValue]] = [:]
    for body in bodies {
      guard case .object(let state) = try json(body), case .string(let entity)? = state["entity_id"]
      else {
        throw Unreadable(
          description:
            "an answer is not a Home Assistant state (it begins \(SourceFetch.start(of: body)))")
      }
      let parts = entity.split(separator: ".", maxSplits: 1).map(String.init)
      guard parts.count == 2 else {
        throw Unreadable(description: "'\(entity)' is not an entity id such as sensor.outside")
      }
      var kept: [String: JSONValue] = [:]
      for key in ["state", "attributes", "last_changed", "last_updated"] {
        if let value = state[key] { kept[key] = value }
      }
      domains[parts[0], default: [:]][parts[1]] = .object(kept)
    }
    return .object(domains.mapValues { .object($0) })
  }
}
