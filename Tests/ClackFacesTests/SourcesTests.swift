import AsyncHTTPClient
import ClackContent
import ClackCore
import ClackRuntimeTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

@testable import ClackHTTPFace
@testable import ClackMQTTFace
@testable import ClackRuntime
@testable import ClackSources

/// Live sources (docs/sources.md): a webhook's data reach the board through REST, a JSON
/// source is fetched from a loopback server (conditionally, with its failures in words), and a
/// failing source keeps its last data, marked stale.
@Suite(.serialized) struct SourcesTests {
  static func config() -> RuntimeConfig {
    var config = RuntimeHarness.unscheduled(dwell: 60)
    config.sources = [
      SourceSpec(name: "doorbell", kind: .webhook),
      SourceSpec(
        name: "tram", kind: .json(url: URL(string: "http://127.0.0.1:9/x")!, headers: [:])),
    ]
    let door = Page(
      name: "door", template: .text("{{who}}"),
      fields: ["who": .source("doorbell", path: try! JSONPath("name"), fallback: "NOBODY")])
    config.pages = [door]
    config.schedules = [ScheduleEntry(cadence: .rotation, content: .page(door))]
    return config
  }

  static func object(_ body: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
  }

  @Test func aWebhooksDataReachTheBoardAndMistakesAreNamed() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    await runtime.display.step()
    #expect(try #require(board.lastShownText).contains("NOBODY"), "the default before any data")
    let api = API(
      service: runtime.service,
      access: AccessPolicy(key: BoardControlCLITests.key, loopbackOnly: true))
    let key = BoardControlCLITests.key.value
    try await Application(router: api.router()).test(.router) { client in
      func call(_ method: HTTPRequest.Method, _ path: String, _ body: String = "") async throws
        -> (HTTPResponse.Status, String)
      {
        try await client.execute(
          uri: path, method: method, headers: [.clackKey: key], body: ByteBuffer(string: body)
        ) { ($0.status, String(buffer: $0.body)) }
      }
      let (status, body) = try await call(.post, "/api/v1/sources/doorbell", #"{"name": "ADA"}"#)
      #expect(status == .ok, "\(body)")
      let answer = try Self.object(body)
      #expect(answer["version"] as? Int == 1 && answer["stale"] as? Bool == false)
      #expect((answer["data"] as? [String: Any])?["name"] as? String == "ADA")
      await runtime.display.step()
      #expect(try #require(board.lastShownText).contains("ADA"), "drawn again with the new data")

      let (missing, missingBody) = try await call(.post, "/api/v1/sources/nope", "{}")
      #expect(missing == .notFound && missingBody.contains("source_not_found"))
      #expect(missingBody.contains("sources: doorbell, tram"))
      let (fetched, fetchedBody) = try await call(.post, "/api/v1/sources/tram", "{}")
      #expect(fetched == .conflict && fetchedBody.contains("source_not_a_webhook"))
      let (bad, badBody) = try await call(.post, "/api/v1/sources/doorbell", "name=ADA")
      #expect(bad == .badRequest && badBody.contains("invalid_json"))

      // A failure keeps the data on the board and says so.
      await runtime.service.sourceFailed("doorbell", problem: "the bell's server is down")
      let (_, listBody) = try await call(.get, "/api/v1/sources")
      let sources = try #require(try Self.object(listBody)["sources"] as? [[String: Any]])
      #expect(sources.map { $0["name"] as? String } == ["doorbell", "tram"])
      #expect(sources[0]["stale"] as? Bool == true)
      #expect(sources[0]["problem"] as? String == "the bell's server is down")
      #expect(sources[0]["data"] == nil, "the list leaves the data out")
      #expect(sources[1]["origin"] as? String == "http://127.0.0.1:9/x")
    }
    await runtime.display.step()
    #expect(try #require(board.lastShownText).contains("ADA"))
  }

