internal import CLibICal
import Foundation
import Synchronization

#if canImport(CLibraryLoader)
  import CLibraryLoader
#endif

/// An occurrence of a calendar's event, with its recurrences expanded: what a page reads of
/// a calendar (docs/source-calendar.md).
public struct CalendarOccurrence: Sendable, Hashable {
  public var summary: String
  public var location: String?
  public var start: Date
  /// When it ends (after `start`, or equal for an event with no length).
  public var end: Date
  /// A whole-day event: `start` and `end` are midnights in the reader's time zone.
  public var allDay: Bool

  public init(summary: String, location: String?, start: Date, end: Date, allDay: Bool) {
    (self.summary, self.location, self.start, self.end) = (summary, location, start, end)
    self.allDay = allDay
  }
}

/// Why a calendar could not be read, in words for the source's status.
public struct CalendarError: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// Reads an iCalendar file (RFC 5545) with libical and expands its events' recurrences
/// (RRULE, RDATE, EXDATE, and RECURRENCE-ID's moved or cancelled instances) in their own time
/// zones (the file's VTIMEZONEs, else the system's zone database). Floating times and
/// whole-day dates are read in `timeZone`, the board's. Untrusted input: errors are never
/// fatal, each rule's expansion and the whole result are capped.
public enum CalendarReader {
  /// The most occurrences kept, and the most steps one rule may take to reach the window.
  public static let maxOccurrences = 2000
  static let maxSteps = 100_000

  /// Nil once libical is open, else why not: the daemon opens it the first time a calendar
  /// is read (Sources/CLibraryLoader). A fuzz target links it instead.
  private static let libraryProblem: String? = {
    #if canImport(CLibraryLoader)
      clack_libical_load_error().map { String(cString: $0) }
    #else
      nil
    #endif
  }()

  public static func occurrences(
    in bytes: Data, from windowStart: Date, to windowEnd: Date, timeZone: TimeZone
  ) throws(CalendarError) -> [CalendarOccurrence] {
    let text = String(decoding: bytes, as: UTF8.self)
    guard
      text.uppercased().contains("BEGIN:VCALENDAR") || text.uppercased().contains("BEGIN:VEVENT")
    else { throw CalendarError("not an iCalendar file: it has no BEGIN:VCALENDAR") }
    if let libraryProblem { throw CalendarError("cannot read calendars: \(libraryProblem)") }
    // libical keeps its time zones and error state in globals: one reader at a time.
    return try lock.withLock { _ throws(CalendarError) in
      icalerror_set_errors_are_fatal(0)
      guard let root = text.withCString({ icalparser_parse_string($0) }) else {
        throw CalendarError("libical could not read it as iCalendar (is it cut off?)")
      }
      defer { icalcomponent_free(root) }
      var walk = CalendarWalk(
        windowStart: windowStart, windowEnd: windowEnd, timeZone: timeZone)
      walk.read(root)
      return walk.sorted()
    }
  }

  private static let lock = Mutex(())
}

/// One calendar's events expanded into a window.
struct CalendarWalk {
  let windowStart: Date
  let windowEnd: Date
  let timeZone: TimeZone
  var found: [CalendarOccurrence] = []
  /// Moved or cancelled instances (RECURRENCE-ID), by UID and the instant they replace; nil
  /// for a cancelled one.
  var overrides: [String: [Date: CalendarOccurrence?]] = [:]

  /// The board's calendar, for dates and floating times (made once: making one is slow).
  let calendar: Calendar

  init(windowStart: Date, windowEnd: Date, timeZone: TimeZone) {
    (self.windowStart, self.windowEnd, self.timeZone) = (windowStart, windowEnd, timeZone)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    self.calendar = calendar
  }

  func sorted() -> [CalendarOccurrence] {
    Array(
      found.sorted { ($0.start, $0.summary) < ($1.start, $1.summary) }
        .prefix(CalendarReader.maxOccurrences))
  }

