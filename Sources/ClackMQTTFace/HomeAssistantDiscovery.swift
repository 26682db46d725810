import ClackAPI
import ClackMQTT

/// Home Assistant's MQTT discovery configs for one board: a text entity to send messages,
/// sensors for what is shown, the queue and faults, buttons to re-home and clear, a switch
/// for quiet, a select for the script when the board can show more than Latin, a select for
/// the page when the run of show has pages, an image of the board, and, on a pixel board, a
/// number for its brightness — all one device. Each is published retained to
/// `topic`, so Home Assistant finds them whenever it starts.
///
/// Home Assistant refuses a state longer than 255 characters, and a text entity's state longer
/// than its `max`: the states of the text entity and the Showing sensor are cut to fit, and the
/// whole text is their `text` attribute. Entity ids are pinned with `default_entity_id` (today's
/// Home Assistant) and `object_id` (older versions, which do not know the first).
public struct HomeAssistantDiscovery: Sendable {
  public let topics: MQTTTopics
  public let discoveryPrefix: String
  /// The board's name as people read it.
  public let displayName: String
  public let model: String
  public let version: String
  /// The longest message the board takes: its capacity in characters (rows × columns).
  public let capacity: Int
  /// A pixel board: its brightness (0–15) is a number entity.
  public let brightness: Bool
  /// The scripts the board can show: a select entity when there is a choice.
  public let scripts: [RunicScript]
  /// The pages the run of show shows: a select entity to switch to one, when there are any.
  /// The run of show can change while running (`pageSelect(for:)`).
  public var pages: [String]

  /// The longest state Home Assistant keeps.
  public static let maxStateLength = 255

  public init(
    topics: MQTTTopics, discoveryPrefix: String, displayName: String, model: String,
    version: String, capacity: Int, brightness: Bool = false, scripts: [RunicScript] = [.latin],
    pages: [String] = []
  ) {
    self.pages = pages
    self.brightness = brightness
    self.scripts = scripts
    self.topics = topics
    self.discoveryPrefix = discoveryPrefix
    self.displayName = displayName
    self.model = model
    self.version = version
    self.capacity = capacity
  }

  /// One entity's config and where it goes.
  public struct Entry: Sendable {
    public let topic: String
    public let config: JSONValue
  }

  var node: String { "clack_" + topics.board.replacingOccurrences(of: "-", with: "_") }

  /// The page select's config topic, and its config for `pages`; nil config (an empty
  /// retained payload, which makes Home Assistant remove the entity) when there are none.
  public func pageSelect(for pages: [String]) -> (topic: String, config: JSONValue?) {
    var changed = self
    changed.pages = pages
    let topic = "\(discoveryPrefix)/select/\(node)/page/config"
    return (topic, changed.entries.first { $0.topic == topic }?.config)
  }

  public var entries: [Entry] {
    let state = topics.state
    // The whole text, as an attribute of the entities whose state is cut to fit.
    let fullText: [String: JSONValue] = [
      "json_attributes_topic": .string(state),
      "json_attributes_template": .string("{{ {'text': value_json.text} | tojson }}"),
    ]
    let textLength = min(capacity, Self.maxStateLength)
    let dimmer =
      brightness
      ? [
        entry(
          "number", "brightness", "Brightness", icon: "mdi:brightness-6",
          [
            "command_topic": .string(topics.command), "state_topic": .string(state),
            "command_template": .string("brightness {{ value | int }}"),
            "value_template": .string("{{ value_json.brightness }}"),
            "min": .int(0), "max": .int(15), "step": .int(1), "mode": .string("slider"),
          ])
      ] : []
    let scriptChoice =
      scripts.count > 1
      ? [
        entry(
          "select", "script", "Script", icon: "mdi:alphabet-latin",
          [
            "command_topic": .string(topics.command), "state_topic": .string(state),
            "command_template": .string("script {{ value }}"),
            "value_template": .string("{{ value_json.script }}"),
            "options": .array(scripts.map { .string($0.rawValue) }),
          ])
      ] : []
    let pageChoice =
      pages.isEmpty
      ? []
      : [
        entry(
          "select", "page", "Page", icon: "mdi:book-open-page-variant",
          [
            "command_topic": .string(topics.command), "state_topic": .string(state),
            "command_template": .string("page {{ value }}"),
            // "None" is Home Assistant's word for unknown: a message or nothing has the zone.
            "value_template": .string("{{ value_json.page if value_json.page else 'None' }}"),
            "options": .array(pages.map { .string($0) }),
          ])
      ]
    let picture = entry(
      "image", "picture", "Board", icon: "mdi:view-grid",
      ["image_topic": .string(topics.image), "content_type": .string("image/png")])
    return [
      entry(
        "text", "message", "Message", icon: "mdi:message-text",
        fullText.merging([
          "command_topic": .string(topics.message), "state_topic": .string(state),
          "value_template": .string("{{ value_json.text[:\(textLength)] }}"),
          "max": .int(capacity), "mode": .string("text"),
        ]) { $1 }),
      entry(
        "sensor", "showing", "Showing", icon: "mdi:card-text",
        fullText.merging([
          "state_topic": .string(state),
          "value_template": .string("{{ value_json.text[:\(Self.maxStateLength)] }}"),
        ]) { $1 }),
      entry(
        "sensor", "queue_depth", "Queue", icon: "mdi:tray-full",
        [
          "state_topic": .string(state), "value_template": .string("{{ value_json.queue_depth }}"),
          "unit_of_measurement": .string("messages"), "state_class": .string("measurement"),
        ]),
      entry(
        "sensor", "faults", "Faults", icon: "mdi:alert",
        [
          "state_topic": .string(state),
          "value_template": .string("{{ value_json.faults | count }}"),
          "json_attributes_topic": .string(state),
          "json_attributes_template": .string("{{ {'faults': value_json.faults} | tojson }}"),
          "entity_category": .string("diagnostic"),
        ]),
      entry(
        "button", "home", "Re-home", icon: "mdi:home-refresh",
        ["command_topic": .string(topics.command), "payload_press": .string("home")]),
      entry(
        "button", "clear", "Clear", icon: "mdi:eraser",
        ["command_topic": .string(topics.command), "payload_press": .string("clear")]),
      entry(
        "switch", "quiet", "Quiet", icon: "mdi:volume-off",
        [
          "command_topic": .string(topics.command), "state_topic": .string(state),
          "payload_on": .string("quiet on"), "payload_off": .string("quiet off"),
          "value_template": .string("{{ 'quiet on' if value_json.quiet else 'quiet off' }}"),
          "state_on": .string("quiet on"), "state_off": .string("quiet off"),
        ]),
      picture,
    ] + scriptChoice + pageChoice + dimmer
  }

  private func entry(
    _ component: String, _ object: String, _ name: String, icon: String,
    _ fields: [String: JSONValue]
  ) -> Entry {
    var config = fields
    config["name"] = .string(name)
    config["unique_id"] = .string("\(node)_\(object)")
    config["object_id"] = .string("\(node)_\(object)")
    config["default_entity_id"] = .string("\(component).\(node)_\(object)")
    config["icon"] = .string(icon)
    config["availability_topic"] = .string(topics.availability)
    config["payload_available"] = .string("online")
    config["payload_not_available"] = .string("offline")
    config["device"] = .object([
      "identifiers": .array([.string(node)]), "name": .string(displayName),
      "manufacturer": .string("Clack"), "model": .string(model),
      "sw_version": .string(version),
    ])
    return Entry(
      topic: "\(discoveryPrefix)/\(component)/\(node)/\(object)/config", config: .object(config))
  }
}
