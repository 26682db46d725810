import ClackCore
import ClackDaemon
import ClackMQTT
import Foundation
import Testing

@testable import ClackAPI
@testable import ClackMQTTFace

@Suite struct HomeAssistantDiscoveryTests {
  let discovery = HomeAssistantDiscovery(
    topics: MQTTTopics(prefix: "clack", board: "hall-2"), discoveryPrefix: "homeassistant",
    displayName: "Hall", model: "6×22 split-flap board", version: "0.1.0", capacity: 132)

  func fields(_ entry: HomeAssistantDiscovery.Entry) -> [String: JSONValue] {
    guard case .object(let fields) = entry.config else { return [:] }
    return fields
  }

  @Test func aPixelBoardAddsABrightnessNumberDrivenByTheCommandTopic() throws {
    let pixels = HomeAssistantDiscovery(
      topics: MQTTTopics(prefix: "clack", board: "led"), discoveryPrefix: "homeassistant",
      displayName: "LED", model: "32×8 LED matrix (HT16K33)", version: "0.1.0", capacity: 255,
      brightness: true)
    let entry = try #require(pixels.entries.last)
    #expect(entry.topic == "homeassistant/number/clack_led/brightness/config")
    let config = fields(entry)
    #expect(config["command_topic"] == .string("clack/led/command"))
    #expect(config["command_template"] == .string("brightness {{ value | int }}"))
    #expect(config["value_template"] == .string("{{ value_json.brightness }}"))
    #expect(config["min"] == .int(0) && config["max"] == .int(15) && config["step"] == .int(1))
    #expect(!discovery.entries.contains { $0.topic.contains("/number/") }, "flaps have none")
    #expect(try MQTTPayload.command(Array(" Brightness 7 ".utf8)) == .brightness(7))
  }

