import ClackContent
import Foundation

/// A live source as the config describes it (docs/sources.md): its name, which pages' fields
/// use, and where its data come from.
public struct SourceSpec: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// Data pushed to `POST /api/v1/sources/{name}` with the API key: anything that can call
    /// a URL (a script, Node-RED, Home Assistant's `rest_command`).
    case webhook
    /// A JSON document fetched over HTTP(S); `headers` go with each request (a token).
    case json(url: URL, headers: [String: String])
    /// The weather at a place from Open-Meteo's forecast (`endpoint`: its public one, or a
    /// server of one's own), in the board's time zone.
    case weather(latitude: Double, longitude: Double, units: WeatherUnits, endpoint: URL)
    /// An RSS or Atom feed: its items' titles, links, summaries and dates.
    case feed(url: URL)
    /// An iCalendar file or subscription (`webcal://` is read as `https://`): its events,
    /// recurrences expanded; `soon` is how long before an event it is `soon`.
    case calendar(url: URL, soon: TimeInterval)
    /// Entities of a Home Assistant server, each read from its REST API
    /// (`GET /api/states/ENTITY`) with a long-lived access token.
    case homeAssistant(url: URL, token: String, entities: [String])
    /// Entities of a Home Assistant server, read from its MQTT Statestream
    /// (`BASE/DOMAIN/OBJECT_ID/state`, its attributes and times beside it) on the daemon's
    /// MQTT broker as they change: nothing is fetched.
    case homeAssistantMQTT(baseTopic: String, entities: [String])
  }

  public var name: String
  public var kind: Kind
  /// Seconds between fetches (each shifted by up to a tenth, so sources do not fetch in
  /// step; longer after failures). Not used by a webhook.
  public var every: TimeInterval
  /// The longest a fetch may take, connecting included.
  public var timeout: TimeInterval

  public init(name: String, kind: Kind, every: TimeInterval = 600, timeout: TimeInterval = 20) {
    (self.name, self.kind, self.every, self.timeout) = (name, kind, every, timeout)
  }

  /// `webhook`, `json`, `weather`, `feed`, `calendar` or `home_assistant`, as the config
  /// writes it.
  public var kindName: String {
    switch kind {
    case .webhook: "webhook"
    case .json: "json"
    case .weather: "weather"
    case .feed: "feed"
    case .calendar: "calendar"
    case .homeAssistant, .homeAssistantMQTT: "home_assistant"
    }
  }

  /// Where its data come from, in a few words (the URL, the webhook's path, or the MQTT
  /// topics).
  public var origin: String {
    switch kind {
    case .webhook: "POST /api/v1/sources/\(name)"
    case .json(let url, _): url.absoluteString
    case .weather(let latitude, let longitude, _, let endpoint):
      "\(endpoint.absoluteString) at \(latitude), \(longitude)"
    case .feed(let url), .calendar(let url, _): url.absoluteString
    case .homeAssistant(let url, _, let entities):
      "\(url.absoluteString) (\(entities.joined(separator: ", ")))"
    case .homeAssistantMQTT(let base, let entities):
      "MQTT \(base)/… (\(entities.joined(separator: ", ")))"
    }
  }

  /// True when its data come by themselves (a webhook's pushes, an MQTT stream's messages)
  /// rather than from a fetch.
  public var isPushed: Bool {
    switch kind {
    case .webhook, .homeAssistantMQTT: true
    default: false
    }
  }
}
