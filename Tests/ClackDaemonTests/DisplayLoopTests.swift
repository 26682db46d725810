import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackStore
import Foundation
import Logging
import Testing

@testable import ClackRuntime

/// The display loop in virtual time: the runtime on a small simulated board (its executor
/// thread runs for real, 50 times faster), with a clock that moves only when the test says.
@Suite(.serialized) struct DisplayLoopTests {
  static let utc = TimeZone(identifier: "UTC")!
  /// 2026-01-05 00:00 UTC, a Monday.
  static let midnight = Date(timeIntervalSince1970: 1_767_571_200)

  static func runtime(_ config: RuntimeConfig, clock: ManualDaemonClock, maxMoving: Int = 12)
    async throws -> Runtime
  {
    let yaml = BuiltinBoard.yaml.replacingOccurrences(of: "rows: 6", with: "rows: 2")
      .replacingOccurrences(of: "cols: 22", with: "cols: 8")
      .replacingOccurrences(of: "max_moving: 12", with: "max_moving: \(maxMoving)")
    let board = try BoardDefinition.parse(yaml: yaml, file: "small.yaml")
    return await Runtime(
      config: config, runner: try BoardRunner(board: board, simulate: true, speed: 50),
      store: try ClackStore(inMemory: "loop-\(UUID())"), clock: clock,
      logger: Logger(label: "test"))
  }

  /// Runs `body` on a runtime whose display loop runs and has gone to sleep once (homed and
  /// still); stops the loop and the board after.
  static func withRunningLoop(
    _ config: RuntimeConfig, clock: ManualDaemonClock, _ body: (Runtime) async throws -> Void
  ) async throws {
    let runtime = try await Self.runtime(config, clock: clock)
    let display = runtime.display
    let loop = Task { await display.run() }
    defer {
      loop.cancel()
      _ = display.runner.stop()
    }
    try await Self.untilAsleep(display, clock)
    try await body(runtime)
  }

  /// Waits (without advancing the clock) until the loop sleeps on the clock again: the board
  /// is still and the loop has chosen its next deadline.
  static func untilAsleep(_ display: Display, _ clock: ManualDaemonClock) async throws {
    let giveUp = ContinuousClock.now + .seconds(60)
    while true {
      let (asleep, until) = await display.sleeping
      if asleep, clock.sleepers == (until == nil ? 0 : 1), await !display.isBusy { return }
      try #require(ContinuousClock.now < giveUp, "the loop never went back to sleep")
      await Task.yield()
    }
  }

  /// Advances the clock a minute at a time; returns the minutes after which the loop ran.
  static func minutesThatWake(_ display: Display, _ clock: ManualDaemonClock, minutes: Int)
    async throws -> [Int]
  {
    var woken: [Int] = []
    for minute in 1...minutes {
      let before = await display.passes
      clock.advance(by: 60)
      try await untilAsleep(display, clock)
      if await display.passes != before { woken.append(minute) }
    }
    return woken
  }

  @Test func anIdleDayWakesTheLoopOnlyForItsEvents() async throws {
    var config = RuntimeConfig()
    config.timeZone = Self.utc
    config.quietHours = QuietHours(startMinute: 23 * 60, endMinute: 6 * 60)
    // The default schedule: the quote of the day at 07:00.
    let clock = ManualDaemonClock(Self.midnight)
    try await Self.withRunningLoop(config, clock: clock) { runtime in
      let display = runtime.display
      #expect(await display.homed)
      let woken = try await Self.minutesThatWake(display, clock, minutes: 1440)
      #expect(woken == [6 * 60, 7 * 60, 23 * 60], "quiet hours end, the quote fires, quiet begins")
    }
  }

  @Test func aMessageWakesTheLoopAndSoDoItsDwellAndItsExpiry() async throws {
    var config = RuntimeConfig()
    config.timeZone = Self.utc
    config.schedules = []
    config.dwell = 300
    let clock = ManualDaemonClock(Self.midnight)
    try await Self.withRunningLoop(config, clock: clock) { runtime in
      let display = runtime.display
      #expect(await display.sleeping.until == nil, "nothing scheduled: it sleeps until woken")
      var message = NewMessage(sender: "t", body: .text("HELLO"))
      message.expiresIn = 3600
      let receipt = try await runtime.messages.accept(message)
      try await Self.untilAsleep(display, clock)
      #expect(try runtime.store.message(id: receipt.message.id)?.state == .showing)
      let woken = try await Self.minutesThatWake(display, clock, minutes: 120)
      #expect(woken == [5, 60], "the dwell ends at 5 minutes, the message expires at 60")
      #expect(try runtime.store.message(id: receipt.message.id)?.state == .expired)
    }
  }
}
