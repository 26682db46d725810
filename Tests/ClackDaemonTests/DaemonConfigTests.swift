import ClackBoard
import ClackConfig
import ClackContent
import ClackCore
import ClackDaemon
import ClackRuntime
import ClackTestSupport
import Foundation
import Testing

@testable import ClackAPI

@Suite struct DaemonConfigTests {
  @Test func noConfigMeansTheDocumentedDefaults() {
    let config = DaemonConfig()
    #expect(config.boardPath == nil)
    #expect(config.listen.description == "127.0.0.1:7000")
    #expect(config.senderPolicy.perHour == 50)
    #expect(config.schedules.map(\.content) == [.quoteOfTheDay])
    #expect(config.runtime.resolvedZones(rows: 6, cols: 22).map(\.name) == ["main"])
  }

  @Test func theShippedConfigOfCommentsOnlyIsTheDefaults() throws {
    let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../packaging/debian/clack.yaml").standardized.path
    let config = try DaemonConfig.load(path: shipped)
    #expect(config.boardPath == nil)
    #expect(config.listen == DaemonConfig().listen)
    #expect(try DaemonConfig.parse(yaml: "", file: "empty.yaml").schedules.count == 1)
  }

  @Test func aFullConfigIsRead() throws {
    let config = try DaemonConfig.parse(
      yaml: """
        board: boards/pi.yaml
        listen: 0.0.0.0:7001
        time_zone: Europe/Berlin
        dwell: 2m
        quiet_hours: {start: "22:30", end: "07:00"}
        rate_limit: {per_hour: 10, latest_slot: false}
        zones:
          - {name: top, row: 1, col: 1, rows: 3, cols: 22}
          - {name: bottom, row: 4, col: 1, rows: 3, cols: 22, senders: [ha]}
        schedules:
          - {cron: "*/5 * * * *", show: clock, format: "HH:mm", zone: bottom}
          - {cron: "0 7 * * *", show: quote-of-the-day, zone: top, transition: column}
        """, file: "clack.yaml", baseDirectory: "/etc/clack")
    #expect(config.boardPath == "/etc/clack/boards/pi.yaml")
    #expect(config.listen == ListenAddress(host: "0.0.0.0", port: 7001))
    #expect(config.dwell == 120)
    #expect(config.quietHours == QuietHours(startMinute: 22 * 60 + 30, endMinute: 7 * 60))
    #expect(config.senderPolicy.perHour == 10 && !config.senderPolicy.latestSlot)
    #expect(config.senderZones == ["ha": "bottom"])
    #expect(config.zones[1] == ZoneSpec(name: "bottom", row: 3, col: 0, rows: 3, cols: 22))
    #expect(config.schedules[0].content == .clock(format: "HH:mm"))
    #expect(config.schedules[1].transition == TransitionSpec(kind: .column))
  }

