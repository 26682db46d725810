import ClackCore
import Foundation
import Testing

@testable import ClackContent

@Suite struct PageTests {
  let renderer = ZoneRenderer(flapSet: .vestaboard, timeZone: utc)
  let quotes = [Quote(text: "KNOW THYSELF", author: "SOCRATES")]

  func text(_ frame: Frame) -> [String] {
    frame.notations().map { $0.joined().trimmingCharacters(in: .whitespaces) }
  }

  @Test func aTextTemplateIsFilledWithItsFields() {
    #expect(PageTemplate.fieldNames(in: "{{time}} and {{ date }} {{unclosed") == ["time", "date"])
    #expect(
      PageTemplate.fill("IT IS {{ time }} {{nope}}{{x", with: ["time": "07:30"])
        == "IT IS 07:30 {{x")
  }

  @Test func unknownFieldsAreNamedAndOwnFieldsWinOverBuiltIns() {
    let page = Page(
      name: "p", template: .text("{{time}} {{xmas}} {{wat}} {{wat}}"),
      fields: ["time": .time(format: "h:mm a")])
    #expect(page.unknownFields == ["xmas", "wat"], "each once, in order")
    #expect(page.allFields["time"] == .time(format: "h:mm a"))
    #expect(Page(name: "q", template: .text("HELLO")).dependsOnTime == false)
    #expect(Page(name: "q", template: .text("{{date}}")).dependsOnTime)
  }

  @Test func aCountdownCountsLocalDaysHoursAndMinutes() {
    let christmas = DateComponents(year: 2026, month: 1, day: 7)
    // Monday 06:00 UTC to Wednesday midnight: two calendar days, 42 hours.
    #expect(PageField.countdown(to: christmas, unit: .days, at: monday, in: utc) == 2)
    #expect(PageField.countdown(to: christmas, unit: .hours, at: monday, in: utc) == 42)
    #expect(PageField.countdown(to: christmas, unit: .minutes, at: monday, in: utc) == 2520)
    let past = DateComponents(year: 2025, month: 12, day: 25)
    #expect(PageField.countdown(to: past, unit: .days, at: monday, in: utc) == 0)
  }

  @Test func aTextPageIsLaidOutWithTheTimeAndTheQuote() throws {
    let page = Page(
      name: "morning", template: .text("{{weekday}} {{time}}\n{{quote}}", justify: .left),
      fields: [:])
    let zone = ZoneSpec(name: "main", row: 0, col: 0, rows: 3, cols: 15)
    let frame = try renderer.frame(for: page, in: zone, now: monday, quotes: quotes)
    #expect(text(frame).contains("MONDAY 06:00"))
    #expect(text(frame).contains("KNOW THYSELF"))
  }

  @Test func aVBMLPageGetsTheFieldsAsProps() throws {
    let document = VBMLDocument(
      props: ["time": .string("NOT THIS")],
      components: [VBMLComponent(.template("{{time}} {{days}}"), justify: .left)])
    let page = Page(
      name: "v", template: .vbml(document),
      fields: ["days": .countdown(to: DateComponents(year: 2026, month: 1, day: 7), unit: .days)])
    let zone = ZoneSpec(name: "main", row: 0, col: 0, rows: 1, cols: 15)
    let frame = try renderer.frame(for: page, in: zone, now: monday, quotes: quotes)
    #expect(text(frame) == ["06:00 2"])
  }

  @Test func aTextPageTooLongForTheZoneSaysSo() {
    let page = Page(name: "long", template: .text("{{quote}} {{quote}} {{quote}}"))
    let zone = ZoneSpec(name: "main", row: 0, col: 0, rows: 1, cols: 8)
    #expect(throws: LayoutError.self) {
      try renderer.frame(for: page, in: zone, now: monday, quotes: quotes)
    }
  }
}
