import ClackCore
import Foundation

/// A page: a template and the fields that fill it, shown by the run of show. A text template
/// writes a field as `{{name}}`; a VBML template gets the fields as its props.
public struct Page: Sendable, Hashable {
  public var name: String
  public var template: PageTemplate
  /// Fields besides the built-in ones (`PageField.builtIn`); a field here of the same name
  /// takes the built-in one's place.
  public var fields: [String: PageField]

  public init(name: String, template: PageTemplate, fields: [String: PageField] = [:]) {
    self.name = name
    self.template = template
    self.fields = fields
  }

  /// Every field the page can use: the built-in ones and its own.
  public var allFields: [String: PageField] {
    PageField.builtIn.merging(fields) { _, own in own }
  }

  /// The fields the template names (for a VBML page, the ones its components' templates
  /// name).
  public var usedFields: [String: PageField] {
    let names: Set<String>
    switch template {
    case .text(let text, _, _): names = Set(PageTemplate.fieldNames(in: text))
    case .vbml(let document):
      names = Set(
        document.components.flatMap { component -> [String] in
          switch component.content {
          case .template(let text), .rawText(let text): PageTemplate.fieldNames(in: text)
          case .raw, .randomColors: []
          }
        })
    case .picture: names = []
    }
    return allFields.filter { names.contains($0.key) }
  }

  /// True when a field it uses changes with the time (the time, the date, a countdown, the
  /// quote of the day, a stale source's age), so it is drawn again at each minute while on
  /// show.
  public var dependsOnTime: Bool { usedFields.values.contains(where: \.dependsOnTime) }

  /// The live sources its fields read.
  public var sources: Set<String> { Set(usedFields.values.compactMap(\.sourceName)) }

  /// The first instant after `instant` at which a field it uses shows something else: when an
  /// entry of cadence `on_change` comes due. Nil when nothing it shows changes again.
  public func nextDataChange(after instant: Date, in timeZone: TimeZone) -> Date? {
    usedFields.values.compactMap { $0.nextChange(after: instant, in: timeZone) }.min()
  }

  /// Names in a text template that are neither built in nor the page's own, which would show
  /// as nothing: what a config check refuses.
  public var unknownFields: [String] {
    guard case .text(let text, _, _) = template else { return [] }
    let known = allFields
    var seen: [String] = []
    for name in PageTemplate.fieldNames(in: text) where known[name] == nil && !seen.contains(name) {
      seen.append(name)
    }
    return seen
  }
}

/// What a page lays out.
public enum PageTemplate: Sendable, Hashable {
  /// Text laid out as a message's is (wrapping, `{NN}` codes, colour tiles), with `{{name}}`
  /// replaced by the field's value first.
  case text(String, justify: Justify? = nil, align: Align? = nil)
  /// A VBML document, composed for the zone with the fields among its props (a field takes
  /// the place of a prop of the same name).
  case vbml(VBMLDocument)
  /// A PNG or GIF picture (read from `file` when the config was), shown whole on a pixel
  /// board, fitted to its panel; an animation plays. It has no fields.
  case picture(Picture, file: String)

  /// The `{{name}}` tags of a text template, in order (spaces inside the braces ignored).
  public static func fieldNames(in text: String) -> [String] {
    var names: [String] = []
    var rest = Substring(text)
    while let open = rest.range(of: "{{") {
      rest = rest[open.upperBound...]
      guard let close = rest.range(of: "}}") else { break }
      names.append(rest[..<close.lowerBound].trimmingCharacters(in: .whitespaces))
      rest = rest[close.upperBound...]
    }
    return names
  }

  /// A text template with each `{{name}}` replaced by `values[name]` (an unknown name by
  /// nothing).
  public static func fill(_ text: String, with values: [String: String]) -> String {
    var output = ""
    var rest = Substring(text)
    while let open = rest.range(of: "{{") {
      output += rest[..<open.lowerBound]
      let after = rest[open.upperBound...]
      guard let close = after.range(of: "}}") else {
        output += rest[open.lowerBound...]
        return output
      }
      output += values[after[..<close.lowerBound].trimmingCharacters(in: .whitespaces)] ?? ""
      rest = after[close.upperBound...]
    }
    return output + rest
  }
}
