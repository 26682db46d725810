import ClackAPI
import Foundation
import Testing

@testable import ClackCommands

/// `clack status` on live sources and cadences: each source fresh, stale with its problem, or
/// without data yet; a next entry's cadence as written.
@Suite struct StatusSourcesTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  static func source(updated: Date?, problem: String?) -> SourceView {
    SourceView(
      name: "tram", kind: "json", origin: "https://transit.example.org/d.json", updatedAt: updated,
      stale: problem != nil, problem: problem, version: 3, data: nil)
  }

  @Test func eachSourceSaysWhetherItIsFreshAndWhatWentWrong() {
    #expect(
      StatusCommand.describe(Self.source(updated: Self.now - 130, problem: nil), now: Self.now)
        == "tram (json, https://transit.example.org/d.json): fresh, 2 min old")
    #expect(
      StatusCommand.describe(
        Self.source(updated: Self.now - 720, problem: "HTTP 503"), now: Self.now)
        == "tram (json, https://transit.example.org/d.json): STALE, 12 min old: HTTP 503")
    #expect(
      StatusCommand.describe(Self.source(updated: nil, problem: "refused"), now: Self.now)
        .hasSuffix("STALE, no data yet: refused"))
    #expect(
      StatusCommand.describe(Self.source(updated: nil, problem: nil), now: Self.now)
        .hasSuffix(": no data yet"))
  }

  @Test func theStatusListsSourcesAndWritesACadenceAsWritten() throws {
    let json = #"""
      {"name": "sim", "rows": 1, "cols": 2, "moving": 0, "waiting": 0, "quiet": false,
       "homed": true, "zones": {}, "faults": [], "queue": {}, "showing": [],
       "next_scheduled": {"at": "2027-01-15T08:00:00Z", "cron": "on change", "zone": "main",
                          "show": "page tram", "when": "08:00, in 1 min"},
       "time": "2027-01-15T07:59:00Z", "time_zone": "UTC",
       "sources": [{"name": "tram", "kind": "json", "origin": "https://x/d.json",
                    "stale": false, "version": 1, "updated_at": "2027-01-15T07:58:00Z"}]}
      """#
    let status = try WireJSON.decode(StatusView.self, from: Data(json.utf8))
    let text = StatusCommand.summary(status, color: false)
    #expect(text.contains("(on change, zone main; times in UTC)"), "\(text)")
    #expect(text.contains("sources:\n  tram (json, https://x/d.json): fresh, 1 min old"))
  }
}
