import AsyncHTTPClient
import ClackContent
import ClackCore
import ClackRuntime
import Foundation

/// Sources read once, outside the daemon: what `clack page preview` shows a page with. Each
/// fetched source is asked once, as the daemon asks it; a source can instead be read from a
/// file holding what its server answers (a feed, a JSON document, Home Assistant's
/// `GET /api/states` list), which needs no network.
public enum SourceOnce {
  /// The readings of `specs` as pages read them at `now`: fetched, or read from `files` (by
  /// source name). A webhook, or Home Assistant over MQTT, without a file has no reading. A failure is a reading with its
  /// problem. A calendar is expanded around `now`, and its page data are as of `now`.
  public static func readings(
    _ specs: [SourceSpec], files: [String: Data] = [:], timeZone: TimeZone, now: Date
  ) async -> SourceSnapshot {
    var snapshot = await raw(specs, files: files, timeZone: timeZone, now: now)
    for spec in specs {
      guard case .calendar(_, let soon) = spec.kind, var reading = snapshot[spec.name],
        let data = reading.data, let events = CalendarEvent.events(from: data)
      else { continue }
      reading.data = CalendarView(events: events, soon: soon).pageData(at: now, in: timeZone)
      snapshot[spec.name] = reading
    }
    return snapshot
  }

  private static func raw(
    _ specs: [SourceSpec], files: [String: Data], timeZone: TimeZone, now: Date
  ) async -> SourceSnapshot {
    var snapshot: SourceSnapshot = [:]
    let fetched = specs.filter { files[$0.name] == nil && !$0.isPushed }
    for spec in specs {
      guard let file = files[spec.name] else { continue }
      do {
        snapshot[spec.name] = SourceReading().receiving(
          try read(file, as: spec, timeZone: timeZone, now: now), at: now)
      } catch {
        snapshot[spec.name] = SourceReading().failing("\(error)")
      }
    }
    guard !fetched.isEmpty else { return snapshot }
    let client = HTTPClient(
      eventLoopGroupProvider: .singleton,
      configuration: HTTPClient.Configuration(
        redirectConfiguration: .follow(max: 3, allowCycles: false)))
    for spec in fetched {
      guard let plan = SourceFetchers.plan(spec, timeZone: timeZone, calendarsAround: now) else {
        continue
      }
      var answers = SourceAnswers(count: plan.requests.count)
      switch await answers.fetch(plan, with: client) {
      case .data(let data): snapshot[spec.name] = SourceReading().receiving(data, at: now)
      case .failed(let problem): snapshot[spec.name] = SourceReading().failing(problem)
      case .unchanged: break
      }
    }
    try? await client.shutdown()
    return snapshot
  }

  /// A file's bytes read as `spec`'s server's answer (a calendar expanded around `now`).
  public static func read(_ file: Data, as spec: SourceSpec, timeZone: TimeZone, now: Date)
    throws -> JSONValue
  {
    switch spec.kind {
    case .webhook, .json: return try SourceAnswer.json(file)
    case .weather(_, _, let units, _):
      return try OpenMeteo.pageData(from: try SourceAnswer.json(file), units: units)
    case .feed: return try SourceAnswer.feed(file)
    case .calendar: return try SourceAnswer.calendar(file, now: now, timeZone: timeZone)
    case .homeAssistant(_, _, let entities), .homeAssistantMQTT(_, let entities):
      // `GET /api/states` answers every entity in a list; one entity's answer is an object.
      var states: [JSONValue]
      switch try SourceAnswer.json(file) {
      case .array(let items): states = items
      case let state: states = [state]
      }
      states = states.filter { state in
        guard case .object(let fields) = state, case .string(let id)? = fields["entity_id"]
        else { return true }
        return entities.contains(id)
      }
      let encoder = JSONEncoder()
      return try SourceAnswer.homeAssistant(states.map { try encoder.encode($0) })
    }
  }
}
