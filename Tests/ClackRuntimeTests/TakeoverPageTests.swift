import ClackContent
import ClackCore
import ClackRuntimeTestSupport
import ClackStore
import Foundation
import Testing

@testable import ClackRuntime

/// A "starting soon" page on the board: a calendar's `soon` makes a run-of-show entry of
/// priority high take the board from a message for the minutes before an event, with no
/// fetch (the calendar's view moves with the clock), and the message comes back after.
@Suite struct TakeoverPageTests {
  static func config() -> RuntimeConfig {
    let made = RuntimeHarness.calendarConfig(
      dwell: 60, page: "agenda", template: "NEXT {{what}}", fallback: "NONE")
    var config = made.0
    let agenda = made.1
    let soon = Page(
      name: "soon", template: .text("SOON {{what}}"),
      fields: ["what": .source("work", path: try! JSONPath("soon.summary"))])
    config.pages = [agenda, soon]
    config.schedules = try! [
      RunOfShowItem(page: "agenda"),
      RunOfShowItem(page: "soon", whileHolds: "work.soon", priority: "high"),
    ].map { try $0.entry(pages: ["agenda": agenda, "soon": soon], sources: ["work"]) }
    return config
  }

  @Test func aStartingSoonPageTakesTheBoardFromAMessageUntilTheEventStarts() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    let midnight = RuntimeHarness.midnight
    try await runtime.service.receive(
      source: "work",
      data: CalendarEvent.json([
        CalendarEvent(summary: "GYM", start: midnight + 3600, end: midnight + 7200, allDay: false)
      ]))
    await runtime.display.step()
    #expect(board.lastShownText == "NEXT GYM|")
    // A message half a minute before: within its dwell (a minute) when the page comes.
    clock.advance(by: 2670)
    await runtime.display.step()
    let hello = try await runtime.messages.accept(NewMessage(sender: "k", body: .text("HELLO")))
    await runtime.display.step()
    #expect(board.lastShownText == "HELLO|")

    let wake = try #require(await runtime.display.nextDeadline(after: clock.now()))
    #expect(wake <= midnight + 2700, "the loop wakes when the gym is 15 minutes off")
    clock.advance(by: (midnight + 2700).timeIntervalSince(clock.now()))
    await runtime.display.step()
    #expect(board.lastShownText == "SOON GYM|", "it takes the board from the message")
    let message = try #require(try runtime.store.message(id: hello.message.id))
    #expect(message.state == .queued)
    let reason = try runtime.store.history(id: hello.message.id).last?.reason
    #expect(
      reason
        == "interrupted by run-of-show entry 1 (page soon, while work.soon, over messages); "
        + "it comes back after")
    let report = await runtime.display.runOfShow()
    #expect(report.entries.map(\.onShow) == [false, true])
    #expect(report.entries[1].hold == nil)

    clock.advance(by: (midnight + 3600).timeIntervalSince(clock.now()))
    await runtime.display.step()
    #expect(board.lastShownText == "HELLO|", "the gym has started: the message comes back")
    #expect(try runtime.store.message(id: hello.message.id)?.state == .showing)
  }
}
