import ClackCore
import ClackRuntime
import Foundation

/// Home Assistant's MQTT Statestream (its `mqtt_statestream` integration) read as live
/// sources (docs/source-home-assistant.md). Home Assistant publishes each entity's state to
/// `BASE/DOMAIN/OBJECT_ID/state` (the text as it is), and beside it, when asked to, each
/// attribute as JSON (`BASE/DOMAIN/OBJECT_ID/unit_of_measurement`) and the `last_changed`
/// and `last_updated` times, all retained. The messages are gathered here into the shape the
/// REST API's answers give pages (`DOMAIN: {OBJECT_ID: {state, attributes, last_changed,
/// last_updated}}`), so a page reads the same paths either way. Pure: the bridge feeds it.
package struct HomeAssistantStatestream: Sendable {
  /// A source that reads `entities` under `base`.
  struct Watched: Sendable, Hashable {
    var name: String
    var base: String
    var entities: [String]
  }

  let watched: [Watched]
  /// Each source's entities as gathered so far: entity id → its fields.
  private var entities: [String: [String: EntityState]] = [:]

  struct EntityState: Sendable, Hashable {
    var state: String?
    var attributes: [String: JSONValue] = [:]
    var lastChanged: String?
    var lastUpdated: String?
  }

  package init(sources: [SourceSpec]) {
    watched = sources.compactMap { spec in
      guard case .homeAssistantMQTT(let base, let entities) = spec.kind else { return nil }
      return Watched(name: spec.name, base: base, entities: entities)
    }
  }

  /// The topic filters to subscribe to: one level under each entity.
  var subscriptions: [String] {
    var filters: [String] = []
    for source in watched {
      for entity in source.entities {
        let filter = "\(source.base)/\(entity.replacingOccurrences(of: ".", with: "/"))/+"
        if !filters.contains(filter) { filters.append(filter) }
      }
    }
    return filters
  }

  /// Takes a message: the names of the sources whose data it changed (none when the value is
  /// the one they had), or nil when no source reads the topic. An empty payload (a retained
  /// message cleared) forgets the value.
  package mutating func record(topic: String, payload: [UInt8]) -> [String]? {
    var changed: [String] = []
    var ours = false
    for source in watched {
      guard topic.hasPrefix(source.base + "/") else { continue }
      let levels = topic.dropFirst(source.base.count + 1).split(
        separator: "/", omittingEmptySubsequences: false)
      guard levels.count == 3 else { continue }
      let entity = "\(levels[0]).\(levels[1])"
      guard source.entities.contains(entity) else { continue }
      ours = true
      var fields = entities[source.name, default: [:]][entity] ?? EntityState()
      let before = fields
      let text = String(decoding: payload, as: UTF8.self)
      let value: String? = payload.isEmpty ? nil : text
      switch levels[2] {
      case "state": fields.state = value
      case "last_changed": fields.lastChanged = value
      case "last_updated": fields.lastUpdated = value
      case let attribute:
        // Attributes come as JSON (`"°C"`, `21.5`, `["a"]`); anything else is kept as text.
        fields.attributes[String(attribute)] =
          payload.isEmpty ? nil : JSONValue.parse(Data(payload)) ?? .string(text)
      }
      guard fields != before else { continue }
      entities[source.name, default: [:]][entity] = fields
      changed.append(source.name)
    }
    return ours ? changed : nil
  }

  /// What pages read of source `name`: the entities heard of so far, by domain and object id.
  package func data(of name: String) -> JSONValue {
    var domains: [String: JSONValue] = [:]
    for (entity, fields) in entities[name] ?? [:] {
      let parts = entity.split(separator: ".", maxSplits: 1).map(String.init)
      var object: [String: JSONValue] = ["attributes": .object(fields.attributes)]
      if let state = fields.state { object["state"] = .string(state) }
      if let changed = fields.lastChanged { object["last_changed"] = .string(changed) }
      if let updated = fields.lastUpdated { object["last_updated"] = .string(updated) }
      guard case .object(var objects) = domains[parts[0]] ?? .object([:]) else { continue }
      objects[parts[1]] = .object(object)
      domains[parts[0]] = .object(objects)
    }
    return .object(domains)
  }
}
