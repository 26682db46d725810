import ClackConfig
import Foundation
import Logging
import Testing

@testable import ClackDaemon

@Suite struct JournalLogHandlerTests {
  @Test func eachLineCarriesItsSyslogPriority() {
    #expect(
      JournalLogHandler.line(level: .warning, message: "module 3: home not found")
        == "<4>module 3: home not found\n")
    #expect(JournalLogHandler.line(level: .error, message: "a\nb") == "<3>a\n<3>b\n")
    let priorities = Logger.Level.allCases.map(JournalLogHandler.priority(of:))
    #expect(priorities == [7, 7, 6, 5, 4, 3, 2])
  }

  @Test func onlyTheJournalsOwnStreamCountsAsTheJournal() {
    #expect(!JournalLogHandler.standardErrorIsJournal(environment: [:]))
    #expect(!JournalLogHandler.standardErrorIsJournal(environment: ["JOURNAL_STREAM": "0:0"]))
    var status = stat()
    fstat(2, &status)
    #expect(
      JournalLogHandler.standardErrorIsJournal(
        environment: ["JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino)"]))
  }
}

@Suite struct ConfigReloadRulesTests {
  @Test func restartOnlySettingsAreNamedAndKeptAsTheyRun() throws {
    let running = DaemonConfig()
    var fresh = DaemonConfig()
    fresh.dwell = 5
    fresh.listen = ListenAddress(host: "0.0.0.0", port: 7000)
    fresh.zones = [.init(name: "top", row: 0, col: 0, rows: 1, cols: 22)]
    fresh.senderZones = ["ha": "top"]
    #expect(fresh.restartOnlyChanges(comparedTo: running) == ["listen", "zones"])
    let applied = fresh.applicable(over: running)
    #expect(applied.dwell == 5, "runtime settings apply")
    #expect(applied.listen == running.listen)
    #expect(applied.zones.isEmpty && applied.senderZones.isEmpty, "zones and their senders stay")
    #expect(DaemonConfig().restartOnlyChanges(comparedTo: running).isEmpty)
  }

  @Test func pagesARunOfShowAndLandOnTimeApplyAtOnce() throws {
    let running = DaemonConfig()
    let fresh = try DaemonConfig.parse(
      yaml: """
        land_on_time: false
        pages:
          - {name: clock, text: "{{time}}"}
        run_of_show:
          - {page: clock, dwell: 2m}
        """, file: "clack.yaml")
    #expect(fresh.restartOnlyChanges(comparedTo: running).isEmpty)
    let applied = fresh.applicable(over: running)
    #expect(applied.runtime.pages.map(\.name) == ["clock"])
    #expect(applied.schedules.map(\.pageName) == ["clock"], "the default quote gives way")
    #expect(!applied.runtime.landOnTime)
  }

  @Test func schedulesThatNameNewZonesWaitForTheRestartToo() throws {
    let running = DaemonConfig()
    let fresh = try DaemonConfig.parse(
      yaml: """
        zones:
          - {name: top, row: 1, col: 1, rows: 3, cols: 22}
        schedules:
          - {cron: "0 9 * * *", show: text, text: "HI", zone: top}
        """, file: "clack.yaml")
    #expect(
      fresh.restartOnlyChanges(comparedTo: running) == [
        "zones", "schedules (they name the new zones)",
      ])
    let applied = fresh.applicable(over: running)
    #expect(applied.schedules.map(\.zone) == running.schedules.map(\.zone))
  }
}
