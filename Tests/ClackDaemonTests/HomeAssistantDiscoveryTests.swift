import ClackDaemon
import ClackMQTT
import Foundation
import Testing

@testable import ClackAPI
@testable import ClackMQTTFace

@Suite struct HomeAssistantDiscoveryTests {
  let discovery = HomeAssistantDiscovery(
    topics: MQTTTopics(prefix: "clack", board: "hall-2"), discoveryPrefix: "homeassistant",
    displayName: "Hall", model: "6×22 split-flap board", version: "0.1.0")

  func fields(_ entry: HomeAssistantDiscovery.Entry) -> [String: JSONValue] {
    guard case .object(let fields) = entry.config else { return [:] }
    return fields
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
    }
  }

  @Test func commandsAndStatesUseTheBoardTopics() throws {
    let byTopic = Dictionary(uniqueKeysWithValues: discovery.entries.map { ($0.topic, fields($0)) })
    let text = try #require(byTopic["homeassistant/text/clack_hall_2/message/config"])
    #expect(text["command_topic"] == .string("clack/hall-2/message/set"))
    #expect(text["max"] == .int(255), "Home Assistant's limit for a text entity")
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
