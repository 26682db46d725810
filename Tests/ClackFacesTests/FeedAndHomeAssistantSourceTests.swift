import AsyncHTTPClient
import ClackContent
import ClackCore
import ClackRuntimeTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization
import Testing

@testable import ClackRuntime
@testable import ClackSources

/// Feeds and Home Assistant as sources (docs/sources.md): fetched from loopback servers that
/// answer as the real ones do, read into what pages' paths pick from, and failures in words.
@Suite struct FeedAndHomeAssistantSourceTests {
  static func fixture(_ name: String) throws -> String {
    try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ClackSourceFormatsTests/Fixtures/\(name)"), encoding: .utf8)
  }

  static func value(_ path: String, _ data: JSONValue) throws -> JSONValue? {
    try JSONPath(path).value(in: data)
  }

  @Test func aFeedSourceGivesItsItemsToPaths() async throws {
    let body = Mutex(try Self.fixture("news-rss2.xml"))
    let accepted = Mutex<String?>(nil)
    let router = Router()
    router.get("rss.xml") { request, _ -> Response in
      accepted.withLock { $0 = request.headers[.accept] }
      return Response(
        status: .ok, headers: [.contentType: "application/rss+xml"],
        body: .init(byteBuffer: ByteBuffer(string: body.withLock { $0 })))
    }
    let http = HTTPClient(eventLoopGroupProvider: .singleton)
    try await Application(router: router).test(.live) { client in
      let port = try #require(client.port)
      let url = URL(string: "http://127.0.0.1:\(port)/rss.xml")!
      let plan = try #require(
        SourceFetchers.plan(SourceSpec(name: "news", kind: .feed(url: url)), timeZone: .gmt))
      var answers = SourceAnswers(count: 1)
      guard case .data(let data) = await answers.fetch(plan, with: http) else {
        Issue.record("the feed brought no data")
        return
      }
      #expect(try Self.value("title", data) == .string("City News - Home"))
      #expect(try Self.value("count", data) == .int(4))
      #expect(
        try Self.value("items[0].title", data)
          == .string("Tram line 4 reopens after three weeks of track work"))
      #expect(try Self.value("items[0].published", data) == .string("2026-11-25T20:58:35Z"))
      #expect(try Self.value("items[0].author", data) == .string("Ada Byron"))
      #expect(try Self.value("items[*].title", data)?.pageText.hasPrefix("Tram line 4") == true)
      #expect(accepted.withLock { $0 }?.hasPrefix("application/rss+xml") == true)
      #expect(await answers.fetch(plan, with: http) == .unchanged, "the same feed again")

