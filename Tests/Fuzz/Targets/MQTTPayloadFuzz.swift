import ClackAPI
import ClackCore
import ClackMQTTFace
import ClackRuntime
import Foundation

extension FuzzTarget {
  /// One payload as each MQTT topic the daemon reads takes it: a message (then laid out), a
  /// board command, and Home Assistant's Statestream (a state and an attribute).
  static let mqtt = FuzzTarget(
    name: "mqtt",
    reads: "an MQTT payload as a message, a command and a Home Assistant Statestream value"
  ) { bytes in
    let payload = [UInt8](bytes)
    var taken = false
    if let body = try? MQTTPayload.messageBody(payload),
      let message = try? MessageRequest.parse(body, defaultSender: "mqtt", now: fixedNow)
    {
      taken = layOut(message.body) || taken
    }
    if (try? MQTTPayload.command(payload)) != nil { taken = true }
    var statestream = HomeAssistantStatestream(sources: [
      SourceSpec(
        name: "house",
        kind: .homeAssistantMQTT(baseTopic: "homeassistant", entities: ["sensor.outside"]))
    ])
    for topic in ["homeassistant/sensor/outside/state", "homeassistant/sensor/outside/unit"] {
      _ = statestream.record(topic: topic, payload: payload)
    }
    guard case .object(let domains) = statestream.data(of: "house") else {
      expect(false, "a source's data that is not an object")
      return taken
    }
    expect(payload.isEmpty || domains["sensor"] != nil, "a payload heard and not kept")
    return taken
  }
}
