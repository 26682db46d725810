import ClackBoard
import ClackConfig
import ClackMQTT
import Foundation
import Testing

@testable import ClackDaemon

@Suite struct MQTTConfigTests {
  @Test func noMQTTSectionMeansNoMQTT() throws {
    #expect(try DaemonConfig.parse(yaml: "dwell: 1m", file: "c.yaml").mqtt == nil)
  }

  @Test func theSmallestSectionGetsTheDocumentedDefaults() throws {
    let mqtt = try #require(
      try DaemonConfig.parse(yaml: "mqtt: {host: broker.lan}", file: "c.yaml").mqtt)
    #expect(mqtt.host == "broker.lan")
    #expect(mqtt.port == 1883)
    #expect(mqtt.prefix == "clack")
    #expect(mqtt.board == nil && mqtt.clientID == nil && mqtt.tls == nil)
    #expect(mqtt.discoveryPrefix == "homeassistant")
    #expect(mqtt.redeliveryWindow == 60)
  }

  @Test func autoLooksForTheBrokerOnTheLAN() throws {
    let auto = try #require(try DaemonConfig.parse(yaml: "mqtt: {host: auto}", file: "c.yaml").mqtt)
    #expect(auto.findsBroker)
    let named = try #require(
      try DaemonConfig.parse(yaml: "mqtt: {host: broker.lan}", file: "c.yaml").mqtt)
    #expect(!named.findsBroker)
    // The daemon's MQTT client asks the LAN only when told to.
    #expect(Daemon.brokerFinder(auto, logger: .init(label: "t")) != nil)
    #expect(Daemon.brokerFinder(named, logger: .init(label: "t")) == nil)
  }

  @Test func everyFieldIsRead() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-mqtt-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "ca".write(
      to: directory.appendingPathComponent("ca.pem"), atomically: true, encoding: .utf8)
    try "hunter2\n".write(
      to: directory.appendingPathComponent("password"), atomically: true, encoding: .utf8)
    let config = try DaemonConfig.parse(
      yaml: """
        mqtt:
          host: 10.0.0.2
          username: clack
          password_file: password
          client_id: hall-board
          prefix: home/boards
          board: hall
          tls: {ca_file: ca.pem}
          discovery_prefix: ha
          redelivery_window: 2m
          keepalive: 15s
        """, file: "c.yaml", baseDirectory: directory.path)
    let mqtt = try #require(config.mqtt)
    #expect(mqtt.port == 8883, "TLS changes the default port")
    #expect(mqtt.username == "clack" && mqtt.password == "hunter2")
    #expect(mqtt.clientID == "hall-board" && mqtt.prefix == "home/boards" && mqtt.board == "hall")
    #expect(mqtt.tls?.caFile == directory.appendingPathComponent("ca.pem").path)
    #expect(mqtt.discoveryPrefix == "ha")
    #expect(mqtt.redeliveryWindow == 120 && mqtt.keepAliveSeconds == 15)
    let off = try DaemonConfig.parse(
      yaml: "mqtt: {host: b, discovery: false, tls: true}", file: "c.yaml"
    ).mqtt
    #expect(off?.discoveryPrefix == nil)
    #expect(off?.tls == MQTTSettings.TLS())
  }

  @Test(arguments: [
    ("mqtt: {port: 1883}", "the field 'host' is missing"),
    ("mqtt: {host: b, port: 0}", "mqtt.port"),
    ("mqtt: {host: b, prefix: \"clack/#\"}", "mqtt.prefix"),
    ("mqtt: {host: b, prefix: \"a//b\"}", "mqtt.prefix"),
    ("mqtt: {host: b, board: \"Front Hall\"}", "front-hall"),
    ("mqtt: {host: b, password: x}", "a password needs a username"),
    ("mqtt: {host: b, tls: {ca_file: /nonexistent/ca.pem}}", "cannot read /nonexistent/ca.pem"),
    ("mqtt: {host: b, brokr: x}", "unknown field"),
    ("mqtt: {host: \"mqtt://b\"}", "mqtt.host"),
  ])
  func aBadSectionNamesTheField(yaml: String, expected: String) {
    #expect {
      _ = try DaemonConfig.parse(yaml: yaml, file: "clack.yaml")
    } throws: { error in
      "\(error)".contains(expected)
    }
  }
}
