import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackRuntime
import ClackStore
import Foundation
import Logging

/// The runtime in virtual time, for tests of the runtime and of the faces over it: a small
/// simulated board (its executor thread runs for real, 50 times faster), an in-memory store,
/// and a clock that moves only when the test says.
public enum RuntimeHarness {
  public static let utc = TimeZone(identifier: "UTC")!
  /// 2026-01-05 00:00 UTC, a Monday.
  public static let midnight = Date(timeIntervalSince1970: 1_767_571_200)

  /// A config in UTC with no schedules (nothing fires unless a test sends it), and `dwell`
  /// seconds on show when given.
  public static func unscheduled(dwell: TimeInterval? = nil) -> RuntimeConfig {
    var config = RuntimeConfig()
    config.timeZone = utc
    config.schedules = []
    if let dwell { config.dwell = dwell }
    return config
  }

  /// `unscheduled(dwell:)` with one calendar source, `work` (`soon` 15 minutes; its URL is
  /// never fetched: tests hand it events), and a page `name` showing its next event's
  /// summary (`fallback` when there is none).
  public static func calendarConfig(
    dwell: TimeInterval, page name: String, template: String, fallback: String
  ) -> (RuntimeConfig, Page) {
    var config = unscheduled(dwell: dwell)
    config.sources = [
      SourceSpec(
        name: "work", kind: .calendar(url: URL(string: "http://127.0.0.1:9/x.ics")!, soon: 900))
    ]
    let page = Page(
      name: name, template: .text(template),
      fields: [
        "what": .source("work", path: try! JSONPath("next[0].summary"), fallback: fallback)
      ])
    return (config, page)
  }

  /// A 2 × 8 version of the built-in board, at most `maxMoving` modules moving.
  public static func smallBoard(maxMoving: Int = 12) throws -> BoardDefinition {
    let yaml = BuiltinBoard.yaml.replacingOccurrences(of: "rows: 6", with: "rows: 2")
      .replacingOccurrences(of: "cols: 22", with: "cols: 8")
      .replacingOccurrences(
        of: "  supply_amps:", with: "  max_moving: \(maxMoving)\n  supply_amps:")
    return try BoardDefinition.parse(yaml: yaml, file: "small.yaml")
  }

  /// The runtime on the small board's simulated twin, its executor thread running for real.
  public static func runtime(
    _ config: RuntimeConfig, clock: ManualDaemonClock, maxMoving: Int = 12
  ) async throws -> Runtime {
    let board = try smallBoard(maxMoving: maxMoving)
    return await Runtime(
      config: config, runner: try BoardRunner(board: board, simulate: true, speed: 50),
      store: try ClackStore(inMemory: "loop-\(UUID())"), clock: clock,
      logger: Logger(label: "test"), relievesMemory: false)
  }

  /// The runtime on a `RecordingBoard` of the small board's size: no thread at all, the loop
  /// polls a moving board by yielding, and moves end when the test says (`holdsMoves`) or
  /// at once.
  public static func recordingRuntime(
    _ config: RuntimeConfig, clock: ManualDaemonClock, holdsMoves: Bool = false,
    store: ClackStore? = nil, cleanStop: CleanStop? = nil, relievesMemory: Bool = false
  ) async throws -> (Runtime, RecordingBoard) {
    let board = RecordingBoard(board: try smallBoard(), holdsMoves: holdsMoves)
    let runtime = await Runtime(
      config: config, runner: board,
      store: try store ?? ClackStore(inMemory: "recording-\(UUID())"), clock: clock,
      logger: Logger(label: "test"), cleanStop: cleanStop, pollWhileMoving: { await Task.yield() },
      relievesMemory: relievesMemory)
    return (runtime, board)
  }

  /// The runtime on `runner`, a board with no thread of its own (a recording board, or a
  /// wall over recording boards): the loop polls a moving board by yielding.
  public static func runtime(
    on runner: any RunningBoard, _ config: RuntimeConfig, clock: ManualDaemonClock
  ) async throws -> Runtime {
    await Runtime(
      config: config, runner: runner, store: try ClackStore(inMemory: "runner-\(UUID())"),
      clock: clock, logger: Logger(label: "test"), pollWhileMoving: { await Task.yield() },
      relievesMemory: false)
  }

  /// Runs `body` on a runtime whose display loop runs and has gone to sleep once (homed and
  /// still); stops the loop and the board after.
  /// `recording`: on a `RecordingBoard` (moves end at once) instead of the simulated twin.
  public static func withRunningLoop(
    _ config: RuntimeConfig, clock: ManualDaemonClock, recording: Bool = false,
    _ body: (Runtime) async throws -> Void
  ) async throws {
    let runtime =
      if recording {
        try await Self.recordingRuntime(config, clock: clock).0
      } else {
        try await Self.runtime(config, clock: clock)
      }
    let display = runtime.display
    let loop = Task { await display.run() }
    defer {
      loop.cancel()
      _ = display.runner.stop()
    }
    try await Self.untilAsleep(display, clock)
    try await body(runtime)
  }

  /// The loop did not go back to sleep within a minute of real time.
  public struct NeverAsleep: Error, CustomStringConvertible {
    public var description: String { "the loop never went back to sleep" }
  }

  /// Waits (without advancing the clock) until the loop sleeps on the clock again: the board
  /// is still and the loop has chosen its next deadline.
  public static func untilAsleep(_ display: Display, _ clock: ManualDaemonClock) async throws {
    let giveUp = ContinuousClock.now + .seconds(60)
    while true {
      let (asleep, until) = await display.sleeping
      if asleep, clock.sleepers == (until == nil ? 0 : 1), await !display.isBusy { return }
      guard ContinuousClock.now < giveUp else { throw NeverAsleep() }
      await Task.yield()
    }
  }

  /// Advances the clock a minute at a time; returns the minutes after which the loop ran.
  public static func minutesThatWake(
    _ display: Display, _ clock: ManualDaemonClock, minutes: Int
  ) async throws -> [Int] {
    var woken: [Int] = []
    for minute in 1...minutes {
      let before = await display.passes
      clock.advance(by: 60)
      try await untilAsleep(display, clock)
      if await display.passes != before { woken.append(minute) }
    }
    return woken
  }
}
