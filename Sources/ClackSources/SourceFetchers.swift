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

  /// How a source is fetched, and what its answer becomes for pages; nil for a webhook.
  static func plan(_ spec: SourceSpec, timeZone: TimeZone) -> (
    fetch: SourceFetch, read: @Sendable (JSONValue) throws -> JSONValue
  )? {
    switch spec.kind {
    case .webhook: return nil
    case .json(let url, let headers):
      return (SourceFetch(url: url, headers: headers, timeout: spec.timeout), { $0 })
    case .weather(let latitude, let longitude, let units, let endpoint):
      var parts = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
      parts?.queryItems = OpenMeteo.query(
        latitude: latitude, longitude: longitude, units: units, timeZone: timeZone
      ).map { URLQueryItem(name: $0.0, value: $0.1) }
      return (
        SourceFetch(url: parts?.url ?? endpoint, headers: [:], timeout: spec.timeout),
        { forecast in try OpenMeteo.pageData(from: forecast, units: units) }
      )
    }
  }

  public func run() async throws {
    let fetched = service.sources.compactMap { spec in
      Self.plan(spec, timeZone: service.timeZone).map { (spec, $0.fetch, $0.read) }
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
        for (spec, fetch, read) in fetched {
          group.addTask { await keepFetching(spec, fetch, read, client: client) }
        }
      }
    }
    try? await client.shutdown()
  }

  private func keepFetching(
    _ spec: SourceSpec, _ fetch: SourceFetch, _ read: (JSONValue) throws -> JSONValue,
    client: HTTPClient
  ) async {
    var validators = SourceFetch.Validators()
    var failures = 0
    while !Task.isCancelled {
      var outcome = await fetch.run(with: client, validators: validators)
      if case .data(let answer, let next) = outcome {
        do {
          outcome = .data(try read(answer), next)
        } catch {
          outcome = .failed("\(fetch.url.absoluteString): \(error)")
        }
      }
      switch outcome {
      case .data(let data, let next):
        validators = next
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
