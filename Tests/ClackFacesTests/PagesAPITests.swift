import ClackContent
import ClackCore
import Foundation
import Testing

@testable import ClackHTTPFace
@testable import ClackMQTTFace
@testable import ClackRuntime

/// `/api/v1/pages`: the run of show with its forecasts, a page previewed at a moment, and a
/// page switched to; each refusal names what is wrong.
@Suite(.serialized) struct PagesAPITests {
  static func config() -> RuntimeConfig {
    var config = RuntimeConfig()
    config.timeZone = TimeZone(identifier: "UTC")!
    let clock = Page(name: "clock", template: .text("{{time}}"))
    let countdown = Page(
      name: "countdown", template: .text("{{days}} DAYS"),
      fields: ["days": .countdown(to: DateComponents(year: 2027, month: 1, day: 1), unit: .days)])
    let spare = Page(name: "spare", template: .text("SPARE"))
    config.pages = [clock, countdown, spare]
    config.sources = [SourceSpec(name: "door", kind: .webhook)]
    config.schedules = [
      ScheduleEntry(cadence: .rotation, content: .page(clock), dwell: 120),
      ScheduleEntry(cadence: .every(minutes: 15), content: .page(countdown), dwell: 60),
    ]
    return config
  }

  static func object(_ body: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
  }

  @Test func theRunOfShowIsListedWithEachEntrysCadenceAndForecast() async throws {
    let daemon = try await InProcessDaemon(config: Self.config())
    let (status, body) = try await daemon.request("GET", "/api/v1/pages")
    #expect(status == .ok, "\(body)")
    let answer = try Self.object(body)
    let pages = try #require(answer["pages"] as? [[String: Any]])
    #expect(pages.map { $0["name"] as? String } == ["clock", "countdown", "spare"])
    #expect(pages[0]["kind"] as? String == "text" && pages[0]["template"] as? String == "{{time}}")
    let entries = try #require(answer["run_of_show"] as? [[String: Any]])
    #expect(entries.map { $0["cadence"] as? String } == ["in rotation", "every 15m"])
    #expect(entries.map { $0["hold_seconds"] as? Double } == [120, 60])
    #expect(entries[1]["page"] as? String == "countdown")
    // 1_800_000_000 is 08:00 UTC: the countdown comes due at 08:00 and 08:15.
    let next = try #require(entries[1]["next_show_at"] as? String)
    #expect(next.hasPrefix("2027-01-15T08:"), "\(next)")
  }

  @Test func aPageIsPreviewedAtAnyMoment() async throws {
    let daemon = try await InProcessDaemon(config: Self.config())
    let (status, body) = try await daemon.request(
      "GET", "/api/v1/pages/countdown/preview?at=2026-12-24T18:00:00Z")
    #expect(status == .ok, "\(body)")
    let answer = try Self.object(body)
    #expect((answer["fields"] as? [String: String]) == ["days": "8"])
    let lines = try #require(answer["lines"] as? [String])
    #expect(lines.contains { $0.contains("8 DAYS") })
    let rows = try #require(answer["rows"] as? [[Int]])
    #expect(rows.count == 6 && rows[0].count == 22)
  }

  @Test func switchingToAPageAndTheRefusals() async throws {
    let daemon = try await InProcessDaemon(config: Self.config())
    let (status, body) = try await daemon.request("POST", "/api/v1/pages/countdown/show")
    #expect(status == .ok, "\(body)")
    let (missing, missingBody) = try await daemon.request("POST", "/api/v1/pages/nope/show")
    #expect(missing == .notFound)
    #expect(missingBody.contains("page_not_found") && missingBody.contains("clock, countdown"))
    let (spare, spareBody) = try await daemon.request("POST", "/api/v1/pages/spare/show")
    #expect(spare == .conflict)
    #expect(spareBody.contains("page_not_in_run_of_show"))
    let (badTime, badBody) = try await daemon.request(
      "GET", "/api/v1/pages/clock/preview?at=noon")
    #expect(badTime == .badRequest)
    #expect(badBody.contains(#""field":"at""#))
  }

  @Test func theRunOfShowIsSetReadBackAndResetOverREST() async throws {
    let daemon = try await InProcessDaemon(config: Self.config())
    let (status, body) = try await daemon.request(
      "PUT", "/api/v1/run-of-show",
      #"{"run_of_show": [{"page": "spare", "dwell": "2m"}, {"show": "clock", "on_change": true}]}"#
    )
    #expect(status == .ok, "\(body)")
    let answer = try Self.object(body)
    #expect(answer["source"] as? String == "set")
    let entries = try #require(answer["run_of_show"] as? [[String: Any]])
    #expect(entries.map { $0["cadence"] as? String } == ["in rotation", "on change"])
    #expect(entries[0]["hold_seconds"] as? Double == 120)

    let (_, setBody) = try await daemon.request("GET", "/api/v1/run-of-show")
    let set = try Self.object(setBody)
    #expect(set["source"] as? String == "set")
    let written = try #require(set["run_of_show"] as? [[String: Any]])
    #expect(written[0]["page"] as? String == "spare" && written[0]["dwell"] as? Double == 120)
    #expect(written[1]["on_change"] as? Bool == true)
    let (pagesStatus, _) = try await daemon.request("POST", "/api/v1/pages/spare/show")
    #expect(pagesStatus == .ok, "spare is in the run of show now")

    let (resetStatus, resetBody) = try await daemon.request("DELETE", "/api/v1/run-of-show")
    #expect(resetStatus == .ok)
    #expect(try Self.object(resetBody)["source"] as? String == "config")
    let (_, afterBody) = try await daemon.request("GET", "/api/v1/run-of-show")
    #expect(try Self.object(afterBody)["run_of_show"] == nil)
  }

