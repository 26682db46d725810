import Foundation
import Testing

@testable import ClackDaemon

/// `clack page preview`: a page of a config drawn at a given time, with no daemon.
@Suite struct PageCommandTests {
  static func config() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "page-preview-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("clack.yaml").path
    try """
    time_zone: Europe/Berlin
    zones:
      - {name: top, row: 1, col: 1, rows: 3, cols: 22}
      - {name: bottom, row: 4, col: 1, rows: 3, cols: 22}
    pages:
      - name: clock
        text: "{{weekday}} {{time}}"
      - name: xmas
        text: "{{days}} DAYS"
        fields: {days: {countdown: "2026-12-25"}}
    run_of_show:
      - {page: xmas, zone: bottom, dwell: 1m}
    """.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test func aPageIsDrawnAtTheTimeGivenInTheConfigsTimeZone() throws {
    let file = try Self.config()
    let command = try PageCommand.parse(
      ["preview", "clock", "--config", file, "--at", "2026-12-24 18:05", "--json"])
    let json = try command.output(isTerminal: false)
    let answer = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(answer["at"] as? String == "2026-12-24T18:05:00+01:00")
    #expect((answer["fields"] as? [String: String])?["time"] == "18:05")
    let lines = try #require(answer["lines"] as? [String])
    #expect(lines.count == 3, "drawn for the first zone: the run of show does not show it")
    #expect(lines.contains { $0.contains("THURSDAY 18:05") })
  }

  @Test func aPageIsDrawnForTheZoneItsEntryShowsItIn() throws {
    let file = try Self.config()
    let text = try PageCommand.parse(
      ["preview", "xmas", "--config", file, "--at", "2026-12-20T12:00:00Z"]
    ).output(isTerminal: false)
    #expect(text.contains("│5│ │D│A│Y│S│"), "\(text)")
    #expect(text.contains("page 'xmas' in zone 'bottom' at 2026-12-20T13:00:00+01:00"))
  }

  @Test func anUnknownPageAndABadTimeAreNamed() throws {
    let file = try Self.config()
    #expect {
      try PageCommand.parse(["preview", "weather", "--config", file]).output(isTerminal: false)
    } throws: { "\($0)".contains("defines no page named 'weather'; pages: clock, xmas") }
    #expect {
      try PageCommand.parse(["preview", "clock", "--config", file, "--at", "soon"])
        .output(isTerminal: false)
    } throws: { "\($0)".contains("--at must be a time such as 2026-12-24 18:00") }
  }
}