  @Test func aSourcesChangesAreEventsAndMQTTsStateSaysWhichAreStale() async throws {
    let daemon = try await InProcessDaemon(config: Self.config())
    var events = daemon.runtime.service.subscribe().makeAsyncIterator()
    func nextSourceEvent() async -> DaemonEvent? {
      while let event = await events.next() {
        if case .source = event { return event }
      }
      return nil
    }
    try await daemon.runtime.service.push(
      source: "doorbell", data: .object(["name": .string("ADA")]))
    #expect(await nextSourceEvent() == .source(name: "doorbell", stale: false, problem: nil))
    await daemon.runtime.service.sourceFailed("tram", problem: "HTTP 503")
    #expect(await nextSourceEvent() == .source(name: "tram", stale: true, problem: "HTTP 503"))
    #expect(
      DaemonEvent.source(name: "tram", stale: true, problem: "HTTP 503").sse
        == "event: source\ndata: {\"name\":\"tram\",\"problem\":\"HTTP 503\",\"stale\":true}\n\n")
    await daemon.bridge.publishState()
    let state = try #require(daemon.published(on: "clack/test/state").last)
    let sources = try #require(try Self.object(state)["sources"] as? [String: [String: Any]])
    #expect(sources["tram"]?["stale"] as? Bool == true)
    #expect(sources["tram"]?["problem"] as? String == "HTTP 503")
    #expect(sources["doorbell"]?["stale"] as? Bool == false)
  }

  /// What the loopback server answers next.
  enum Answer: Sendable {
    case json(String, etag: String)
    case status(Int)
    case text(String)
  }

  @Test func aJSONSourceIsFetchedConditionallyAndItsFailuresAreWorded() async throws {
    let answer = Mutex<Answer>(.json(#"{"departures": [{"line": "M10"}]}"#, etag: "\"v1\""))
    let seen = Mutex<[(token: String?, ifNoneMatch: String?)]>([])
    let router = Router()
    router.get("doc") { request, _ -> Response in
      seen.withLock {
        $0.append(
          (request.headers[HTTPField.Name("X-Token")!], request.headers[.ifNoneMatch]))
      }
      switch answer.withLock({ $0 }) {
      case .json(let body, let etag):
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified) }
        return Response(
          status: .ok, headers: [.contentType: "application/json", .eTag: etag],
          body: .init(byteBuffer: ByteBuffer(string: body)))
      case .status(let code):
        return Response(status: HTTPResponse.Status(code: code))
      case .text(let body):
        return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: body)))
      }
    }
    let http = HTTPClient(eventLoopGroupProvider: .singleton)
    try await Application(router: router).test(.live) { client in
      let port = try #require(client.port)
      let spec = SourceSpec(
        name: "tram",
        kind: .json(
          url: URL(string: "http://127.0.0.1:\(port)/doc")!, headers: ["X-Token": "secret"]),
        timeout: 5)
      let plan = try #require(SourceFetchers.plan(spec, timeZone: .gmt))
      var answers = SourceAnswers(count: 1)
      guard case .data(let data) = await answers.fetch(plan, with: http) else {
        Issue.record("the first fetch brought no data")
        return
      }
      #expect(try JSONPath("departures[0].line").value(in: data) == .string("M10"))
      #expect(await answers.fetch(plan, with: http) == .unchanged, "304")
      #expect(seen.withLock { $0.map(\.token) } == ["secret", "secret"])
      #expect(seen.withLock { $0.map(\.ifNoneMatch) } == [nil, "\"v1\""])

      answer.withLock { $0 = .status(503) }
      #expect(
        await answers.fetch(plan, with: http)
          == .failed("http://127.0.0.1:\(port)/doc: HTTP 503 Service Unavailable"))
      answer.withLock { $0 = .status(401) }
      #expect(
        await answers.fetch(plan, with: http)
          == .failed(
            "http://127.0.0.1:\(port)/doc: HTTP 401 Unauthorized (check the token or key it needs)"
          ))
      answer.withLock { $0 = .text("<html>sorry</html>") }
      #expect(
        await answers.fetch(plan, with: http)
          == .failed(
            "http://127.0.0.1:\(port)/doc: the answer is not JSON (it begins '<html>sorry</html>')")
      )
      answer.withLock { $0 = .json(#"{"departures": []}"#, etag: "\"v1\"") }
      guard case .data = await answers.fetch(plan, with: http) else {
        Issue.record("after an answer it could not read, the next is fetched whole, not 304")
        return
      }
      answer.withLock {
        $0 = .json("[" + String(repeating: "1,", count: 600_000) + "1]", etag: "\"big\"")
      }
      #expect(
        await answers.fetch(plan, with: http)
          == .failed("http://127.0.0.1:\(port)/doc: the answer is over 1024 KiB"))
    }
    let closed = SourceFetch(url: URL(string: "http://127.0.0.1:9/doc")!, headers: [:], timeout: 5)
    guard case .failed(let problem) = await closed.run(with: http, validators: .init()) else {
      Issue.record("a closed port answered")
      return
    }
    #expect(
      problem == "http://127.0.0.1:9/doc: the server refused the connection (is it running, on "
        + "that port?)")
    try await http.shutdown()
  }

  @Test func aWeatherSourceAsksOpenMeteoForThePlaceAndReadsItsAnswer() async throws {
    let asked = Mutex<[String: String]>([:])
    let router = Router()
    router.get("v1/forecast") { request, _ -> Response in
      asked.withLock { seen in
        for (name, value) in request.uri.queryParameters { seen[String(name)] = String(value) }
      }
      return Response(
        status: .ok, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: ByteBuffer(string: OpenMeteoAnswer.berlin)))
    }
    let http = HTTPClient(eventLoopGroupProvider: .singleton)
    try await Application(router: router).test(.live) { client in
      let port = try #require(client.port)
      let spec = SourceSpec(
        name: "weather",
        kind: .weather(
          latitude: 52.52, longitude: 13.41, units: .metric,
          endpoint: URL(string: "http://127.0.0.1:\(port)/v1/forecast")!))
      let plan = try #require(
        SourceFetchers.plan(spec, timeZone: TimeZone(identifier: "Europe/Berlin")!))
      var answers = SourceAnswers(count: plan.requests.count)
      guard case .data(let data) = await answers.fetch(plan, with: http) else {
        Issue.record("no forecast")
        return
      }
      #expect(try JSONPath("now.condition").value(in: data) == .string("RAIN"))
      #expect(try JSONPath("today.high").value(in: data) == .int(5))
      #expect(asked.withLock { $0["latitude"] } == "52.52")
      #expect(asked.withLock { $0["timezone"] } == "Europe/Berlin")
      #expect(SourceFetchers.plan(SourceSpec(name: "w", kind: .webhook), timeZone: .gmt) == nil)
    }
    try await http.shutdown()
  }

  @Test func theFetchersPauseIsItsIntervalJitteredAndGrowsAfterFailures() {
    #expect(SourceSchedule.pause(every: 600, failures: 0, jitter: 0) == 600)
    #expect(SourceSchedule.pause(every: 600, failures: 0, jitter: 1) == 660)
    #expect(SourceSchedule.pause(every: 600, failures: 0, jitter: -5) == 540, "at most a tenth")
    #expect(
      (1...7).map { SourceSchedule.pause(every: 600, failures: $0, jitter: 0) }
        == [30, 60, 120, 240, 480, 900, 900], "up to 15 min for a source of 10 min")
    #expect(SourceSchedule.pause(every: 3600, failures: 12, jitter: 0) == 3600)
  }
}

/// An answer in Open-Meteo's format (the same as `OpenMeteoTests.berlin`, which another test
/// target holds).
enum OpenMeteoAnswer {
  static let berlin = #"""
    {"latitude":52.52,"longitude":13.419998,"utc_offset_seconds":3600,"timezone":"Europe/Berlin",
     "current":{"time":"2026-11-26T08:00","interval":900,"temperature_2m":3.6,
                "weather_code":61,"wind_speed_10m":14.8,"is_day":1},
     "daily":{"time":["2026-11-26","2026-11-27"],"temperature_2m_max":[5.2,2.4],
              "temperature_2m_min":[-0.6,-2.5],"weather_code":[61,71]}}
    """#
}
