import ClackContent
import ClackCore
import Foundation
import Testing

@testable import ClackHTTPFace
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
}
