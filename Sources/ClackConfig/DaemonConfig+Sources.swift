import ClackBoard
import ClackContent
import ClackRuntime
import Foundation

extension YAMLReader {
  /// `sources`: a list of `{name, json: URL, headers, every, timeout}`, `{name, weather:
  /// {latitude, longitude, units, url}, every, timeout}`, `{name, feed: URL, every, timeout}`,
  /// `{name, calendar: URL, soon, every, timeout}`,
  /// `{name, home_assistant: {url, token | token_file, entities}, every, timeout}`, `{name,
  /// home_assistant: {mqtt: BASE_TOPIC, entities}}` (with `mqtt` configured: `hasMQTT`) or
  /// `{name, webhook: true}` (docs/sources.md). Names are unique and go in URLs.
  func sources(hasMQTT: Bool) throws(BoardFileError) -> [SourceSpec] {
    var sources: [SourceSpec] = []
    for item in try items() {
      let source = try item.source(hasMQTT: hasMQTT)
      if sources.contains(where: { $0.name == source.name }) {
        throw item.error("a second source named '\(source.name)'")
      }
      sources.append(source)
    }
    return sources
  }

  private func source(hasMQTT: Bool) throws(BoardFileError) -> SourceSpec {
    let fields = try self.fields(
      allowed: [
        "name", "json", "weather", "feed", "calendar", "home_assistant", "webhook", "headers",
        "soon", "every", "timeout",
      ],
      required: ["name"])
    let nameField = try fields.required("name")
    let name = try nameField.string()
    guard !name.isEmpty,
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else {
      throw nameField.error("must be letters, digits, '-' and '_' (it goes in URLs)")
    }
    let kinds = ["json", "weather", "feed", "calendar", "home_assistant", "webhook"].filter {
      fields[$0] != nil
    }
    guard kinds.count == 1 else {
      throw error(
        "needs one of 'json: URL' (fetched), 'weather: {latitude, longitude}' (Open-Meteo), "
          + "'feed: URL' (RSS or Atom), 'calendar: URL' (iCalendar), "
          + "'home_assistant: {url, token, entities}' "
          + "and 'webhook: true' (pushed)")
    }
    if kinds[0] != "json", let headers = fields["headers"] {
      throw headers.error("'headers' is for a json source")
    }
    if kinds[0] != "calendar", let soon = fields["soon"] {
      throw soon.error("'soon' is for a calendar source")
    }
    let kind: SourceSpec.Kind
    switch kinds[0] {
    case "json":
      var headers: [String: String] = [:]
      for (header, value) in try fields["headers"]?.namedEntries() ?? [] {
        headers[header] = try value.string()
      }
      kind = .json(url: try fields.required("json").httpURL(), headers: headers)
    case "weather":
      kind = try fields.required("weather").weather()
    case "feed":
      kind = .feed(url: try fields.required("feed").httpURL())
    case "calendar":
      var soon: TimeInterval = 900
      if let field = fields["soon"] {
        soon = try field.duration()
        guard (60...86_400).contains(soon) else { throw field.error("must be from 1m to 24h") }
      }
      kind = .calendar(
        url: try fields.required("calendar").httpURL(allowingWebcal: true), soon: soon)
    case "home_assistant":
      kind = try fields.required("home_assistant").homeAssistant(hasMQTT: hasMQTT)
    default:
      let webhook = try fields.required("webhook")
      guard try webhook.bool() else { throw webhook.error("must be true") }
      kind = .webhook
    }
    if case .homeAssistantMQTT = kind {
      for unused in ["every", "timeout"] where fields[unused] != nil {
        throw fields[unused]!.error(
          "'\(unused)' is for a fetched source; over MQTT, states come as they change")
      }
    } else if kind == .webhook {
      for unused in ["headers", "every", "timeout"] where fields[unused] != nil {
        throw fields[unused]!.error("'\(unused)' is for a fetched source, not a webhook")
      }
    }
    // Home Assistant's states change by the second; a poll every half minute is cheap.
    var spec = SourceSpec(name: name, kind: kind, every: kinds[0] == "home_assistant" ? 30 : 600)
    if let every = fields["every"] {
      spec.every = try every.duration()
      guard spec.every >= 10 else { throw every.error("must be 10s or more") }
    }
    if let timeout = fields["timeout"] {
      spec.timeout = try timeout.duration()
      guard spec.timeout <= 120 else { throw timeout.error("must be 2m or less") }
    }
    return spec
  }