  @Test(arguments: [
    ("listen: nowhere", "clack.yaml:1:9: listen: must be HOST:PORT"),
    (
      "tls: maybe",
      "clack.yaml:1:6: tls: must be on, off, or your own {certificate: FILE, key: FILE}"
    ),
    ("tls: {certificate: c.pem}", "tls: the field 'key' is missing"),
    ("local_api: {listen: here}", "local_api.listen: must be HOST:PORT"),
    ("dwell: soon", "clack.yaml:1:8: dwell: must be a duration"),
    ("colour: red", "clack.yaml:1:1: colour: unknown field"),
    ("quiet_hours: {start: \"25:00\", end: \"07:00\"}", "quiet_hours.start: must be a time of day"),
    ("schedules:\n  - {cron: \"61 * * * *\", show: clock}", "clack.yaml:2:12: schedules[0].cron:"),
    (
      "schedules:\n  - {cron: \"0 7 * * *\", show: weather}",
      "schedules[0].show: 'weather' is not one of"
    ),
    (
      "schedules:\n  - {cron: \"0 7 * * *\", show: clock, zone: top}",
      "schedules[0].zone: no zone named 'top'"
    ),
    ("time_zone: Mars/Olympus", "time_zone: 'Mars/Olympus' is not a time zone"),
    ("script: ogham", "clack.yaml:1:9: script: 'ogham' is not one of: latin, elder, younger"),
    (
      "schedules:\n  - {cron: \"0 7 * * *\", show: quote-of-the-day, script: runes}",
      "schedules[0].script: 'runes' is not one of: latin, elder"
    ),
    ("run_of_show:\n  - {page: clock}", "run_of_show[0].page: no page named 'clock' in 'pages'"),
    ("run_of_show:\n  - {dwell: 1m}", "run_of_show[0]: needs 'page'"),
    (
      "run_of_show:\n  - {show: clock, cron: \"* * * * *\", every: 5m}",
      "run_of_show[0]: give one of 'cron', 'every', 'on_change' and 'while', not cron and every"
    ),
    (
      "sources:\n  - {name: work, calendar: \"https://x/a.ics\"}\n"
        + "run_of_show:\n  - {show: clock, while: home.soon}",
      "clack.yaml:4:26: run_of_show[0].while: no source named 'home' in 'sources'; sources: work"
    ),
    (
      "sources:\n  - {name: work, calendar: \"https://x/a.ics\"}\n"
        + "run_of_show:\n  - {show: clock, while: work.soon, priority: top}",
      "clack.yaml:4:47: run_of_show[0].priority: 'top' is not one of: normal, high"
    ),
    (
      "run_of_show:\n  - {show: clock, priority: high}",
      "run_of_show[0].priority: only an entry shown 'while' a source holds something"
    ),
    (
      "run_of_show:\n  - {show: clock, on_change: false}",
      "run_of_show[0].on_change: must be true (leave it out for an entry in rotation)"
    ),
    (
      "run_of_show:\n  - {show: text, text: HELLO, on_change: true}",
      "run_of_show[0].on_change: what it shows has no time, date, countdown, quote or source in it"
    ),
    ("run_of_show:\n  - {show: clock, every: 90s}", "run_of_show[0].every: must be whole minutes"),
    (
      "run_of_show:\n  - {show: clock, zone: top}",
      "run_of_show[0].zone: no zone named 'top'"
    ),
    (
      "pages:\n  - {name: a, text: \"{{tme}}\"}",
      "pages[0].text: the template names {{tme}}, which is no field; fields: author, date"
    ),
    ("pages:\n  - {name: a}", "pages[0]: needs 'text'"),
    ("pages:\n  - {name: a b, text: x}", "pages[0].name: must be letters, digits"),
    (
      "pages:\n  - {name: a, text: x}\n  - {name: a, text: y}",
      "pages[1]: a second page named 'a'"
    ),
    (
      "pages:\n  - {name: a, text: \"{{d}}\", fields: {d: {countdown: 25-12-2026}}}",
      "pages[0].fields.d.countdown: '25-12-2026' is not a date"
    ),
    ("pages:\n  - {name: a, vbml_file: /nonexistent.json}", "cannot read the VBML file"),
    (
      "pages:\n  - {name: a, picture_file: /nonexistent.png}",
      "pages[0].picture_file: /nonexistent.png: no such picture file"
    ),
    (
      "pages:\n  - {name: a, picture_file: /etc/hostname}",
      "pages[0].picture_file: /etc/hostname: a picture is a .png or a .gif file"
    ),
    (
      "pages:\n  - {name: a, text: x, picture_file: a.png}",
      "pages[0]: needs one of 'text', 'vbml_file' or 'picture_file', not two"
    ),
    (
      "pages:\n  - {name: a, picture_file: a.png, justify: left}",
      "pages[0].justify: a picture page has no 'justify'"
    ),
    (
      "sources:\n  - {name: a}",
      "sources[0]: needs one of 'json: URL' (fetched), 'weather: {latitude, longitude}'"
    ),
    (
      "sources:\n  - {name: a, weather: {latitude: 95, longitude: 0}}",
      "sources[0].weather.latitude: 95.0 is out of range -90.0-90.0"
    ),
    (
      "sources:\n  - {name: a, weather: {latitude: 1, longitude: 2, units: kelvin}}",
      "sources[0].weather.units: 'kelvin' is not one of: metric, imperial"
    ),
    ("sources:\n  - {name: a, json: ftp://x/y}", "sources[0].json: 'ftp://x/y' is not an http"),
    ("sources:\n  - {name: a, feed: news.xml}", "sources[0].feed: 'news.xml' is not an http"),
    ("sources:\n  - {name: a, calendar: cal.ics}", "sources[0].calendar: 'cal.ics' is not an http"),
    (
      "sources:\n  - {name: a, calendar: \"https://x/c.ics\", soon: 30s}",
      "sources[0].soon: must be from 1m to 24h"
    ),
    (
      "sources:\n  - {name: a, feed: \"https://x/\", soon: 5m}",
      "sources[0].soon: 'soon' is for a calendar"
    ),
    (
      "sources:\n  - {name: a, feed: \"http://x/\", headers: {A: b}}",
      "sources[0].headers: 'headers' is for a json source"
    ),
    (
      "sources:\n  - {name: a, home_assistant: {url: \"http://ha:8123\", entities: [sun.sun]}}",
      "sources[0].home_assistant: needs 'token' or 'token_file'"
    ),
    (
      "sources:\n  - {name: a, home_assistant: {url: \"http://ha:8123\", token: t, "
        + "entities: [Sensor.Outside]}}",
      "sources[0].home_assistant.entities[0]: 'Sensor.Outside' is not an entity id"
    ),
    (
      "sources:\n  - {name: a, home_assistant: {url: \"http://ha:8123\", token: t, "
        + "entities: []}}",
      "sources[0].home_assistant.entities: names no entity"
    ),
    (
      "sources:\n  - {name: a, home_assistant: {url: \"http://ha:8123\", "
        + "token_file: /nonexistent/token, entities: [sun.sun]}}",
      "sources[0].home_assistant.token_file: cannot read the token file '/nonexistent/token'"
    ),
    (
      "sources:\n  - {name: a, home_assistant: {mqtt: homeassistant, entities: [sun.sun]}}",
      "sources[0].home_assistant.mqtt: is read on the daemon's MQTT broker: configure 'mqtt'"
    ),
    (
      "mqtt: {host: broker}\nsources:\n  - {name: a, home_assistant: {mqtt: \"ha/#\", "
        + "entities: [sun.sun]}}",
      "sources[0].home_assistant.mqtt: 'ha/#' is not a base topic such as homeassistant"
    ),
    (
      "mqtt: {host: broker}\nsources:\n  - {name: a, home_assistant: {mqtt: ha, url: "
        + "\"http://ha\", entities: [sun.sun]}}",
      "sources[0].home_assistant: give 'url' (its REST API) or 'mqtt' (its Statestream), not both"
    ),
    (
      "mqtt: {host: broker}\nsources:\n  - {name: a, every: 1m, home_assistant: {mqtt: ha, "
        + "entities: [sun.sun]}}",
      "sources[0].every: 'every' is for a fetched source; over MQTT, states come as they change"
    ),
    (
      "sources:\n  - {name: a, home_assistant: {entities: [sun.sun]}}",
      "sources[0].home_assistant: needs 'url' (the server, read with a token) or 'mqtt'"
    ),
    ("sources:\n  - {name: a, webhook: true, every: 5m}", "sources[0].every: 'every' is for a"),
    ("sources:\n  - {name: a, json: \"http://x/\", every: 5s}", "sources[0].every: must be 10s"),
    (
      "sources:\n  - {name: a, webhook: true}\n  - {name: a, webhook: true}",
      "sources[1]: a second source named 'a'"
    ),
    (
      "pages:\n  - {name: p, text: \"{{v}}\", fields: {v: {source: tram, path: x}}}",
      "pages[0].fields.v.source: no source named 'tram' in 'sources'"
    ),
    (
      "sources:\n  - {name: t, webhook: true}\npages:\n  - {name: p, text: \"{{v}}\", "
        + "fields: {v: {source: t, path: \"a..b\"}}}",
      "pages[0].fields.v.path: the path 'a..b' has an empty key (at character 3)"
    ),
    (
      "sources:\n  - {name: t, webhook: true}\npages:\n  - {name: p, text: \"{{v}}\", "
        + "fields: {v: {age_of: t, path: x}}}",
      "pages[0].fields.v.path: 'path' does not go with 'age_of'"
    ),
    (
      "sources:\n  - {name: t, webhook: true}\npages:\n  - {name: p, text: \"{{v}}\", "
        + "fields: {v: {source: t, path: \"a[*]\", rotate: 90s}}}",
      "pages[0].fields.v.rotate: must be whole minutes from 1m to 24h"
    ),
  ])
  func aBadConfigNamesTheFieldAndLine(yaml: String, expected: String) {
    #expect {
      _ = try DaemonConfig.parse(yaml: yaml, file: "clack.yaml")
    } throws: { error in
      "\(error)".contains(expected)
    }
  }

  @Test func aBoardScriptAndAScheduleEntrysScriptAreRead() throws {
    let config = try DaemonConfig.parse(
      yaml: """
        script: elder
        schedules:
          - {cron: "0 7 * * *", show: quote-of-the-day, script: younger}
          - {cron: "0 8 * * *", show: quote-of-the-day}
        """, file: "clack.yaml")
    #expect(config.runtime.script == .elder)
    #expect(config.schedules.map(\.script) == [.younger, nil])
    #expect(DaemonConfig().runtime.script == nil)
  }

  @Test func zonesMustFitTheBoard() throws {
    let config = try DaemonConfig.parse(
      yaml: "zones:\n  - {name: wide, row: 1, col: 1, rows: 1, cols: 30}", file: "c.yaml")
    #expect(throws: BoardFileError.self) {
      try config.validateZones(rows: 6, cols: 22, file: "c.yaml")
    }
  }

  @Test func aConfiguredScriptMustBeOneTheBoardShows() throws {
    let board = try BuiltinBoard.load()
    let topLevel = try DaemonConfig.parse(yaml: "script: elder", file: "c.yaml")
    let error = try #require(throws: BoardFileError.self) {
      try topLevel.validateScripts(on: board, file: "c.yaml")
    }
    #expect(error.field == "script")
    #expect(error.description.contains("cannot show Elder Futhark: it lacks ᚦ"), "\(error)")
    let scheduled = try DaemonConfig.parse(
      yaml: "schedules:\n  - {cron: '0 7 * * *', show: quote-of-the-day, script: younger}",
      file: "c.yaml")
    let entry = try #require(throws: BoardFileError.self) {
      try scheduled.validateScripts(on: board, file: "c.yaml")
    }
    #expect(entry.field == "schedules[0].script")
    try DaemonConfig.parse(yaml: "script: latin", file: "c.yaml")
      .validateScripts(on: board, file: "c.yaml")
  }

  @Test func theBuiltInBoardIsBoardsSim6x22() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../boards/sim-6x22.yaml").standardized
    let file = try String(contentsOf: root, encoding: .utf8)
    #expect(BuiltinBoard.yaml + "\n" == file)
    #expect(try BuiltinBoard.load().moduleCount == 132)
  }

  @Test func httpsIsOnBeyondLoopbackUnlessTheConfigSaysOtherwise() throws {
    func config(_ yaml: String) throws -> DaemonConfig {
      try DaemonConfig.parse(yaml: yaml, file: "/etc/clack/clack.yaml", baseDirectory: "/etc/clack")
    }
    let loopback = try config("listen: 127.0.0.1:7000")
    #expect(loopback.tls == .auto)
    #expect(!loopback.servesHTTPS)
    #expect(loopback.localURL == "http://127.0.0.1:7000")
    let lan = try config("listen: 0.0.0.0:7000")
    #expect(lan.servesHTTPS)
    #expect(lan.localURL == "https://127.0.0.1:7000")
    #expect(try config("listen: \"[::]:7000\"").localURL == "https://[::1]:7000")
    #expect(try config("listen: 192.168.1.5:8443").localURL == "https://192.168.1.5:8443")
    #expect(try !config("listen: 0.0.0.0:7000\ntls: off").servesHTTPS)
    #expect(try config("tls: on").servesHTTPS)
    let own = try config("tls: {certificate: tls/cert.pem, key: /keys/key.pem}")
    #expect(own.tls == .own(certificate: "/etc/clack/tls/cert.pem", key: "/keys/key.pem"))
    #expect(own.localURL == "https://127.0.0.1:7000")
    let local = try config("listen: 0.0.0.0:8443\nlocal_api: {listen: 0.0.0.0:7000}")
    #expect(local.localAPIListen == ListenAddress(host: "0.0.0.0", port: 7000))
    #expect(try config("").localAPIListen == nil)
  }

  @Test func durationsAndAddresses() {
    #expect(DurationText.seconds("1h30m") == 5400)
    #expect(DurationText.seconds("90") == 90)
    #expect(DurationText.seconds("2x") == nil)
    #expect(ListenAddress(parsing: ":7000") == ListenAddress(host: "127.0.0.1", port: 7000))
    #expect(ListenAddress(parsing: "[::1]:7000")?.isLoopback == true)
    #expect(ListenAddress(parsing: "host:99999") == nil)
  }
}

/// `discovery:`: on unless turned off; a change waits for the restart.
@Suite struct DiscoveryConfigTests {
  @Test func discoveryIsOnUnlessTurnedOff() throws {
    #expect(try DaemonConfig.parse(yaml: "", file: "c.yaml").discovery)
    let off = try DaemonConfig.parse(yaml: "discovery: off", file: "c.yaml")
    #expect(!off.discovery)
    #expect(off.restartOnlyChanges(comparedTo: DaemonConfig()) == ["discovery"])
    do {
      _ = try DaemonConfig.parse(yaml: "discovery: sometimes", file: "c.yaml")
      Issue.record("taken")
    } catch {
      #expect("\(error)".contains("discovery"), "\(error)")
    }
  }
}