  @Test func aBoardWithRunesAddsAScriptSelectDrivenByTheCommandTopic() throws {
    let runes = HomeAssistantDiscovery(
      topics: MQTTTopics(prefix: "clack", board: "led"), discoveryPrefix: "homeassistant",
      displayName: "LED", model: "64×16 LED matrix (HT16K33)", version: "0.1.0", capacity: 255,
      scripts: [.latin, .elder, .younger])
    let entry = try #require(runes.entries.first { $0.topic.contains("/select/") })
    #expect(entry.topic == "homeassistant/select/clack_led/script/config")
    let config = fields(entry)
    #expect(config["command_topic"] == .string("clack/led/command"))
    #expect(config["command_template"] == .string("script {{ value }}"))
    #expect(config["value_template"] == .string("{{ value_json.script }}"))
    #expect(config["options"] == .array([.string("latin"), .string("elder"), .string("younger")]))
    #expect(!discovery.entries.contains { $0.topic.contains("/select/") }, "Latin only: none")
    #expect(
      try MQTTPayload.command(Array(" Script Younger-Short-Twig ".utf8))
        == .script(.youngerShortTwig))
    #expect(throws: MQTTPayloadError.self) { try MQTTPayload.command(Array("script futhorc".utf8)) }
  }

  @Test func aRunOfShowWithPagesAddsAPageSelectAndTheBoardIsAnImage() throws {
    let paged = HomeAssistantDiscovery(
      topics: MQTTTopics(prefix: "clack", board: "hall"), discoveryPrefix: "homeassistant",
      displayName: "Hall", model: "6×22", version: "0.1.0", capacity: 132,
      pages: ["clock", "Weather"])
    let select = try #require(paged.entries.first { $0.topic.contains("/select/") })
    #expect(select.topic == "homeassistant/select/clack_hall/page/config")
    let config = fields(select)
    #expect(config["command_template"] == .string("page {{ value }}"))
    #expect(config["options"] == .array([.string("clock"), .string("Weather")]))
    #expect(
      config["value_template"] == .string("{{ value_json.page if value_json.page else 'None' }}"))
    #expect(!discovery.entries.contains { $0.topic.contains("/select/") }, "no pages: none")
    // A page's name keeps its case; the command word does not matter.
    #expect(try MQTTPayload.command(Array(" PAGE Weather ".utf8)) == .showPage("Weather"))
    let image = try #require(paged.entries.first { $0.topic.contains("/image/") })
    #expect(fields(image)["image_topic"] == .string("clack/hall/image"))
    #expect(fields(image)["content_type"] == .string("image/png"))
  }

  @Test func oneDeviceWithTheEntitiesTheIssueAsksFor() throws {
    let entries = discovery.entries
    #expect(
      entries.map(\.topic) == [
        "homeassistant/text/clack_hall_2/message/config",
        "homeassistant/sensor/clack_hall_2/showing/config",
        "homeassistant/sensor/clack_hall_2/queue_depth/config",
        "homeassistant/sensor/clack_hall_2/faults/config",
        "homeassistant/button/clack_hall_2/home/config",
        "homeassistant/button/clack_hall_2/clear/config",
        "homeassistant/switch/clack_hall_2/quiet/config",
        "homeassistant/image/clack_hall_2/picture/config",
      ])
    let ids = entries.map { fields($0)["unique_id"] }
    #expect(Set(ids.map { "\(String(describing: $0))" }).count == entries.count, "unique ids")
    for entry in entries {
      let config = fields(entry)
      guard case .object(let device) = config["device"] else {
        Issue.record("no device in \(entry.topic)")
        continue
      }
      #expect(device["identifiers"] == .array([.string("clack_hall_2")]))
      #expect(config["availability_topic"] == .string("clack/hall-2/availability"))
      // Pinned entity ids for today's Home Assistant (default_entity_id) and older (object_id).
      let parts = entry.topic.split(separator: "/")
      #expect(config["default_entity_id"] == .string("\(parts[1]).clack_hall_2_\(parts[3])"))
      #expect(config["object_id"] == .string("clack_hall_2_\(parts[3])"))
    }
  }

  /// A big board's text does not fit a state: the states are cut to 255 characters and the
  /// whole text is an attribute.
  @Test func statesStayWithinHomeAssistantsLimit() throws {
    let big = HomeAssistantDiscovery(
      topics: MQTTTopics(prefix: "clack", board: "wall"), discoveryPrefix: "homeassistant",
      displayName: "Wall", model: "64×128", version: "0.1.0", capacity: 64 * 128)
    for entry in big.entries
    where entry.topic.contains("/message/") || entry.topic.contains("/showing/") {
      let config = fields(entry)
      #expect(config["value_template"] == .string("{{ value_json.text[:255] }}"), "\(entry.topic)")
      #expect(
        config["json_attributes_template"] == .string("{{ {'text': value_json.text} | tojson }}"))
    }
    let text = try #require(big.entries.first { $0.topic.contains("/text/") })
    #expect(fields(text)["max"] == .int(8192))
  }

  @Test func commandsAndStatesUseTheBoardTopics() throws {
    let byTopic = Dictionary(uniqueKeysWithValues: discovery.entries.map { ($0.topic, fields($0)) })
    let text = try #require(byTopic["homeassistant/text/clack_hall_2/message/config"])
    #expect(text["command_topic"] == .string("clack/hall-2/message/set"))
    #expect(text["max"] == .int(132), "the board's capacity")
    #expect(text["value_template"] == .string("{{ value_json.text[:132] }}"), "within max")
    let home = try #require(byTopic["homeassistant/button/clack_hall_2/home/config"])
    #expect(home["command_topic"] == .string("clack/hall-2/command"))
    #expect(home["payload_press"] == .string("home"))
    let quiet = try #require(byTopic["homeassistant/switch/clack_hall_2/quiet/config"])
    #expect(quiet["payload_on"] == .string("quiet on"))
    #expect(quiet["payload_off"] == .string("quiet off"))
    #expect(quiet["state_on"] == quiet["payload_on"])
    #expect(quiet["state_topic"] == .string("clack/hall-2/state"))
  }
}
