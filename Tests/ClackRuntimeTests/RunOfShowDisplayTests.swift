import ClackContent
import ClackCore
import ClackRuntimeTestSupport
import Foundation
import Testing

@testable import ClackRuntime

/// The run of show through the display loop on a recording board, in virtual time: pages
/// take turns and are handed to the board, a page switched to by hand goes up at once, the
/// reading names the page on show, and the board's picture is a PNG.
@Suite struct RunOfShowDisplayTests {
  static func config() -> RuntimeConfig {
    var config = RuntimeHarness.unscheduled(dwell: 60)
    let one = Page(name: "one", template: .text("ONE"))
    let two = Page(name: "two", template: .text("TWO {{time}}"))
    config.pages = [one, two]
    config.schedules = [
      ScheduleEntry(cadence: .rotation, content: .page(one), dwell: 30),
      ScheduleEntry(cadence: .rotation, content: .page(two)),
    ]
    return config
  }

  static func text(_ frame: Frame) -> String {
    frame.notations().map { $0.joined().trimmingCharacters(in: .whitespaces) }
      .joined(separator: "|")
  }

  @Test func pagesTakeTurnsOnTheBoardAndOneCanBePicked() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    let display = runtime.display
    await display.step()
    #expect(Self.text(try #require(board.framesShown.last)).contains("ONE"))
    #expect(await display.reading().pages == ["main": "one"])

    clock.advance(by: 30)
    await display.step()
    #expect(Self.text(try #require(board.framesShown.last)).contains("TWO|00:00"))
    #expect(await display.reading().pages == ["main": "two"])

    // Redrawn in place at the next minute, its dwell (the zone's 60 s) counted from 00:00:30.
    clock.advance(by: 30)
    await display.step()
    #expect(Self.text(try #require(board.framesShown.last)).contains("TWO|00:01"))
    clock.advance(by: 20)
    await display.step()
    #expect(await display.reading().pages == ["main": "two"], "10 s of its dwell are left")

    _ = try await display.showPage("one")
    #expect(Self.text(try #require(board.framesShown.last)).contains("ONE"), "at once")
    let report = await display.runOfShow()
    #expect(report.entries.map(\.onShow) == [true, false])
    #expect(report.entries[1].nextShow == clock.now().addingTimeInterval(30))
  }

  @Test func theBoardsPictureIsAPNG() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, _) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    await runtime.display.step()
    let png = try #require(await runtime.service.picture())
    #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
  }

  @Test func aPageNotInTheRunOfShowOrUnknownIsRefusedByName() async throws {
    var config = Self.config()
    config.pages.append(Page(name: "spare", template: .text("SPARE")))
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, _) = try await RuntimeHarness.recordingRuntime(config, clock: clock)
    await #expect(throws: PageError.self) { try await runtime.display.showPage("spare") }
    do {
      _ = try await runtime.display.showPage("nope")
      Issue.record("an unknown page was shown")
    } catch {
      #expect(error.description == "no page named 'nope'; pages: one, two, spare")
    }
  }
}
