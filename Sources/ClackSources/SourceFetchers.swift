import AsyncHTTPClient
import ClackContent
import ClackCore
import ClackRuntime
import Foundation
import Logging
import ServiceLifecycle

/// The daemon's fetched sources (docs/sources.md), each on a task of its own: a fetch, the
/// data handed to the runtime's service (as a face hands it a message), then a sleep of its
/// interval (shifted by up to a tenth, so sources do not fetch in step; after failures, a
/// growing pause). A source that fails keeps its last good data, marked stale; the failure is
/// logged once, and its recovery. Nothing here runs in the display loop or on the real-time
/// thread; asleep, it costs nothing.
public struct SourceFetchers: Service {
  let service: BoardService
  let logger: Logger

  public init(service: BoardService, logger: Logger) {
    self.service = service
    self.logger = logger
  }

  /// How a source is fetched: its requests, and what their answers become for pages.
  struct Plan {
    var requests: [SourceFetch]
    /// The answers (one a request, in order) read into what paths pick from; throws what is
    /// wrong with them in words.
    var read: @Sendable ([Data]) throws -> JSONValue
  }

  /// How a source is fetched; nil for one whose data are pushed (a webhook, Home Assistant
  /// over MQTT). A calendar is expanded around the time of
  /// each fetch, or around `calendarsAround` (a preview's moment).
  static func plan(_ spec: SourceSpec, timeZone: TimeZone, calendarsAround: Date? = nil) -> Plan? {
    switch spec.kind {
    case .webhook, .homeAssistantMQTT: return nil
    case .json(let url, let headers):
      return Plan(
        requests: [SourceFetch(url: url, headers: headers, timeout: spec.timeout)],
        read: { try SourceAnswer.json($0[0]) })
    case .weather(let latitude, let longitude, let units, let endpoint):
      var parts = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
      parts?.queryItems = OpenMeteo.query(
        latitude: latitude, longitude: longitude, units: units, timeZone: timeZone
      ).map { URLQueryItem(name: $0.0, value: $0.1) }
      return Plan(
        requests: [SourceFetch(url: parts?.url ?? endpoint, headers: [:], timeout: spec.timeout)],
        read: { try OpenMeteo.pageData(from: try SourceAnswer.json($0[0]), units: units) })
    case .feed(let url):
      var fetch = SourceFetch(url: url, headers: [:], timeout: spec.timeout)
      fetch.accept = "application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.1"
      return Plan(requests: [fetch], read: { try SourceAnswer.feed($0[0]) })
    case .calendar(let url, _):
      var fetch = SourceFetch(url: url, headers: [:], timeout: spec.timeout)
      fetch.accept = "text/calendar, */*;q=0.1"
      return Plan(
        requests: [fetch],
        read: {
          try SourceAnswer.calendar($0[0], now: calendarsAround ?? Date(), timeZone: timeZone)
        })
    case .homeAssistant(let url, let token, let entities):
      let requests = entities.map { entity in
        SourceFetch(
          url: url.appendingPathComponent("api/states/\(entity)"),
          headers: ["Authorization": "Bearer \(token)"], timeout: spec.timeout)
      }
      return Plan(requests: requests, read: { try SourceAnswer.homeAssistant($0) })
    }
  }

  public func run() async throws {
    let fetched = service.sources.compactMap { spec in
      Self.plan(spec, timeZone: service.timeZone).map { (spec, $0) }
    }
    guard !fetched.isEmpty else { return }
    var configuration = HTTPClient.Configuration(
      redirectConfiguration: .follow(max: 3, allowCycles: false))
    configuration.timeout = .init(connect: .seconds(10), read: .seconds(30))
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    logger.info(
      "sources: fetching \(fetched.map { "\($0.0.name) every \(Int($0.0.every)) s" }.joined(separator: ", "))"
    )
    await cancelWhenGracefulShutdown {
      await withDiscardingTaskGroup { group in
        for (spec, plan) in fetched {
          group.addTask { await keepFetching(spec, plan, client: client) }
        }
      }
    }
    try? await client.shutdown()
  }

  private func keepFetching(_ spec: SourceSpec, _ plan: Plan, client: HTTPClient) async {
    var answers = SourceAnswers(count: plan.requests.count)
    var failures = 0
    while !Task.isCancelled {
      switch await answers.fetch(plan, with: client) {
      case .data(let data):
        await settle(spec, failures: &failures)
        do {
          try await service.receive(source: spec.name, data: data)
        } catch {
          logger.warning("source '\(spec.name)': \(error)")
        }
      case .unchanged:
        await settle(spec, failures: &failures)
        await service.sourceConfirmed(spec.name)
      case .failed(let problem):
        if failures == 0 {
          logger.warning("source '\(spec.name)' failed, showing its last data: \(problem)")
        }
        failures += 1
        await service.sourceFailed(spec.name, problem: problem)
      }
      let pause = SourceSchedule.pause(
        every: spec.every, failures: failures, jitter: Double.random(in: -1...1))
      try? await Task.sleep(for: .seconds(pause))
    }
  }

  private func settle(_ spec: SourceSpec, failures: inout Int) async {
    if failures > 0 {
      logger.notice("source '\(spec.name)' recovered after \(failures) failure(s)")
    }
    failures = 0
  }
}

/// How long a fetched source waits before its next fetch.
public enum SourceSchedule {
  /// `every`, shifted by `jitter` (−1…1) tenths; after `failures` in a row, 30 s doubled for
  /// each failure after the first, up to `every` or 15 minutes, whichever is longer, so a
  /// server that is down is not hammered and one that blinked is asked again soon.
  public static func pause(every: TimeInterval, failures: Int, jitter: Double) -> TimeInterval {
    let base =
      failures == 0
      ? every : min(30 * pow(2, Double(min(failures, 20) - 1)), max(every, 900))
    return base * (1 + 0.1 * max(-1, min(1, jitter)))
  }
}
