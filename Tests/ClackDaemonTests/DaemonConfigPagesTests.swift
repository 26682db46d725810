import ClackBoard
import ClackConfig
import ClackContent
import ClackCore
import ClackTestSupport
import Foundation
import Testing

/// The config's pages (text, VBML and picture), its run of show, and the sources pages read.
@Suite struct DaemonConfigPagesTests {
  @Test func pagesAndARunOfShowAreRead() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pages-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try #"{"components":[{"template":"{{time}}"}]}"#.write(
      to: directory.appendingPathComponent("hello.json"), atomically: true, encoding: .utf8)
    let file = directory.appendingPathComponent("clack.yaml").path
    try """
    pages:
      - name: clock
        text: "{{time}}"
        justify: left
      - name: xmas
        text: "{{days}}"
        fields: {days: {countdown: "2026-12-25 18:00", unit: hours}}
      - name: hello
        vbml_file: hello.json
    run_of_show:
      - {page: clock, dwell: 2m}
      - {page: xmas, every: 15m, dwell: 30s, transition: column}
      - {page: hello, cron: "0 7 * * *"}
      - {show: quote-of-the-day, every: 1h}
      - {page: clock, on_change: true, dwell: 10s}
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let config = try DaemonConfig.load(path: file)
    #expect(config.runtime.pages.map(\.name) == ["clock", "xmas", "hello"])
    #expect(
      config.schedules.map(\.cadence) == [
        .rotation, .every(minutes: 15), .cron(try CronExpression("0 7 * * *")), .every(minutes: 60),
        .onChange,
      ])
    #expect(config.schedules.map(\.dwell) == [120, 30, nil, nil, 10])
    #expect(config.schedules.map(\.pageName) == ["clock", "xmas", "hello", nil, "clock"])
    #expect(config.schedules[1].transition == TransitionSpec(kind: .column))
    #expect(
      config.runtime.pages[1].fields["days"]
        == .countdown(
          to: DateComponents(year: 2026, month: 12, day: 25, hour: 18, minute: 0), unit: .hours))
    guard case .vbml(let document) = config.runtime.pages[2].template else {
      Issue.record("hello is a VBML page")
      return
    }
    #expect(document.components.count == 1)
    // The default quote at 07:00 is not added to a run of show of one's own.
    #expect(
      !config.schedules.contains {
        $0.cadence == .cron(try! CronExpression("0 7 * * *")) && $0.content == .quoteOfTheDay
      })
  }

  @Test func aPicturePageIsReadAndShownOnlyOnTheWholeOfAPixelBoard() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "picture-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var canvas = ColourCanvas(width: 3, height: 2)
    canvas[1, 1] = RGB(0, 255, 0)
    try Data(PNGEncoder.encode(canvas)).write(to: directory.appendingPathComponent("logo.png"))
    let file = directory.appendingPathComponent("clack.yaml").path
    try "pages:\n  - {name: logo, picture_file: logo.png}\nrun_of_show:\n  - {page: logo}\n"
      .write(toFile: file, atomically: true, encoding: .utf8)
    let config = try DaemonConfig.load(path: file)
    guard case .picture(let picture, let path) = config.runtime.pages[0].template else {
      Issue.record("logo is a picture page")
      return
    }
    #expect(path == directory.appendingPathComponent("logo.png").path, "next to the config")
    #expect(
      picture.width == 3 && picture.height == 2 && picture.pixel(frame: 0, x: 1, y: 1).1 == 255)

    let panel = try loadBoardFile("ws2812-16x16.yaml")
    try config.validatePictures(on: panel, file: file)
    #expect {
      try config.validatePictures(on: try BuiltinBoard.load(), file: file)
    } throws: { error in
      "\(error)".contains("run_of_show[0].page: page 'logo' is a picture: only a pixel (LED) board")
    }
  }

  @Test func sourcesAndPagesThatReadThemAreRead() throws {
    let config = try DaemonConfig.parse(
      yaml: """
        sources:
          - name: tram
            json: https://transit.example.org/departures.json
            every: 1m
            timeout: 5s
            headers: {Authorization: "Bearer x"}
          - {name: doorbell, webhook: true}
          - {name: weather, weather: {latitude: 52.52, longitude: 13.41, units: imperial}}
          - {name: news, feed: "https://news.example.org/rss.xml", every: 15m}
          - {name: work, calendar: "webcal://calendar.example.org/u/ada/basic.ics", soon: 10m}
          - name: house
            home_assistant:
              url: http://homeassistant.local:8123/api/
              token: abc.def
              entities: [sensor.outside_temperature, binary_sensor.front_door]
          - name: porch
            home_assistant: {mqtt: "homeassistant/", entities: [binary_sensor.porch_light]}
        mqtt: {host: broker.local}
        pages:
          - name: tram
            text: "{{line}}{{old}}"
            fields:
              line: {source: tram, path: "departures[0].line", default: "--"}
              old: {age_of: tram}
              lines: {source: tram, path: "departures[*].line", rotate: 2m}
        run_of_show:
          - {page: tram, on_change: true}
          - {page: tram, while: "house.binary_sensor.front_door", priority: high}
          - {show: text, text: SOON, while: work.soon}
        """, file: "clack.yaml")
    #expect(
      config.runtime.sources.map(\.name) == [
        "tram", "doorbell", "weather", "news", "work", "house", "porch",
      ])
    #expect(
      config.runtime.sources[6].kind
        == .homeAssistantMQTT(baseTopic: "homeassistant", entities: ["binary_sensor.porch_light"]),
      "the base topic without its trailing /")
    #expect(config.runtime.sources[6].kindName == "home_assistant")
    #expect(
      config.runtime.sources[4].kind
        == .calendar(
          url: URL(string: "https://calendar.example.org/u/ada/basic.ics")!, soon: 600),
      "webcal:// is https://")
    #expect(
      config.runtime.sources[3].kind == .feed(url: URL(string: "https://news.example.org/rss.xml")!)
    )
    #expect(config.runtime.sources[3].every == 900)
    #expect(
      config.runtime.sources[5].kind
        == .homeAssistant(
          url: URL(string: "http://homeassistant.local:8123/")!, token: "abc.def",
          entities: ["sensor.outside_temperature", "binary_sensor.front_door"]))
    #expect(config.runtime.sources[5].every == 30, "Home Assistant's default: half a minute")
    #expect(
      config.runtime.sources[2].kind
        == .weather(
          latitude: 52.52, longitude: 13.41, units: .imperial, endpoint: OpenMeteo.endpoint))
    #expect(
      config.runtime.sources[0].kind
        == .json(
          url: URL(string: "https://transit.example.org/departures.json")!,
          headers: ["Authorization": "Bearer x"]))
    #expect(config.runtime.sources[0].every == 60 && config.runtime.sources[0].timeout == 5)
    #expect(config.runtime.sources[1].kind == .webhook && config.runtime.sources[1].every == 600)
    #expect(
      config.runtime.pages[0].fields["line"]
        == .source("tram", path: try JSONPath("departures[0].line"), fallback: "--"))
    #expect(config.runtime.pages[0].fields["old"] == .sourceAge("tram"))
    #expect(
      config.runtime.pages[0].fields["lines"]
        == .source("tram", path: try JSONPath("departures[*].line"), rotate: 2))
    #expect(
      config.schedules.map(\.cadence) == [
        .onChange, .holds(try SourceCondition("house.binary_sensor.front_door")),
        .holds(try SourceCondition("work.soon")),
      ])
    #expect(config.schedules.map(\.priority) == [.normal, .high, .normal])
  }

  @Test func schedulesAndARunOfShowMakeOneListSchedulesFirst() throws {
    let config = try DaemonConfig.parse(
      yaml: """
        schedules:
          - {cron: "0 7 * * *", show: quote-of-the-day}
        run_of_show:
          - {show: clock, dwell: 1m}
          - {show: text, text: HI}
        """, file: "clack.yaml")
    #expect(config.schedules.map(\.label) == ["quote of the day", "clock HH:mm", "text"])
    #expect(config.entryField(0, "zone") == "schedules[0].zone")
    #expect(config.entryField(2, "zone") == "run_of_show[1].zone")
  }
}
