import ClackContent
import ClackCore
import ClackRuntimeTestSupport
import ClackScheduler
import Foundation
import Testing

@testable import ClackRuntime

/// A clock page lands on the minute: the next minute's change is worked out ahead and handed
/// to the board early by the forecast of its move, so nothing is left to do at the minute.
@Suite struct LandingTests {
  static func config(landOnTime: Bool = true) -> RuntimeConfig {
    var config = RuntimeHarness.unscheduled(dwell: 600)
    let clock = Page(name: "clock", template: .text("{{time}}"))
    config.pages = [clock]
    config.schedules = [ScheduleEntry(cadence: .rotation, content: .page(clock))]
    config.landOnTime = landOnTime
    return config
  }

  static func text(_ frame: Frame) -> String {
    frame.notations().map { $0.joined().trimmingCharacters(in: .whitespaces) }
      .joined(separator: "|")
  }

  @Test func theNextMinuteIsHandedOverEarlyByItsMoveAndNothingMovesAtTheMinute() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight.addingTimeInterval(10))
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    let display = runtime.display
    await display.step()
    await display.step()  // the move has ended and is saved: the loop would sleep now
    #expect(Self.text(try #require(board.framesShown.last)).contains("00:00"))
    let minute = RuntimeHarness.midnight.addingTimeInterval(60)
    #expect(await !display.isBusy)
    #expect(await display.homed)
    let landing = try #require(await display.prepareLanding(for: minute, now: clock.now()))
    // "00:00" to "00:01": one module moves; the recording board's forecast, and one tick.
    let move = Double(
      board.moveMicroseconds(
        to: landing.screen, transition: landing.transition, reduceMotion: false))
    #expect(move > 0)
    // The recording board holds nothing after a move; two of its 1 ms ticks on top.
    #expect(abs(landing.start.timeIntervalSince(minute) + move / 1e6 + 0.002) < 1e-6)
    #expect(Self.text(landing.screen.frame).contains("00:01"))

    #expect(abs(landing.handover.timeIntervalSince(landing.start) + Display.landingMargin) < 1e-6)
    await display.setLanding(landing)
    clock.advance(by: landing.handover.timeIntervalSince(clock.now()))
    let before = MonotonicTickClock.raw()
    await display.step()
    #expect(Self.text(try #require(board.framesShown.last)).contains("00:01"), "before the minute")
    // Handed over with its start, a quarter of a (real) second later, for the thread to keep.
    let start = try #require(board.starts.last)
    #expect(start >= before + 240_000_000 && start <= MonotonicTickClock.raw() + 250_000_000)
    let handedOver = board.framesShown.count
    clock.advance(by: minute.timeIntervalSince(clock.now()))
    await display.step()
    #expect(board.framesShown.count == handedOver, "at the minute there is nothing left to move")
  }

  @Test func withoutLandOnTimeOrWithAMessageDueNothingIsPreparedAhead() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight.addingTimeInterval(10))
    let (runtime, _) = try await RuntimeHarness.recordingRuntime(
      Self.config(landOnTime: false), clock: clock)
    await runtime.display.step()
    await runtime.display.step()
    let minute = RuntimeHarness.midnight.addingTimeInterval(60)
    #expect(await runtime.display.prepareLanding(for: minute, now: clock.now()) == nil)

    let (other, _) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    await other.display.step()
    await other.display.step()
    _ = try await other.messages.accept(NewMessage(sender: "t", body: .text("HI")))
    await other.display.step()
    await other.display.step()
    #expect(await !other.display.isBusy)
    #expect(
      await other.display.prepareLanding(for: minute, now: clock.now()) == nil,
      "a message has the zone: the minute changes nothing")
  }
}

extension Display {
  func setLanding(_ landing: Landing) { self.landing = landing }
}
