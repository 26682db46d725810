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

/// The urgent rule and the estimates, through the accept service and the display loop in
/// virtual time (the loop's clock moves only when the test says).
@Suite(.serialized) struct UrgentMessageTests {
  static func config(dwell: TimeInterval = 300) -> RuntimeConfig {
    RuntimeHarness.unscheduled(dwell: dwell)
  }

  static func text(_ text: String, from sender: String, urgent: Bool = false) -> NewMessage {
    var message = NewMessage(sender: sender, body: .text(text))
    message.priority = urgent ? .urgent : .normal
    return message
  }

  @Test func anUrgentMessageGivesWayAfterItsDwellAndTheEstimatesSaySo() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    try await RuntimeHarness.withRunningLoop(Self.config(), clock: clock) { runtime in
      try await Self.urgentGivesWay(runtime, clock)
    }
  }

  static func urgentGivesWay(_ runtime: Runtime, _ clock: ManualDaemonClock) async throws {
    let display = runtime.display
    let start = clock.now()
    let urgent = try await runtime.messages.accept(Self.text("DINNER", from: "k", urgent: true))
    #expect(urgent.displayAt == start)
    #expect(urgent.position == 1)
    try await RuntimeHarness.untilAsleep(display, clock)
    let normal = try await runtime.messages.accept(Self.text("LATER", from: "n"))
    #expect(normal.displayAt == start.addingTimeInterval(300), "it waits for the urgent dwell")
    #expect(normal.position == 1)
    let queued = try #require(try runtime.store.message(id: normal.message.id))
    #expect(await display.forecast(of: queued)?.displayAt == normal.displayAt)
    try await RuntimeHarness.untilAsleep(display, clock)
    let woken = try await RuntimeHarness.minutesThatWake(display, clock, minutes: 80)
    #expect(woken == [5, 10], "the urgent one's dwell ends at 5 minutes, the next one's at 10")
    #expect(try runtime.store.message(id: urgent.message.id)?.state == .shown)
    #expect(try runtime.store.message(id: normal.message.id)?.state == .showing)
    let reasons = try runtime.store.history(id: urgent.message.id).map(\.reason)
    #expect(reasons.last == "its time on the board is over")
  }

  @Test func whileHomingTheEstimateCountsTheHomingLeft() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    // Two modules at a time: 16 modules home in eight batches of about 4.3 s of board time
    // (a revolution's ramped move), 0.09 s each at 50 times real speed.
    let runtime = try await RuntimeHarness.runtime(
      Self.config(), clock: clock, maxMoving: 2)
    let display = runtime.display
    defer { _ = display.runner.stop() }
    try #require(await !display.homed)
    let receipt = try await runtime.messages.accept(Self.text("HELLO", from: "h"))
    // On the daemon's clock, in board time; in real seconds, 50 times less.
    let wait = receipt.displayAt.timeIntervalSince(clock.now())
    let perBatch = Double(display.runner.homingMicrosecondsPerModule) / 1e6
    // 4096 steps: 0.2 s ramps from 200 to 1000 steps/s each way (240 steps), the rest at 1000,
    // then 5 ms (a step at 200 steps/s) holding the last step while the rotor settles.
    #expect(perBatch > 4.255 && perBatch < 4.265, "\(perBatch) s")
    #expect(wait > perBatch, "not 'at once' while the board is still homing")
    // A loaded host skips ticks, and the estimate allows for the pace the executor keeps.
    let step = display.runner.homingMicrosecondsPerModule / 4096
    let slowdown = display.slowdown(display.runner.state, stepMicroseconds: step)
    #expect(wait <= 8 * perBatch * slowdown * 1.5)
    #expect(abs(receipt.waitSeconds - wait / 50) < 0.001)
  }

  @Test func inQuietHoursTheEstimateIsTheirEnd() async throws {
    var config = Self.config()
    config.quietHours = QuietHours(startMinute: 23 * 60, endMinute: 6 * 60)
    // 23:30 on the Sunday before.
    let clock = ManualDaemonClock(RuntimeHarness.midnight.addingTimeInterval(-1800))
    try await RuntimeHarness.withRunningLoop(config, clock: clock) { runtime in
      try await Self.quietHoursEstimates(runtime, clock)
    }
  }

  static func quietHoursEstimates(_ runtime: Runtime, _ clock: ManualDaemonClock) async throws {
    let six = RuntimeHarness.midnight.addingTimeInterval(6 * 3600)
    let urgent = try await runtime.messages.accept(Self.text("LEAK", from: "u", urgent: true))
    #expect(urgent.displayAt == six)
    #expect(urgent.heldByQuietHours)
    let normal = try await runtime.messages.accept(Self.text("MORNING", from: "n"))
    #expect(normal.displayAt == six.addingTimeInterval(300))
    #expect(normal.position == 2, "the urgent one goes first")
    var bypass = Self.text("OWL", from: "o")
    bypass.bypassQuietHours = true
    let owl = try await runtime.messages.accept(bypass)
    #expect(owl.displayAt == clock.now())
    #expect(!owl.heldByQuietHours)
  }
}
