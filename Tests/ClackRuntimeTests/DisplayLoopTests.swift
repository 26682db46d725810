import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackRuntimeTestSupport
import ClackStore
import Foundation
import Logging
import Testing

@testable import ClackRuntime

/// The display loop in virtual time: the runtime on a recording board of 2 × 8 modules (no
/// thread: moves end at once), with a clock that moves only when the test says.
@Suite(.serialized) struct DisplayLoopTests {
  static let utc = RuntimeHarness.utc
  static let midnight = RuntimeHarness.midnight

  @Test func anIdleDayWakesTheLoopOnlyForItsEvents() async throws {
    var config = RuntimeConfig()
    config.timeZone = Self.utc
    config.quietHours = QuietHours(startMinute: 23 * 60, endMinute: 6 * 60)
    // The default schedule: the quote of the day at 07:00.
    let clock = ManualDaemonClock(Self.midnight)
    try await RuntimeHarness.withRunningLoop(config, clock: clock, recording: true) { runtime in
      let display = runtime.display
      #expect(await display.homed)
      let woken = try await RuntimeHarness.minutesThatWake(display, clock, minutes: 1440)
      #expect(woken == [6 * 60, 7 * 60, 23 * 60], "quiet hours end, the quote fires, quiet begins")
    }
  }

  @Test func aMessageWakesTheLoopAndSoDoItsDwellAndItsExpiry() async throws {
    var config = RuntimeConfig()
    config.timeZone = Self.utc
    config.schedules = []
    config.dwell = 300
    let clock = ManualDaemonClock(Self.midnight)
    try await RuntimeHarness.withRunningLoop(config, clock: clock, recording: true) { runtime in
      let display = runtime.display
      #expect(await display.sleeping.until == nil, "nothing scheduled: it sleeps until woken")
      var message = NewMessage(sender: "t", body: .text("HELLO"))
      message.expiresIn = 3600
      let receipt = try await runtime.messages.accept(message)
      try await RuntimeHarness.untilAsleep(display, clock)
      #expect(try runtime.store.message(id: receipt.message.id)?.state == .showing)
      let woken = try await RuntimeHarness.minutesThatWake(display, clock, minutes: 120)
      #expect(woken == [5, 60], "the dwell ends at 5 minutes, the message expires at 60")
      #expect(try runtime.store.message(id: receipt.message.id)?.state == .expired)
    }
  }
}
