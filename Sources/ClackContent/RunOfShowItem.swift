import ClackCore
import Foundation

/// An entry of the run of show as a person writes it: the fields of a `run_of_show` (or
/// `schedules`) item of the config, or of `PUT /api/v1/run-of-show`, with pages named and
/// nothing checked yet. `entry(pages:zones:)` is the one place the rules for an entry live,
/// so the config file and the API refuse the same things in the same words. Kept as it is
/// (by page name) when set at run time, so a page edited in the config shows its new text.
public struct RunOfShowItem: Sendable, Hashable, Codable {
  /// A page from the config's `pages`.
  public var page: String?
  /// Built-in content: `quote-of-the-day`, `clock` or `text`.
  public var show: String?
  /// `show: text`'s text.
  public var text: String?
  /// `show: clock`'s `DateFormatter` pattern (default `HH:mm`).
  public var format: String?
  public var cron: String?
  /// Seconds between fires, counted from local midnight (whole minutes, 1 minute to a day).
  public var every: TimeInterval?
  public var onChange: Bool?
  public var dwell: TimeInterval?
  public var zone: String?
  public var transition: String?
  public var script: String?
  /// `while: SOURCE.PATH`: shown while a live source has something there (`SourceCondition`).
  public var whileHolds: String?
  /// `normal` or `high` (over messages), for an entry shown `while`.
  public var priority: String?

  public init(
    page: String? = nil, show: String? = nil, text: String? = nil, format: String? = nil,
    cron: String? = nil, every: TimeInterval? = nil, onChange: Bool? = nil,
    dwell: TimeInterval? = nil, zone: String? = nil, transition: String? = nil,
    script: String? = nil, whileHolds: String? = nil, priority: String? = nil
  ) {
    (self.page, self.show, self.text, self.format) = (page, show, text, format)
    (self.cron, self.every, self.onChange, self.dwell) = (cron, every, onChange, dwell)
    (self.zone, self.transition, self.script) = (zone, transition, script)
    (self.whileHolds, self.priority) = (whileHolds, priority)
  }

  enum CodingKeys: String, CodingKey {
    case page, show, text, format, cron, every, dwell, zone, transition, script, priority
    case onChange = "on_change"
    case whileHolds = "while"
  }

  /// The built-in content `show` may name.
  public static let shows = ["quote-of-the-day", "clock", "text"]
}

/// What is wrong with an entry of the run of show: the field (nil for the entry as a whole)
/// and why, in the config's words.
public struct RunOfShowError: Error, Sendable, Hashable, CustomStringConvertible {
  public var field: String?
  public var message: String

  public init(field: String?, _ message: String) {
    (self.field, self.message) = (field, message)
  }

  public var description: String { field.map { "\($0): \(message)" } ?? message }
}

extension RunOfShowItem {
  /// The entry it describes, with its page from `pages`; `zones`, when given, are the names
  /// its zone must be one of, and `sources` the live sources its `while` may read. Throws
  /// naming the first field that is wrong.
  public func entry(pages: [String: Page], zones: [String]? = nil, sources: [String]? = nil)
    throws(RunOfShowError) -> ScheduleEntry
  {
    let content = try self.content(pages: pages)
    let cadence = try self.cadence(sources: sources)
    if onChange == true, !content.changes {
      throw RunOfShowError(
        field: "on_change",
        "what it shows has no time, date, countdown, quote or source in it, so it never "
          + "changes: give 'cron' or 'every'")
    }
    let zone = self.zone ?? "main"
    if let zones, !zones.contains(zone) {
      throw RunOfShowError(
        field: "zone", "no zone named '\(zone)'; zones: \(zones.joined(separator: ", "))")
    }
    if let dwell, !(dwell > 0) {
      throw RunOfShowError(field: "dwell", "must be a duration such as 90s, 5m or 2h")
    }
    if whileHolds != nil, dwell != nil {
      throw RunOfShowError(
        field: "dwell",
        "an entry shown 'while' its source holds something keeps its zone as long as that "
          + "lasts: leave out 'dwell'")
    }
    return ScheduleEntry(
      cadence: cadence, zone: zone, content: content, transition: try transitionSpec(),
      script: try runicScript(), dwell: dwell, priority: try entryPriority())
  }

