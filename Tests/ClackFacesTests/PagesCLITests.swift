import ClackAPI
import ClackContent
import ClackRuntimeTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import ClackCommands
@testable import ClackHTTPFace
@testable import ClackRuntime

/// `clack pages set FILE` and `clack pages reset` against the real HTTP face on loopback: a
/// YAML run of show written as in the config reaches the runtime, a wrong one is refused in
/// the daemon's words (entry and field), and reset goes back to the config's.
@Suite(.serialized) struct PagesCLITests {
  static func config() -> RuntimeConfig {
    var config = RuntimeHarness.unscheduled(dwell: 60)
    let one = Page(name: "one", template: .text("ONE"))
    let two = Page(name: "two", template: .text("TWO {{date}}"))
    config.pages = [one, two]
    config.schedules = [ScheduleEntry(cadence: .rotation, content: .page(one))]
    return config
  }

  static func file(_ text: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("clack-run-of-show-\(UUID().uuidString).yaml")
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test func aRunOfShowFileIsSetAndResetFromTheCommandLine() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, _) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    let api = API(
      service: runtime.service,
      access: AccessPolicy(key: BoardControlCLITests.key, loopbackOnly: true))
    // Shaped like the config: other keys are passed over, run_of_show is read.
    let good = try Self.file(
      """
      time_zone: UTC
      run_of_show:
        - {page: two, on_change: true, dwell: 1m}
        - page: one
          dwell: 30s
      """)
    let bad = try Self.file("- {page: one}\n- {page: three, every: 15m}\n")
    let malformed = try Self.file("- {page: one, dwel: 5m}\n")
    defer { for url in [good, bad, malformed] { try? FileManager.default.removeItem(at: url) } }
    try await Application(router: api.router()).test(.live) { client in
      let port = try #require(client.port)
      try await BoardControlCLITests.clack(["pages", "set", good.path], port: port)
      #expect(runtime.service.setRunOfShow?.map(\.page) == ["two", "one"])
      #expect(runtime.config.schedules.map(\.cadence) == [.onChange, .rotation])

      await #expect {
        try await BoardControlCLITests.clack(["pages", "set", bad.path], port: port)
      } throws: { error in
        "\(error)".contains("run_of_show[1].page: no page named 'three'")
      }
      await #expect {
        try await BoardControlCLITests.clack(["pages", "set", malformed.path], port: port)
      } throws: { error in
        // Read before anything is sent: the file, line and field.
        "\(error)".contains(":1:") && "\(error)".contains("dwel")
          && "\(error)".contains("unknown field")
      }
      #expect(runtime.service.setRunOfShow?.map(\.page) == ["two", "one"], "still the good one")

      try await BoardControlCLITests.clack(["pages", "reset"], port: port)
      #expect(runtime.service.setRunOfShow == nil)
      #expect(runtime.config.schedules.map(\.pageName) == ["one"])
    }
  }

  @Test func theTableSaysWhichRunOfShowIsOnTheBoard() {
    let view = PagesView(
      pages: [], runOfShow: [], source: "config", setAside: "run_of_show[0].page: no page",
      time: Date(timeIntervalSince1970: 0), timeZone: "UTC")
    #expect(PagesCommand.table(view).contains("does not fit it: run_of_show[0].page"))
    var set = view
    (set.source, set.setAside) = ("set", nil)
    #expect(PagesCommand.table(set).hasPrefix("the run of show set at run time"))
  }

  @Test func anEntryShownWhileASourceHoldsSaysSoInTheTable() {
    let entry = RunOfShowEntryView(
      index: 1, page: "soon", show: "page soon", zone: "main",
      cadence: "while work.soon, over messages", cadenceKind: "while", holdSeconds: nil,
      onShow: false, waiting: nil, nextShowAt: nil, nextShow: nil)
    var view = PagesView(
      pages: [], runOfShow: [entry], source: "config", setAside: nil,
      time: Date(timeIntervalSince1970: 0), timeZone: "UTC")
    #expect(
      PagesCommand.table(view)
        == "1  page soon  zone main  while work.soon, over messages  holds while that lasts  "
        + "shows when its source holds\n")
    view.runOfShow[0].onShow = true
    #expect(PagesCommand.table(view).contains("holds while that lasts  ON SHOW\n"))
  }
}
