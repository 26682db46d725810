import ClackContent
import ClackCore
import ClackRuntimeTestSupport
import ClackStore
import Foundation
import Testing

@testable import ClackRuntime

/// A run of show set at run time: it takes the config's place on the board, is kept in the
/// store across a restart and a reload, steps aside (kept) when the config loses a page it
/// names, and a reset brings the config's back. A wrong one is refused, naming the entry
/// and field, and changes nothing.
@Suite struct RunOfShowSetTests {
  static func config(withSpare: Bool = true) -> RuntimeConfig {
    var config = RuntimeHarness.unscheduled(dwell: 60)
    let one = Page(name: "one", template: .text("ONE"))
    let spare = Page(name: "spare", template: .text("SPARE {{time}}"))
    config.pages = withSpare ? [one, spare] : [one]
    config.schedules = [ScheduleEntry(cadence: .rotation, content: .page(one))]
    return config
  }

  static let set = [
    RunOfShowItem(page: "spare", dwell: 30), RunOfShowItem(show: "text", text: "HI", every: 900),
  ]

  @Test func aSetRunOfShowTakesTheBoardAndOutlivesARestart() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let store = try ClackStore(inMemory: "set-\(UUID())")
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(
      Self.config(), clock: clock, store: store)
    await runtime.display.step()
    #expect(try #require(board.lastShownText).contains("ONE"))

    let report = try await runtime.service.setRunOfShow(Self.set)
    #expect(report.source == .setAtRunTime)
    #expect(report.entries.map(\.entry.cadenceText) == ["in rotation", "every 15m"])
    await runtime.display.step()
    #expect(
      try #require(board.lastShownText).contains("SPARE|00:00"), "the set run of show is on show")
    #expect(try store.value(of: .runOfShow) == Self.set, "kept before the answer")

    // A restart: a new runtime over the same store and the same config.
    _ = runtime.display.runner.stop()
    let (again, board2) = try await RuntimeHarness.recordingRuntime(
      Self.config(), clock: clock, store: store)
    #expect(again.service.setRunOfShow == Self.set)
    #expect(await again.service.runOfShow().source == .setAtRunTime)
    await again.display.step()
    #expect(try #require(board2.lastShownText).contains("SPARE"))

    let reset = try await again.service.resetRunOfShow()
    #expect(reset.source == .config)
    #expect(reset.entries.map(\.entry.pageName) == ["one"])
    #expect(try store.value(of: .runOfShow) == nil, "forgotten")
  }

  @Test func aReloadKeepsItOrSetsItAsideWhenAPageItNamesIsGone() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, _) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    _ = try await runtime.service.setRunOfShow(Self.set)

    var reloaded = Self.config()
    reloaded.dwell = 90
    #expect(try await runtime.reload(reloaded) == .setAtRunTime)
    #expect(runtime.config.schedules.map(\.pageName) == ["spare", nil])
    #expect(runtime.config.dwell == 90, "the rest of the reloaded config applies")

    let source = try await runtime.reload(Self.config(withSpare: false))
    #expect(
      source == .setAside("run_of_show[0].page: no page named 'spare' in 'pages'; pages: one"))
    #expect(runtime.config.schedules.map(\.pageName) == ["one"], "the config's meanwhile")
    #expect(runtime.service.setRunOfShow == Self.set, "kept, not lost")

    #expect(try await runtime.reload(Self.config()) == .setAtRunTime, "back once it fits")
  }

  @Test func aWrongRunOfShowIsRefusedByEntryAndFieldAndChangesNothing() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, _) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    let wrong: [([RunOfShowItem], String)] = [
      ([RunOfShowItem(page: "one"), RunOfShowItem(page: "nope")], "run_of_show[1].page: no page"),
      ([RunOfShowItem(page: "one", zone: "top")], "run_of_show[0].zone: no zone named 'top'"),
      ([RunOfShowItem(page: "one", every: 90)], "run_of_show[0].every: must be whole minutes"),
      ([RunOfShowItem(show: "text", text: "X", onChange: true)], "run_of_show[0].on_change:"),
      ([RunOfShowItem(page: "one", script: "cirth")], "run_of_show[0].script:"),
      ([RunOfShowItem(page: "one", cron: "61 * * * *")], "run_of_show[0].cron:"),
    ]
    for (items, expected) in wrong {
      do {
        _ = try await runtime.service.setRunOfShow(items)
        Issue.record("accepted \(items)")
      } catch {
        #expect(error.description.hasPrefix(expected), "\(error)")
      }
    }
    #expect(runtime.service.setRunOfShow == nil)
    #expect(try runtime.store.value(of: .runOfShow) == nil)
    #expect(await runtime.service.runOfShow().source == .config)
  }
}
