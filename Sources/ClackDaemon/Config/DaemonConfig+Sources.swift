import ClackBoard
import ClackCommands
import ClackRuntime
import Foundation

extension YAMLReader {
  /// `sources`: a list of `{name, json: URL, headers, every, timeout}` or `{name, webhook:
  /// true}` (docs/sources.md). Names are unique and go in URLs.
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
      allowed: ["name", "json", "webhook", "headers", "every", "timeout"], required: ["name"])
    let nameField = try fields.required("name")
    let name = try nameField.string()
    guard !name.isEmpty,
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else {
      throw nameField.error("must be letters, digits, '-' and '_' (it goes in URLs)")
    }
    let kind: SourceSpec.Kind
    switch (fields["json"], fields["webhook"]) {
    case (.some(let urlField), nil):
      let text = try urlField.string()
      guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
        url.host != nil
      else { throw urlField.error("'\(text)' is not an http:// or https:// URL") }
      var headers: [String: String] = [:]
      for (header, value) in try fields["headers"]?.namedEntries() ?? [] {
        headers[header] = try value.string()
      }
      kind = .json(url: url, headers: headers)
    case (nil, .some(let webhook)):
      guard try webhook.bool() else { throw webhook.error("must be true") }
      for unused in ["headers", "every", "timeout"] where fields[unused] != nil {
        throw fields[unused]!.error("'\(unused)' is for a fetched source, not a webhook")
      }
      kind = .webhook
    default:
      throw error("needs 'json: URL' (fetched) or 'webhook: true' (pushed), one of them")
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
}
