import ClackCore
import Foundation
import Testing

@testable import ClackContent

/// Pages that show live sources (docs/sources.md): a value picked by its path (a default
/// while there is none), a stale source's age, and the run of show following new data.
@Suite struct SourceFieldTests {
  static let tram = try! JSONPath("departures[0].line")

  static func reading(_ json: String, updatedAt: Date = monday, problem: String? = nil)
    -> SourceReading
  {
    SourceReading(
      data: JSONValue.parse(Data(json.utf8)), updatedAt: updatedAt, problem: problem, version: 1)
  }

  @Test func aSourceFieldShowsItsValueOrItsDefault() {
    let field = PageField.source("tram", path: Self.tram, fallback: "--")
    let sources = ["tram": Self.reading(#"{"departures": [{"line": "M10"}]}"#)]
    #expect(field.text(at: monday, in: utc, quote: nil, sources: sources) == "M10")
    #expect(field.text(at: monday, in: utc, quote: nil, sources: [:]) == "--", "no data yet")
    let empty = ["tram": Self.reading(#"{"departures": []}"#)]
    #expect(field.text(at: monday, in: utc, quote: nil, sources: empty) == "--", "not in it")
  }

  @Test func aRotatingFieldShowsEachItemInTurnAndChangesAtEachTurn() throws {
    let headline = PageField.source(
      "news", path: try JSONPath("items[*].title"), fallback: "NO NEWS", rotate: 2)
    let news = [
      "news": Self.reading(#"{"items": [{"title": "A"}, {"title": "B"}, {"title": "C"}]}"#)
    ]
    // monday is a whole multiple of 2 minutes from 1970, so its turn starts there.
    let shown = (0..<8).map { minute in
      headline.text(at: monday + Double(minute) * 60, in: utc, quote: nil, sources: news)
    }
    let start = Int(monday.timeIntervalSince1970 / 120) % 3
    let order = ["A", "B", "C"]
    #expect(
      shown == (0..<8).map { order[(start + $0 / 2) % 3] }, "two minutes an item, in order")
    #expect(headline.dependsOnTime, "drawn again each minute on show")
    #expect(headline.nextChange(after: monday + 30, in: utc) == monday + 120)
    #expect(headline.nextChange(after: monday + 120, in: utc) == monday + 240)
    let none = ["news": Self.reading(#"{"items": []}"#)]
    #expect(headline.text(at: monday, in: utc, quote: nil, sources: none) == "NO NEWS")
    let unrotated = PageField.source("news", path: try JSONPath("items[*].title"))
    #expect(unrotated.text(at: monday, in: utc, quote: nil, sources: news) == "A, B, C")
    #expect(!unrotated.dependsOnTime)
  }

  @Test func aStaleSourcesAgeShowsOnlyWhileItFails() {
    let age = PageField.sourceAge("tram")
    let fresh = ["tram": Self.reading("{}")]
    #expect(age.text(at: monday + 600, in: utc, quote: nil, sources: fresh) == "")
    let stale = ["tram": Self.reading("{}", problem: "HTTP 503")]
    #expect(age.text(at: monday + 720, in: utc, quote: nil, sources: stale) == "12M")
    #expect(age.text(at: monday + 3 * 3600, in: utc, quote: nil, sources: stale) == "3H")
    #expect(age.text(at: monday + 50 * 3600, in: utc, quote: nil, sources: stale) == "2D")
  }

  @Test func aReadingsVersionGoesUpOnlyWhenItsDataChange() {
    let first = SourceReading().receiving(.int(1), at: monday)
    #expect(first.version == 1)
    #expect(first.receiving(.int(1), at: monday + 60).version == 1)
    let failed = first.failing("timed out")
    #expect(failed.isStale && failed.data == .int(1), "the last good data stay")
    #expect(failed.receiving(.int(2), at: monday + 120).version == 2)
    #expect(!failed.receiving(.int(2), at: monday + 120).isStale)
  }

  @Test func aPageKnowsItsSourcesAndDrawsThem() throws {
    let page = Page(
      name: "tram", template: .text("NEXT {{line}}{{old}}"),
      fields: ["line": .source("tram", path: Self.tram), "old": .sourceAge("tram")])
    #expect(page.sources == ["tram"])
    #expect(page.dependsOnTime, "a stale age grows with the time")
    let only = Page(
      name: "only", template: .text("{{line}}"), fields: ["line": .source("tram", path: Self.tram)])
    #expect(!only.dependsOnTime)
    #expect(ScheduledContent.page(only).changes, "a source's page can come due on change")
    let renderer = ZoneRenderer(flapSet: .vestaboard, timeZone: utc)
    let zone = ZoneSpec(name: "main", row: 0, col: 0, rows: 1, cols: 15)
    let frame = try renderer.frame(
      for: page, in: zone, now: monday, quotes: [],
      sources: ["tram": Self.reading(#"{"departures": [{"line": "M10"}]}"#)])
    #expect(frame.notations()[0].joined().trimmingCharacters(in: .whitespaces) == "NEXT M10")
  }

  @Test func newDataRedrawThePageOnShowAndBringAnOnChangeEntryDue() throws {
    let tram = Page(
      name: "tram", template: .text("{{line}}"), fields: ["line": .source("tram", path: Self.tram)])
    let rig = try ContentRig(
      ContentRules(
        zones: [whole],
        schedules: [
          ScheduleEntry(cadence: .rotation, content: .text("NEWS"), dwell: 600),
          ScheduleEntry(cadence: .onChange, content: .page(tram), dwell: 60),
        ], timeZone: utc))
    try rig.step()
    #expect(RunOfShowTests.shown(rig) == 0)
    #expect(rig.engine.nextChange(after: rig.now) == monday + 600, "no time of its own")
    rig.engine.sourcesChanged(["weather"], now: rig.now)
    #expect(rig.engine.program(of: "main").waiting == [], "another source: nothing")
    try rig.step(10)
    rig.engine.sourcesChanged(["tram"], now: rig.now)
    #expect(rig.engine.program(of: "main").waiting == [1], "due, waiting for the news' dwell")
    try rig.step(590)
    #expect(rig.source() == .scheduled(index: 1, firedAt: monday + 10))
    // New data while it is on show: drawn again in place, its minute going on.
    try rig.step(20)
    rig.engine.sourcesChanged(["tram"], now: rig.now)
    let decision = try rig.step()
    #expect(decision.changed == ["main"], "drawn again, as of the same fire")
    #expect(rig.source() == .scheduled(index: 1, firedAt: monday + 10))
    #expect(try rig.step().changed == [], "once")
    #expect(rig.engine.program(of: "main").waiting == [], "not queued again")
    try rig.step(40)
    #expect(RunOfShowTests.shown(rig) == 0, "its dwell counted from when it first showed")
  }
}
