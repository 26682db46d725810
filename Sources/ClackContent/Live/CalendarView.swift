import ClackCore
import Foundation

/// An occurrence of a calendar source's event (docs/source-calendar.md), recurrences already
/// expanded by the fetcher.
public struct CalendarEvent: Sendable, Hashable {
  public var summary: String
  public var location: String?
  public var start: Date
  public var end: Date
  public var allDay: Bool

  public init(summary: String, location: String? = nil, start: Date, end: Date, allDay: Bool) {
    (self.summary, self.location, self.start, self.end) = (summary, location, start, end)
    self.allDay = allDay
  }
}

/// What pages read of a calendar, worked out at a moment: the events to come, today's, the
/// one on now and the one starting soon, each with its time and day in words. It changes
/// only at an event's start or end, when one comes within `soon` of starting, and at
/// midnight: `nextChange` says when, so the runtime draws it again then and not each minute.
public struct CalendarView: Sendable, Hashable {
  public var events: [CalendarEvent]
  /// How long before an event it is `soon`.
  public var soon: TimeInterval

  public init(events: [CalendarEvent], soon: TimeInterval = 900) {
    self.events = events.sorted { ($0.start, $0.summary) < ($1.start, $1.summary) }
    self.soon = soon
  }

  /// The most events `next` and `today` list.
  public static let listed = 20

  /// `{next: [EVENT], today: [EVENT], today_count, now: EVENT, soon: EVENT}` at `now`; `now`
  /// and `soon` only while there is one. EVENT: `{summary, location, time, end_time, day,
  /// date, when, all_day}`.
  public func pageData(at now: Date, in timeZone: TimeZone) -> JSONValue {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let today = calendar.startOfDay(for: now)
    let tomorrow = calendar.date(byAdding: .day, value: 1, to: today) ?? today + 86_400
    let upcoming = events.filter { $0.end > now || ($0.end == $0.start && $0.start >= now) }
    let todays = events.filter { $0.start < tomorrow && ($0.end > today || $0.start >= today) }
    var data: [String: JSONValue] = [
      "next": .array(upcoming.prefix(Self.listed).map { view($0, now, calendar) }),
      "today": .array(todays.prefix(Self.listed).map { view($0, now, calendar) }),
      "today_count": .int(todays.count),
    ]
    let ongoing = events.filter { $0.start <= now && now < $0.end }
    if let on = ongoing.first(where: { !$0.allDay }) ?? ongoing.first {
      data["now"] = view(on, now, calendar)
    }
    if let next = events.first(where: { !$0.allDay && $0.start > now && $0.start <= now + soon }) {
      data["soon"] = view(next, now, calendar)
    }
    return .object(data)
  }

  /// The first instant after `now` at which `pageData` reads differently: an event starting,
  /// ending or coming within `soon`, or midnight (today and tomorrow move on).
  public func nextChange(after now: Date, in timeZone: TimeZone) -> Date? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    // With every event over before today, nothing changes again (until new data come).
    guard events.contains(where: { $0.end > calendar.startOfDay(for: now) }) else { return nil }
    let midnight =
      calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) ?? now + 86_400
    var next = midnight
    for event in events {
      for instant in [event.start - soon, event.start, event.end] where instant > now {
        next = min(next, instant)
      }
      if event.start - soon > next { break }
    }
    return next
  }

  private func view(_ event: CalendarEvent, _ now: Date, _ calendar: Calendar) -> JSONValue {
    let zone = calendar.timeZone
    let time = LocalTimeFormat.string(event.start, "HH:mm", in: zone)
    let day = LocalTimeFormat.string(event.start, "EEE", in: zone).uppercased()
    let date = LocalTimeFormat.string(event.start, "d MMM", in: zone).uppercased()
    let days =
      calendar.dateComponents(
        [.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: event.start)
      ).day ?? 0
    let dayWords =
      switch days {
      case ...0: "TODAY"
      case 1: "TOMORROW"
      case 2...6: day
      default: "\(day) \(date)"
      }
    let when: String
    if event.start <= now, now < event.end {
      when = event.allDay ? "TODAY" : "NOW"
    } else {
      when = event.allDay ? dayWords : "\(dayWords) \(time)"
    }
    var fields: [String: JSONValue] = [
      "summary": .string(event.summary),
      "time": .string(event.allDay ? "ALL DAY" : time),
      "end_time": .string(LocalTimeFormat.string(event.end, "HH:mm", in: zone)),
      "day": .string(day), "date": .string(date), "when": .string(when),
      "all_day": .bool(event.allDay),
    ]
    if let location = event.location { fields["location"] = .string(location) }
    return .object(fields)
  }
}

extension CalendarEvent {
  /// The events as a calendar source's fetcher hands them over: `{events: [{summary,
  /// location, start, end, all_day}]}`, times in seconds since 1970.
  public static func json(_ events: [CalendarEvent]) -> JSONValue {
    .object([
      "events": .array(
        events.map { event in
          var fields: [String: JSONValue] = [
            "summary": .string(event.summary), "start": .double(event.start.timeIntervalSince1970),
            "end": .double(event.end.timeIntervalSince1970), "all_day": .bool(event.allDay),
          ]
          if let location = event.location { fields["location"] = .string(location) }
          return .object(fields)
        })
    ])
  }

  /// The events of `json` (as `json(_:)` writes them); nil when it is not that.
  public static func events(from json: JSONValue) -> [CalendarEvent]? {
    guard case .object(let root) = json, case .array(let items)? = root["events"] else {
      return nil
    }
    return items.compactMap { item in
      guard case .object(let fields) = item, case .string(let summary)? = fields["summary"],
        let start = fields["start"]?.number, let end = fields["end"]?.number
      else { return nil }
      var location: String?
      if case .string(let text)? = fields["location"] { location = text }
      return CalendarEvent(
        summary: summary, location: location, start: Date(timeIntervalSince1970: start),
        end: Date(timeIntervalSince1970: end), allDay: fields["all_day"] == .bool(true))
    }
  }
}

extension JSONValue {
  /// An int or a double as a Double.
  fileprivate var number: Double? {
    switch self {
    case .int(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }
}