      body.withLock { $0 = try! Self.fixture("broken-html.html") }
      #expect(
        await answers.fetch(plan, with: http)
          == .failed("\(url.absoluteString): the answer is an HTML page, not an RSS or Atom feed"))
      body.withLock { $0 = try! Self.fixture("broken-truncated.xml") }
      guard case .failed(let problem) = await answers.fetch(plan, with: http) else {
        Issue.record("a truncated feed was read")
        return
      }
      #expect(
        problem.hasPrefix("\(url.absoluteString): not well-formed XML at line 6: it ends before"))
    }
    try await http.shutdown()
  }

  /// `GET /api/states/ENTITY` as Home Assistant answers it, for the right token only.
  static func homeAssistant(token: String, states: [String: String]) -> Router<BasicRequestContext>
  {
    let router = Router()
    router.get("api/states/:entity") { request, context -> Response in
      guard request.headers[.authorization] == "Bearer \(token)" else {
        return Response(
          status: .unauthorized, body: .init(byteBuffer: ByteBuffer(string: "401: Unauthorized")))
      }
      let entity = context.parameters.get("entity") ?? ""
      guard let state = states[entity] else {
        return Response(
          status: .notFound, headers: [.contentType: "application/json"],
          body: .init(byteBuffer: ByteBuffer(string: #"{"message":"Entity not found."}"#)))
      }
      return Response(
        status: .ok, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: ByteBuffer(string: state)))
    }
    return router
  }

  static let outside = #"""
    {"entity_id":"sensor.outside_temperature","state":"4.5","attributes":{"state_class":"measurement","unit_of_measurement":"°C","device_class":"temperature","friendly_name":"Outside temperature"},"last_changed":"2026-11-25T20:41:07.101943+00:00","last_reported":"2026-11-25T20:41:07.101943+00:00","last_updated":"2026-11-25T20:41:07.101943+00:00","context":{"id":"01JDQ2","parent_id":null,"user_id":null}}
    """#
  static let door = #"""
    {"entity_id":"binary_sensor.front_door","state":"off","attributes":{"device_class":"door","friendly_name":"Front door"},"last_changed":"2026-11-25T18:02:00+00:00","last_reported":"2026-11-25T18:02:00+00:00","last_updated":"2026-11-25T18:02:00+00:00","context":{"id":"01JDQ3","parent_id":null,"user_id":null}}
    """#

  @Test func aHomeAssistantSourceReadsEachEntityWithItsToken() async throws {
    let router = Self.homeAssistant(
      token: "abc.def.ghi",
      states: ["sensor.outside_temperature": Self.outside, "binary_sensor.front_door": Self.door])
    let http = HTTPClient(eventLoopGroupProvider: .singleton)
    try await Application(router: router).test(.live) { client in
      let port = try #require(client.port)
      let url = URL(string: "http://127.0.0.1:\(port)")!
      func plan(token: String, entities: [String]) throws -> SourceFetchers.Plan {
        try #require(
          SourceFetchers.plan(
            SourceSpec(
              name: "house",
              kind: .homeAssistant(url: url, token: token, entities: entities)),
            timeZone: .gmt))
      }
      let good = try plan(
        token: "abc.def.ghi", entities: ["sensor.outside_temperature", "binary_sensor.front_door"])
      var answers = SourceAnswers(count: good.requests.count)
      guard case .data(let data) = await answers.fetch(good, with: http) else {
        Issue.record("no states")
        return
      }
      #expect(try Self.value("sensor.outside_temperature.state", data) == .string("4.5"))
      #expect(
        try Self.value("sensor.outside_temperature.attributes.unit_of_measurement", data)
          == .string("°C"))
      #expect(try Self.value("binary_sensor.front_door.state", data) == .string("off"))
      #expect(try Self.value("sensor.outside_temperature.context", data) == nil, "not kept")

      let wrong = try plan(token: "nope", entities: ["sensor.outside_temperature"])
      var refused = SourceAnswers(count: 1)
      #expect(
        await refused.fetch(wrong, with: http)
          == .failed(
            "http://127.0.0.1:\(port)/api/states/sensor.outside_temperature: HTTP 401 "
              + "Unauthorized (check the token or key it needs)"))
      let missing = try plan(token: "abc.def.ghi", entities: ["sensor.attic"])
      var none = SourceAnswers(count: 1)
      #expect(
        await none.fetch(missing, with: http)
          == .failed("http://127.0.0.1:\(port)/api/states/sensor.attic: HTTP 404 Not Found"))
    }
    try await http.shutdown()
  }

  @Test func aFeedAndHomeAssistantFillAPageOnTheBoardThroughTheFetchers() async throws {
    let feed = """
      <?xml version="1.0"?><rss version="2.0"><channel><title>T</title>
      <item><title>ONE</title></item><item><title>TWO</title></item>
      <item><title>THREE</title></item></channel></rss>
      """
    let router = Self.homeAssistant(
      token: "tok", states: ["sensor.outside_temperature": Self.outside])
    router.get("rss.xml") { _, _ -> Response in
      Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: feed)))
    }
    try await Application(router: router).test(.live) { client in
      let port = try #require(client.port)
      let base = URL(string: "http://127.0.0.1:\(port)")!
      var config = RuntimeHarness.unscheduled(dwell: 600)
      config.sources = [
        SourceSpec(name: "news", kind: .feed(url: base.appendingPathComponent("rss.xml"))),
        SourceSpec(
          name: "house",
          kind: .homeAssistant(url: base, token: "tok", entities: ["sensor.outside_temperature"])),
      ]
      let page = Page(
        name: "news", template: .text("{{h}}\n{{t}}"),
        fields: [
          "h": .source("news", path: try JSONPath("items[*].title"), fallback: "-", rotate: 1),
          "t": .source("house", path: try JSONPath("sensor.outside_temperature.state")),
        ])
      config.pages = [page]
      config.schedules = [ScheduleEntry(cadence: .rotation, content: .page(page))]
      let clock = ManualDaemonClock(RuntimeHarness.midnight)
      let (runtime, board) = try await RuntimeHarness.recordingRuntime(config, clock: clock)
      var events = runtime.service.subscribe().makeAsyncIterator()
      let fetchers = Task {
        try await SourceFetchers(service: runtime.service, logger: Logger(label: "test")).run()
      }
      var arrived: [String: Bool] = [:]
      while arrived.count < 2, let event = await events.next() {
        if case .source(let name, let stale, let problem) = event {
          #expect(!stale, "\(name): \(problem ?? "")")
          arrived[name] = !stale
        }
      }
      fetchers.cancel()
      await runtime.display.step()
      let titles = ["ONE", "TWO", "THREE"]
      let minute = Int(RuntimeHarness.midnight.timeIntervalSince1970 / 60)
      #expect(board.lastShownText == "\(titles[minute % 3])|4.5")
      clock.advance(by: 60)
      await runtime.display.step()
      #expect(board.lastShownText == "\(titles[(minute + 1) % 3])|4.5", "the next headline")
      _ = await fetchers.result
    }
  }

  @Test func aCalendarIsFetchedAndItsPageMovesOnWithTheClockAlone() async throws {
    let ics = try Self.fixture("google-work.ics")
    let router = Router()
    router.get("work.ics") { _, _ -> Response in
      Response(
        status: .ok, headers: [.contentType: "text/calendar"],
        body: .init(byteBuffer: ByteBuffer(string: ics)))
    }
    let http = HTTPClient(eventLoopGroupProvider: .singleton)
    try await Application(router: router).test(.live) { client in
      let port = try #require(client.port)
      let spec = SourceSpec(
        name: "work",
        kind: .calendar(url: URL(string: "http://127.0.0.1:\(port)/work.ics")!, soon: 600))
      let around = ISO8601DateFormatter().date(from: "2026-11-26T06:00:00Z")!
      let plan = try #require(
        SourceFetchers.plan(
          spec, timeZone: TimeZone(identifier: "Europe/Berlin")!, calendarsAround: around))
      var answers = SourceAnswers(count: 1)
      guard case .data(let data) = await answers.fetch(plan, with: http) else {
        Issue.record("the calendar brought no data")
        return
      }
      let events = try #require(CalendarEvent.events(from: data))
      #expect(events.map(\.summary).contains("Stand-up (moved)"))
      #expect(events.first { $0.summary == "Team offsite" }?.allDay == true)
    }
    try await http.shutdown()

    // On the board: the next event's name, moving on when it ends, with no fetch.
    let made = RuntimeHarness.calendarConfig(
      dwell: 600, page: "next", template: "{{what}}", fallback: "FREE")
    var config = made.0
    let page = made.1
    config.pages = [page]
    config.schedules = [ScheduleEntry(cadence: .rotation, content: .page(page))]
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(config, clock: clock)
    let midnight = RuntimeHarness.midnight
    try await runtime.service.receive(
      source: "work",
      data: CalendarEvent.json([
        CalendarEvent(summary: "GYM", start: midnight + 3600, end: midnight + 7200, allDay: false),
        CalendarEvent(
          summary: "TEA", start: midnight + 3 * 3600, end: midnight + 4 * 3600, allDay: false),
      ]))
    await runtime.display.step()
    #expect(board.lastShownText == "GYM|")
    #expect(
      runtime.display.sources.nextCalendarChange == midnight + 2700,
      "the page's data next change 15 minutes before the gym")
    let wake = try #require(await runtime.display.nextDeadline(after: midnight))
    #expect(wake <= midnight + 2700, "and the display loop wakes by then")
    clock.advance(by: 7200)
    await runtime.display.step()
    #expect(board.lastShownText == "TEA|", "the gym has ended: no fetch needed")
    clock.advance(by: 4 * 3600)
    await runtime.display.step()
    #expect(board.lastShownText == "FREE|", "nothing more: the default")
  }
}
