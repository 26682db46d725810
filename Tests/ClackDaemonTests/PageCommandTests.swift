import ClackCore
import ClackTestSupport
import Foundation
import Testing

@testable import ClackDaemon

/// `clack page preview`: a page of a config drawn at a given time, with no daemon.
@Suite struct PageCommandTests {
  /// `text` written to a clack.yaml of a fresh temporary directory; its path.
  static func configFile(_ text: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "page-preview-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("clack.yaml").path
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  static func config() throws -> String {
    try configFile(
      """
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
      """)
  }

  @Test func aPageIsDrawnAtTheTimeGivenInTheConfigsTimeZone() async throws {
    let file = try Self.config()
    let command = try PageCommand.parse(
      ["preview", "clock", "--config", file, "--at", "2026-12-24 18:05", "--json"])
    let json = try await command.output(isTerminal: false)
    let answer = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(answer["at"] as? String == "2026-12-24T18:05:00+01:00")
    #expect((answer["fields"] as? [String: String])?["time"] == "18:05")
    let lines = try #require(answer["lines"] as? [String])
    #expect(lines.count == 3, "drawn for the first zone: the run of show does not show it")
    #expect(lines.contains { $0.contains("THURSDAY 18:05") })
  }

  @Test func aPageIsDrawnForTheZoneItsEntryShowsItIn() async throws {
    let file = try Self.config()
    let text = try await PageCommand.parse(
      ["preview", "xmas", "--config", file, "--at", "2026-12-20T12:00:00Z"]
    ).output(isTerminal: false)
    #expect(text.contains("│5│ │D│A│Y│S│"), "\(text)")
    #expect(text.contains("page 'xmas' in zone 'bottom' at 2026-12-20T13:00:00+01:00"))
  }

  @Test func aPicturePageShowsItsPictureOnAPanelAndIsRefusedOnFlaps() async throws {
    let file = try Self.configFile(
      "pages:\n  - {name: logo, picture_file: logo.png}\nrun_of_show:\n  - {page: logo}\n")
    var canvas = ColourCanvas(width: 8, height: 4)
    for x in 0..<8 { canvas[x, 1] = RGB(255, 0, 0) }
    let directory = URL(fileURLWithPath: file).deletingLastPathComponent()
    try Data(PNGEncoder.encode(canvas)).write(to: directory.appendingPathComponent("logo.png"))
    let board = boardsDirectory.appendingPathComponent("ws2812-16x16.yaml").path
    let shown = try await PageCommand.parse(
      ["preview", "logo", "--config", file, "--board", board]
    ).output(isTerminal: false)
    #expect(shown.contains("8×4 px: 16×8 LEDs at (0, 4) of ws2812-16x16's 16×16"), "\(shown)")
    #expect(shown.contains("page 'logo' in zone 'main'"))
    // Rows 6 and 7 of LEDs (the picture's second row, doubled) are lit: half blocks there.
    #expect(shown.contains("█"), "\(shown)")

    await #expect {
      try await PageCommand.parse(["preview", "logo", "--config", file]).output(isTerminal: false)
    } throws: { error in
      "\(error)".contains("page 'logo' is a picture: only a pixel (LED) board shows pictures")
    }
  }

  @Test func anUnknownPageAndABadTimeAreNamed() async throws {
    let file = try Self.config()
    await #expect {
      try await PageCommand.parse(["preview", "weather", "--config", file]).output(
        isTerminal: false)
    } throws: { "\($0)".contains("defines no page named 'weather'; pages: clock, xmas") }
    await #expect {
      try await PageCommand.parse(["preview", "clock", "--config", file, "--at", "soon"])
        .output(isTerminal: false)
    } throws: { "\($0)".contains("--at must be a time such as 2026-12-24 18:00") }
  }

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ClackSourceFormatsTests/Fixtures")

  /// A config whose page reads a feed at a closed loopback port and a Home Assistant entity.
  static func sourcesConfig() throws -> String {
    try configFile(
      """
      time_zone: UTC
      sources:
        - {name: news, feed: "http://127.0.0.1:9/rss.xml", timeout: 1s}
        - name: house
          home_assistant: {url: "http://127.0.0.1:9", token: t, entities: [sensor.outside_temperature]}
          timeout: 1s
        - {name: bell, webhook: true}
      pages:
        - name: news
          text: "{{headline}}\\n{{temp}} {{who}}"
          fields:
            headline: {source: news, path: "items[*].title", rotate: 1m, default: NO NEWS}
            temp: {source: house, path: sensor.outside_temperature.state, default: "--"}
            who: {source: bell, path: name, default: NOBODY}
      """)
  }

  @Test func aPagesSourcesAreFetchedOrReadFromFilesAndFailuresNamed() async throws {
    let file = try Self.sourcesConfig()
    let states = FileManager.default.temporaryDirectory.appendingPathComponent(
      "states-\(UUID()).json")
    try """
    [{"entity_id": "sun.sun", "state": "above_horizon"},
     {"entity_id": "sensor.outside_temperature", "state": "4.5", "attributes": {}}]
    """.write(to: states, atomically: true, encoding: .utf8)
    let feed = Self.fixtures.appendingPathComponent("news-rss2.xml").path
    let read = try await PageCommand.parse([
      "preview", "news", "--config", file, "--at", "2026-11-25T21:00:00Z", "--json",
      "--source", "news=\(feed)", "--source", "house=\(states.path)",
    ]).output(isTerminal: false)
    let fields = try #require(
      (try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [String: Any])?["fields"]
        as? [String: String])
    let titles = [
      "Tram line 4 reopens after three weeks of track work",
      "Council’s budget: what it means for parks & libraries",
      "Storm warning for the coast tonight",
      "An item with a description and no title, as RSS allows.",
    ]
    let minute = Int(
      ISO8601DateFormatter().date(from: "2026-11-25T21:00:00Z")!
        .timeIntervalSince1970 / 60)
    #expect(fields["headline"] == titles[minute % 4], "the headline of that minute's turn")
    #expect(fields["temp"] == "4.5")
    #expect(fields["who"] == "NOBODY", "a webhook has no data outside the daemon")

    let fetched = try await PageCommand.parse([
      "preview", "news", "--config", file, "--at", "2026-11-25T21:00:00Z",
    ]).output(isTerminal: false)
    #expect(fetched.contains("│N│O│ │N│E│W│S│"), "\(fetched)")
    #expect(
      fetched.contains(
        "source 'news' failed, its fields show their defaults: http://127.0.0.1:9/rss.xml: "
          + "the server refused the connection"))
    #expect(fetched.contains("source 'house' failed"))
    #expect(
      fetched.contains(
        "source 'bell': its fields show their defaults (a webhook has no data outside the daemon)"))
    let offline = try await PageCommand.parse([
      "preview", "news", "--config", file, "--offline",
    ]).output(isTerminal: false)
    #expect(offline.contains("source 'news': its fields show their defaults (--offline)"))
    await #expect {
      try await PageCommand.parse(["preview", "news", "--config", file, "--source", "tram=x"])
        .output(isTerminal: false)
    } throws: {
      "\($0)".contains(
        "--source: \(file) defines no source named 'tram'; sources: news, house, bell")
    }
    await #expect {
      try await PageCommand.parse(["preview", "news", "--config", file, "--source", "news"])
        .output(isTerminal: false)
    } throws: { "\($0)".contains("--source must be NAME=FILE") }
  }
}