  private func entryPriority() throws(RunOfShowError) -> EntryPriority {
    guard let priority else { return .normal }
    guard let value = EntryPriority(rawValue: priority) else {
      let names = EntryPriority.allCases.map(\.rawValue).joined(separator: ", ")
      throw RunOfShowError(field: "priority", "'\(priority)' is not one of: \(names)")
    }
    guard whileHolds != nil else {
      throw RunOfShowError(
        field: "priority",
        "only an entry shown 'while' a source holds something has a priority (such as "
          + "while: work.soon)")
    }
    return value
  }

  private func content(pages: [String: Page]) throws(RunOfShowError) -> ScheduledContent {
    switch (page, show) {
    case (.some, .some): throw RunOfShowError(field: nil, "give 'page' or 'show', not both")
    case (.some(let name), nil):
      guard let page = pages[name] else {
        let known = pages.keys.sorted().joined(separator: ", ")
        throw RunOfShowError(
          field: "page",
          "no page named '\(name)' in 'pages'" + (known.isEmpty ? "" : "; pages: \(known)"))
      }
      return .page(page)
    case (nil, .some(let show)):
      switch show {
      case "clock": return .clock(format: format ?? "HH:mm")
      case "text":
        guard let text else {
          throw RunOfShowError(field: nil, "'show: text' needs a 'text' field")
        }
        return .text(text)
      case "quote-of-the-day": return .quoteOfTheDay
      default:
        throw RunOfShowError(
          field: "show", "'\(show)' is not one of: \(Self.shows.joined(separator: ", "))")
      }
    case (nil, nil):
      throw RunOfShowError(field: nil, "needs 'page' (a page from 'pages') or 'show'")
    }
  }

  private func cadence(sources: [String]?) throws(RunOfShowError) -> ScheduleCadence {
    let timed = [
      ("cron", cron != nil), ("every", every != nil), ("on_change", onChange != nil),
      ("while", whileHolds != nil),
    ].filter(\.1).map(\.0)
    guard timed.count <= 1 else {
      throw RunOfShowError(
        field: nil,
        "give one of 'cron', 'every', 'on_change' and 'while', not "
          + timed.joined(separator: " and "))
    }
    if let whileHolds {
      let condition = try SourceCondition(whileHolds)
      if let sources, !sources.contains(condition.source) {
        throw RunOfShowError(
          field: "while",
          "no source named '\(condition.source)' in 'sources'"
            + (sources.isEmpty ? "" : "; sources: \(sources.sorted().joined(separator: ", "))"))
      }
      return .holds(condition)
    }
    if let cron {
      do {
        return .cron(try CronExpression(cron))
      } catch {
        throw RunOfShowError(field: "cron", error.description)
      }
    }
    if let every {
      guard every.truncatingRemainder(dividingBy: 60) == 0, (60...86_400).contains(every) else {
        throw RunOfShowError(
          field: "every", "must be whole minutes from 1m to 24h, such as 15m or 2h")
      }
      return .every(minutes: Int(every / 60))
    }
    if let onChange {
      guard onChange else {
        throw RunOfShowError(
          field: "on_change", "must be true (leave it out for an entry in rotation)")
      }
      return .onChange
    }
    return .rotation
  }

  private func transitionSpec() throws(RunOfShowError) -> TransitionSpec? {
    guard let transition else { return nil }
    guard let kind = Transition.Kind(rawValue: transition) else {
      let names = Transition.Kind.allCases.map(\.rawValue).joined(separator: ", ")
      throw RunOfShowError(field: "transition", "'\(transition)' is not one of: \(names)")
    }
    return TransitionSpec(kind: kind)
  }

  private func runicScript() throws(RunOfShowError) -> RunicScript? {
    guard let script else { return nil }
    guard let value = RunicScript(rawValue: script) else {
      throw RunOfShowError(field: "script", "'\(script)' is not one of: \(RunicScript.names)")
    }
    return value
  }
}
