import ClackContent
import ClackCore
import Foundation

/// Live sources (docs/sources.md): data in from fetchers and webhooks, and their state out.
extension BoardService {
  /// The configured sources.
  public var sources: [SourceSpec] { settings.current.sources }

  /// New data for source `name` (a fetch's answer, a webhook's body): pages that read it are
  /// drawn again when the data differ from the last.
  public func receive(source name: String, data: JSONValue) async throws(ServiceError) {
    guard let spec = sources.first(where: { $0.name == name }) else {
      throw .noSource(name, known: sources.map(\.name))
    }
    let changed: Bool
    if case .calendar(_, let soon) = spec.kind, let events = CalendarEvent.events(from: data) {
      // A calendar's pages read its events as of the moment they are drawn.
      changed = display.sources.receive(
        CalendarView(events: events, soon: soon), for: name, at: clock.now(), in: timeZone)
    } else {
      changed = display.sources.receive(data, for: name, at: clock.now())
    }
    if changed {
      await display.sourcesChanged([name])
      events.publish(.source(name: name, stale: false, problem: nil))
    }
  }

  /// A webhook's body for source `name`: refused unless the source is a webhook (a fetched
  /// source's data come from its URL).
  public func push(source name: String, data: JSONValue) async throws(ServiceError) {
    guard let spec = sources.first(where: { $0.name == name }) else {
      throw .noSource(name, known: sources.map(\.name))
    }
    guard spec.kind == .webhook else { throw .notAWebhook(name, kind: spec.kindName) }
    try await receive(source: name, data: data)
  }

  /// An attempt to read source `name` failed: its last good data stay on the board, marked
  /// stale where a page shows its age (drawn again now, then each minute).
  public func sourceFailed(_ name: String, problem: String) async {
    if display.sources.fail(name, problem) {
      events.publish(.source(name: name, stale: true, problem: problem))
      await display.sourcesChanged([name])
    }
  }

  /// A fetch found source `name`'s data unchanged since the last (HTTP 304): fresh again.
  public func sourceConfirmed(_ name: String) async {
    if display.sources.confirm(name, at: clock.now()) {
      events.publish(.source(name: name, stale: false, problem: nil))
      await display.sourcesChanged([name])
    }
  }

  /// Each configured source with its latest reading.
  public func sourceReadings() -> [(spec: SourceSpec, reading: SourceReading)] {
    let snapshot = display.sources.snapshot
    return sources.map { ($0, snapshot[$0.name] ?? SourceReading()) }
  }
}