  /// The events of `root`: a VCALENDAR, several (XROOT), or a bare VEVENT.
  mutating func read(_ root: OpaquePointer) {
    var calendars: [OpaquePointer] = []
    let kind = icalcomponent_isa(root)
    if kind == ICAL_VCALENDAR_COMPONENT || kind == ICAL_VEVENT_COMPONENT {
      calendars = [root]
    } else {
      var child = icalcomponent_get_first_component(root, ICAL_VCALENDAR_COMPONENT)
      while let calendar = child {
        calendars.append(calendar)
        child = icalcomponent_get_next_component(root, ICAL_VCALENDAR_COMPONENT)
      }
    }
    let events = calendars.flatMap { calendar in
      kind == ICAL_VEVENT_COMPONENT ? [calendar] : Self.children(of: calendar)
    }
    // Moved instances first, so the events they move are expanded without them.
    for event in events where icaltime_is_null_time(icalcomponent_get_recurrenceid(event)) == 0 {
      readOverride(event)
    }
    for event in events where icaltime_is_null_time(icalcomponent_get_recurrenceid(event)) != 0 {
      guard found.count < CalendarReader.maxOccurrences else { break }
      expand(event)
    }
  }

  static func children(of calendar: OpaquePointer) -> [OpaquePointer] {
    var events: [OpaquePointer] = []
    var child = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT)
    while let event = child {
      events.append(event)
      child = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)
    }
    return events
  }

  private mutating func readOverride(_ event: OpaquePointer) {
    let start = icalcomponent_get_dtstart(event)
    var replaced = icalcomponent_get_recurrenceid(event)
    if replaced.zone == nil, replaced.is_date == 0 { replaced.zone = start.zone }
    guard let instant = instant(replaced) else { return }
    let uid = Self.string(icalcomponent_get_uid(event)) ?? ""
    if icalcomponent_get_status(event) == ICAL_STATUS_CANCELLED {
      overrides[uid, default: [:]][instant] = .some(nil)
      return
    }
    guard let (occurrence, _) = occurrence(of: event, at: start) else { return }
    overrides[uid, default: [:]][instant] = .some(occurrence)
    if occurrence.end > windowStart, occurrence.start < windowEnd { found.append(occurrence) }
  }

  private mutating func expand(_ event: OpaquePointer) {
    guard icalcomponent_get_status(event) != ICAL_STATUS_CANCELLED else { return }
    let start = icalcomponent_get_dtstart(event)
    guard icaltime_is_null_time(start) == 0, let (first, length) = occurrence(of: event, at: start)
    else { return }
    let uid = Self.string(icalcomponent_get_uid(event)) ?? ""
    let moved = overrides[uid] ?? [:]
    var starts: [icaltimetype] = []
    var rule = icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY)
    while let property = rule {
      starts += recurrences(of: icalproperty_get_rrule(property), from: start, length: length)
      rule = icalcomponent_get_next_property(event, ICAL_RRULE_PROPERTY)
    }
    if icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY) == nil { starts = [start] }
    var rdate = icalcomponent_get_first_property(event, ICAL_RDATE_PROPERTY)
    while let property = rdate {
      let value = icalproperty_get_rdate(property)
      var time = icaltime_is_null_time(value.time) == 0 ? value.time : value.period.start
      if time.zone == nil, time.is_date == 0 { time.zone = start.zone }
      starts.append(time)
      rdate = icalcomponent_get_next_property(event, ICAL_RDATE_PROPERTY)
    }
    var excluded: Set<Date> = []
    var exdate = icalcomponent_get_first_property(event, ICAL_EXDATE_PROPERTY)
    while let property = exdate {
      var time = icalproperty_get_exdate(property)
      if time.zone == nil, time.is_date == 0 { time.zone = start.zone }
      if let instant = instant(time) { excluded.insert(instant) }
      exdate = icalcomponent_get_next_property(event, ICAL_EXDATE_PROPERTY)
    }
    var seen: Set<Date> = []
    for time in starts {
      guard let begin = instant(time), !excluded.contains(begin), moved[begin] == nil,
        seen.insert(begin).inserted
      else { continue }
      var occurrence = first
      occurrence.start = begin
      occurrence.end = first.allDay ? dayAfter(begin, days: length) : begin + length
      guard occurrence.end > windowStart || occurrence.end == begin && begin >= windowStart,
        begin < windowEnd
      else { continue }
      found.append(occurrence)
      if found.count >= CalendarReader.maxOccurrences { return }
    }
  }

  /// The starts a rule makes that can reach into the window, at most `maxSteps` tried.
  private func recurrences(of rule: icalrecurrencetype, from start: icaltimetype, length: Double)
    -> [icaltimetype]
  {
    guard let iterator = icalrecur_iterator_new(rule, start) else { return [] }
    defer { icalrecur_iterator_free(iterator) }
    if rule.count == 0 {
      // Jump to the window (a rule without COUNT may start anywhere).
      let from = windowStart.timeIntervalSince1970 - max(length, 0) - 86_400 * 2
      if from > Double(icaltime_as_timet_with_zone(start, start.zone)) {
        let jump = icaltime_from_timet_with_zone(time_t(from), start.is_date, start.zone)
        _ = icalrecur_iterator_set_start(iterator, jump)
      }
    }
    var starts: [icaltimetype] = []
    for _ in 0..<CalendarReader.maxSteps {
      var next = icalrecur_iterator_next(iterator)
      guard icaltime_is_null_time(next) == 0 else { break }
      if next.zone == nil { next.zone = start.zone }
      guard let instant = instant(next), instant < windowEnd else { break }
      starts.append(next)
      if starts.count >= CalendarReader.maxOccurrences { break }
    }
    return starts
  }

  /// The event at `start`: its summary, location, and length (seconds; whole days for an
  /// all-day event).
  private func occurrence(of event: OpaquePointer, at start: icaltimetype) -> (
    CalendarOccurrence, Double
  )? {
    guard let begin = instant(start) else { return nil }
    let allDay = start.is_date != 0
    var end = icalcomponent_get_dtend(event)
    if end.zone == nil, end.is_date == 0 { end.zone = start.zone }
    let length: Double
    if allDay {
      let days: Int
      if icaltime_is_null_time(end) == 0, let last = instant(end) {
        days = max(1, Int((last.timeIntervalSince(begin) / 86_400).rounded()))
      } else {
        days = 1
      }
      length = Double(days)
    } else if icaltime_is_null_time(end) == 0, let last = instant(end) {
      length = max(0, last.timeIntervalSince(begin))
    } else {
      length = 0
    }
    let summary = Self.string(icalcomponent_get_summary(event)) ?? ""
    let location = Self.string(icalcomponent_get_location(event)).flatMap { $0.isEmpty ? nil : $0 }
    return (
      CalendarOccurrence(
        summary: summary, location: location, start: begin,
        end: allDay ? dayAfter(begin, days: length) : begin + length, allDay: allDay),
      length
    )
  }

  /// The instant a time names: a date is its midnight in `timeZone`; a time with a zone is
  /// read in it; a floating time is read in `timeZone`.
  func instant(_ time: icaltimetype) -> Date? {
    guard icaltime_is_null_time(time) == 0 else { return nil }
    if time.is_date == 0, let zone = time.zone {
      return Date(timeIntervalSince1970: TimeInterval(icaltime_as_timet_with_zone(time, zone)))
    }
    return calendar.date(
      from: DateComponents(
        year: Int(time.year), month: Int(time.month), day: Int(time.day),
        hour: time.is_date != 0 ? 0 : Int(time.hour),
        minute: time.is_date != 0 ? 0 : Int(time.minute),
        second: time.is_date != 0 ? 0 : Int(time.second)))
  }

  /// Midnight `days` days after the midnight `day` (in `timeZone`: 23 or 25 hours on a day
  /// the clocks change).
  func dayAfter(_ day: Date, days: Double) -> Date {
    calendar.date(byAdding: .day, value: Int(days), to: day) ?? day + days * 86_400
  }

  static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
  }
}