  @Test func anEntryShownWhileASourceHoldsIsSetWithItsPriority() async throws {
    let daemon = try await InProcessDaemon(config: Self.config())
    let (status, body) = try await daemon.request(
      "PUT", "/api/v1/run-of-show",
      #"{"run_of_show": [{"page": "clock"}, {"page": "spare", "while": "door.open", "#
        + #""priority": "high"}]}"#)
    #expect(status == .ok, "\(body)")
    let entries = try #require(try Self.object(body)["run_of_show"] as? [[String: Any]])
    #expect(entries[1]["cadence"] as? String == "while door.open, over messages")
    #expect(entries.map { $0["cadence_kind"] as? String } == ["rotation", "while"])
    #expect(entries[1]["hold_seconds"] == nil, "it holds while the source says")
    #expect(entries[1]["on_show"] as? Bool == false)
    let (_, setBody) = try await daemon.request("GET", "/api/v1/run-of-show")
    let written = try #require(try Self.object(setBody)["run_of_show"] as? [[String: Any]])
    #expect(written[1]["while"] as? String == "door.open")
    #expect(written[1]["priority"] as? String == "high")
  }

  @Test(arguments: [
    (#"{"run_of_show": [{"page": "nope"}]}"#, 422, "invalid_run_of_show", "run_of_show[0].page"),
    (
      #"{"run_of_show": [{"page": "spare", "while": "nope.x"}]}"#, 422, "invalid_run_of_show",
      "run_of_show[0].while"
    ),
    (
      #"{"run_of_show": [{"page": "spare", "priority": "high"}]}"#, 422, "invalid_run_of_show",
      "run_of_show[0].priority"
    ),
    (
      #"{"run_of_show": [{"page": "clock"}, {"page": "clock", "every": "90s"}]}"#, 422,
      "invalid_run_of_show", "run_of_show[1].every"
    ),
    (
      #"{"run_of_show": [{"page": "clock", "dwel": 5}]}"#, 400, "invalid_field",
      "run_of_show[0].dwel"
    ),
    (
      #"{"run_of_show": [{"page": "clock", "dwell": "soon"}]}"#, 400, "invalid_field",
      "run_of_show[0].dwell"
    ),
    (#"{"run_of_show": [{"page": 7}]}"#, 400, "invalid_field", "run_of_show[0].page"),
    (#"{"run_of_show": ["clock"]}"#, 400, "invalid_field", "run_of_show[0]"),
    (#"{"pages": []}"#, 400, "invalid_json", nil),
    ("not json", 400, "invalid_json", nil),
  ])
  func aWrongRunOfShowIsRefusedNamingTheEntryAndField(
    body: String, status: Int, code: String, field: String?
  ) async throws {
    let daemon = try await InProcessDaemon(config: Self.config())
    let (answer, text) = try await daemon.request("PUT", "/api/v1/run-of-show", body)
    #expect(answer.code == status, "\(text)")
    let error = try #require(try Self.object(text)["error"] as? [String: Any])
    #expect(error["code"] as? String == code)
    #expect((error["details"] as? [String: Any])?["field"] as? String == field, "\(text)")
    let (_, after) = try await daemon.request("GET", "/api/v1/pages")
    #expect(try Self.object(after)["source"] as? String == "config", "nothing changed")
  }

  @Test func theEventsAndHomeAssistantsPageSelectFollowTheRunOfShow() async throws {
    let daemon = try await InProcessDaemon(config: Self.config())
    var events = daemon.runtime.service.subscribe().makeAsyncIterator()
    let (status, _) = try await daemon.request(
      "PUT", "/api/v1/run-of-show", #"{"run_of_show": [{"page": "spare"}, {"page": "clock"}]}"#)
    #expect(status == .ok)
    var pages: [String]?
    while pages == nil, let event = await events.next() {
      if case .runOfShow(let names) = event { pages = names }
    }
    #expect(pages == ["spare", "clock"])
    #expect(DaemonEvent.runOfShow(pages: ["spare"]).sse.hasPrefix("event: run_of_show\n"))

    let topic = "homeassistant/select/clack_test/page/config"
    daemon.bridge.offerPages(["spare", "clock"])
    let config = try #require(daemon.published(on: topic).last)
    #expect(config.contains(#""options":["spare","clock"]"#), "\(config)")
    daemon.bridge.offerPages(["spare", "clock"])
    #expect(daemon.published(on: topic).count == 1, "the same pages are not offered again")
    daemon.bridge.offerPages([])
    #expect(daemon.published(on: topic).last == "", "no pages: the select is removed")
  }
}
