import ClackBoard
import ClackCommands
import ClackContent
import ClackRuntime
import Foundation

extension YAMLReader {
  /// `sources`: a list of `{name, json: URL, headers, every, timeout}`, `{name, weather:
  /// {latitude, longitude, units, url}, every, timeout}` or `{name, webhook: true}`
  /// (docs/sources.md). Names are unique and go in URLs.
  func sources() throws(BoardFileError) -> [SourceSpec] {
    var sources: [SourceSpec] = []
    for item in try items() {
      let source = try item.source()
      if sources.contains(where: { $0.name == source.name }) {
        throw item.error("a second source named '\(source.name)'")
      }
      sources.append(source)
    }
    return sources
  }

  private func source() throws(BoardFileError) -> SourceSpec {
    let fields = try self.fields(
      allowed: ["name", "json", "weather", "webhook", "headers", "every", "timeout"],
      required: ["name"])
    let nameField = try fields.required("name")
    let name = try nameField.string()
    guard !name.isEmpty,
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else {
      throw nameField.error("must be letters, digits, '-' and '_' (it goes in URLs)")
    }
    let kinds = ["json", "weather", "webhook"].filter { fields[$0] != nil }
    guard kinds.count == 1 else {
      throw error(
        "needs one of 'json: URL' (fetched), 'weather: {latitude, longitude}' (Open-Meteo) "
          + "and 'webhook: true' (pushed)")
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
      if let headers = fields["headers"] { throw headers.error("'headers' is for a json source") }
      kind = try fields.required("weather").weather()
    default:
      let webhook = try fields.required("webhook")
      guard try webhook.bool() else { throw webhook.error("must be true") }
      for unused in ["headers", "every", "timeout"] where fields[unused] != nil {
        throw fields[unused]!.error("'\(unused)' is for a fetched source, not a webhook")
      }
      kind = .webhook
    }
    var spec = SourceSpec(name: name, kind: kind)
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

  /// An http:// or https:// URL with a host.
  private func httpURL() throws(BoardFileError) -> URL {
    let text = try string()
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