  /// An http:// or https:// URL with a host; with `allowingWebcal`, a webcal:// one too (a
  /// calendar subscription), read as https://.
  private func httpURL(allowingWebcal: Bool = false) throws(BoardFileError) -> URL {
    var text = try string()
    if allowingWebcal, text.lowercased().hasPrefix("webcal://") {
      text = "https://" + text.dropFirst("webcal://".count)
    }
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
      url.host != nil
    else { throw error("'\(text)' is not an http:// or https:// URL") }
    return url
  }

  /// `{latitude, longitude, units: metric|imperial, url}`: Open-Meteo's forecast at a place.
  private func weather() throws(BoardFileError) -> SourceSpec.Kind {
    let fields = try self.fields(
      allowed: ["latitude", "longitude", "units", "url"], required: ["latitude", "longitude"])
    let units =
      try fields["units"].map { field throws(BoardFileError) in
        WeatherUnits(rawValue: try field.choice(WeatherUnits.allCases.map(\.rawValue)))
      } ?? nil
    return .weather(
      latitude: try fields.required("latitude").double(in: -90...90),
      longitude: try fields.required("longitude").double(in: -180...180),
      units: units ?? .metric, endpoint: try fields["url"]?.httpURL() ?? OpenMeteo.endpoint)
  }
}

extension YAMLReader {
  /// `{url, token | token_file, entities}`: a Home Assistant server, a long-lived access
  /// token (its profile page makes one) and the entities pages read; or `{mqtt: BASE_TOPIC,
  /// entities}`: its MQTT Statestream's base topic, on the daemon's broker.
  fileprivate func homeAssistant(hasMQTT: Bool) throws(BoardFileError) -> SourceSpec.Kind {
    let fields = try self.fields(
      allowed: ["url", "token", "token_file", "entities", "mqtt"], required: ["entities"])
    let entities = try Self.entities(try fields.required("entities"))
    switch (fields["url"], fields["mqtt"]) {
    case (nil, let field?):
      return .homeAssistantMQTT(
        baseTopic: try field.statestreamTopic(hasMQTT: hasMQTT), entities: entities)
    case (.some, nil): break
    case (.some, .some):
      throw error("give 'url' (its REST API) or 'mqtt' (its Statestream), not both")
    case (nil, nil):
      throw error(
        "needs 'url' (the server, read with a token) or 'mqtt' (its MQTT Statestream's "
          + "base_topic, read on the daemon's broker)")
    }
    let token: String
    switch (fields["token"], fields["token_file"]) {
    case (let field?, nil): token = try field.string()
    case (nil, let field?):
      let path = try field.string()
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw field.error("cannot read the token file '\(path)'")
      }
      token = text.trimmingCharacters(in: .whitespacesAndNewlines)
    case (.some, .some): throw error("give 'token' or 'token_file', not both")
    case (nil, nil):
      throw error(
        "needs 'token' or 'token_file': a long-lived access token (Home Assistant: your "
          + "profile, Security, Long-lived access tokens)")
    }
    guard !token.isEmpty, !token.contains(where: \.isWhitespace) else {
      throw (fields["token"] ?? fields["token_file"]!).error(
        "the token is empty or has spaces in it")
    }
    let urlField = try fields.required("url")
    var url = try urlField.httpURL()
    if url.path.hasSuffix("/api") || url.path.hasSuffix("/api/") {
      url = url.deletingLastPathComponent()
    }
    return .homeAssistant(url: url, token: token, entities: entities)
  }

  /// Entity ids as Home Assistant writes them: `sensor.outside_temperature`.
  private static func entities(_ entitiesField: YAMLReader) throws(BoardFileError) -> [String] {
    var entities: [String] = []
    for item in try entitiesField.items() {
      let entity = try item.string()
      let parts = entity.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 2,
        parts.allSatisfy({ part in
          !part.isEmpty
            && part.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
        })
      else {
        throw item.error("'\(entity)' is not an entity id such as sensor.outside_temperature")
      }
      entities.append(entity)
    }
    guard !entities.isEmpty else { throw entitiesField.error("names no entity") }
    return entities
  }

  /// Home Assistant's `mqtt_statestream` `base_topic`: topic levels without wildcards (a
  /// trailing `/` dropped), read on the broker of the config's `mqtt`.
  private func statestreamTopic(hasMQTT: Bool) throws(BoardFileError) -> String {
    var topic = try string()
    while topic.hasSuffix("/") { topic.removeLast() }
    guard !topic.isEmpty, !topic.contains("+"), !topic.contains("#"), !topic.hasPrefix("/")
    else {
      throw error(
        "'\(topic)' is not a base topic such as homeassistant (mqtt_statestream's base_topic)")
    }
    guard hasMQTT else {
      throw error(
        "is read on the daemon's MQTT broker: configure 'mqtt' (docs/mqtt.md) as well")
    }
    return topic
  }
}
