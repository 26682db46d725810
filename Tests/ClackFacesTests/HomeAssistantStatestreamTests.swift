import ClackContent
import ClackCore
import Foundation
import Testing

@testable import ClackMQTTFace
@testable import ClackRuntime

/// Home Assistant over MQTT (docs/source-home-assistant.md): its Statestream's topics
/// gathered into the shape its REST API gives pages, delivered to the board, and stale while
/// the broker is away.
@Suite struct HomeAssistantStatestreamTests {
  static let house = SourceSpec(
    name: "house",
    kind: .homeAssistantMQTT(
      baseTopic: "homeassistant",
      entities: ["sensor.outside_temperature", "binary_sensor.front_door"]))

  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func messagesAreGatheredAsTheRESTAPIAnswers() throws {
    var stream = HomeAssistantStatestream(sources: [
      Self.house, SourceSpec(name: "w", kind: .webhook),
    ])
    #expect(
      stream.subscriptions == [
        "homeassistant/sensor/outside_temperature/+", "homeassistant/binary_sensor/front_door/+",
      ])
    let base = "homeassistant/sensor/outside_temperature/"
    #expect(stream.record(topic: base + "state", payload: Self.bytes("4.5")) == ["house"])
    #expect(stream.record(topic: base + "state", payload: Self.bytes("4.5")) == [], "the same")
    #expect(
      stream.record(topic: base + "unit_of_measurement", payload: Self.bytes(#""°C""#))
        == ["house"])
    _ = stream.record(topic: base + "device_class", payload: Self.bytes("temperature"))
    _ = stream.record(topic: base + "options", payload: Self.bytes(#"["a", 2]"#))
    _ = stream.record(
      topic: base + "last_changed", payload: Self.bytes("2026-11-26T07:00:00+00:00"))
    #expect(
      stream.record(topic: "homeassistant/sensor/elsewhere/state", payload: Self.bytes("1"))
        == nil, "an entity no source reads")
    #expect(
      stream.record(topic: "other/sensor/outside_temperature/state", payload: Self.bytes("9"))
        == nil, "another base topic")
    #expect(
      stream.record(topic: base + "state/deeper", payload: Self.bytes("9")) == nil,
      "not one level under the entity")
    let data = stream.data(of: "house")
    let temperature = try #require(
      try JSONPath("sensor.outside_temperature").value(in: data))
    #expect(
      temperature
        == .object([
          "state": .string("4.5"),
          "last_changed": .string("2026-11-26T07:00:00+00:00"),
          "attributes": .object([
            "unit_of_measurement": .string("°C"),
            "device_class": .string("temperature"),  // not JSON: kept as text
            "options": .array([.string("a"), .int(2)]),
          ]),
        ]))
    #expect(try JSONPath("binary_sensor").value(in: data) == nil, "not heard of yet")
    // A retained message cleared (an empty payload) forgets the value.
    #expect(stream.record(topic: base + "options", payload: []) == ["house"])
    #expect(
      try JSONPath("sensor.outside_temperature.attributes.options").value(
        in: stream.data(of: "house")) == nil)
  }

  @Test func theBridgeDeliversToThePageAndMarksTheSourceStaleWhileTheBrokerIsAway()
    async throws
  {
    var config = RuntimeConfig()
    config.sources = [Self.house]
    let daemon = try await InProcessDaemon(config: config)
    let bridge = daemon.bridge
    #expect(bridge.statestream?.subscriptions.count == 2)
    #expect(
      bridge.takeStatestream(
        topic: "homeassistant/binary_sensor/front_door/state", payload: Self.bytes("on")))
    #expect(
      !bridge.takeStatestream(topic: "clack/test/command", payload: Self.bytes("home")),
      "the board's own topics go on to the bridge's handler")
    #expect(daemon.runtime.service.sourceReadings()[0].reading.data == nil, "not yet delivered")
    await bridge.deliverStatestream()
    let reading = daemon.runtime.service.sourceReadings()[0].reading
    #expect(
      try JSONPath("binary_sensor.front_door.state").value(in: try #require(reading.data))
        == .string("on"))
    #expect(!reading.isStale)

    await bridge.statestreamConnection(lost: "the connection was lost; retrying in 1 s")
    let away = daemon.runtime.service.sourceReadings()[0].reading
    #expect(away.isStale && away.problem == "MQTT: the connection was lost; retrying in 1 s")
    #expect(away.data == reading.data, "its last states stay")
    await bridge.statestreamConnection(lost: nil)
    #expect(!daemon.runtime.service.sourceReadings()[0].reading.isStale, "fresh once back")

    // A webhook push to it is refused: its data come from MQTT.
    let (status, body) = try await daemon.post("/api/v1/sources/house", #"{"a": 1}"#)
    #expect(status == .conflict && body.contains("source_not_a_webhook"), "\(status) \(body)")
  }
}
