import ClackBoard
import ClackContent
import ClackCore
import Foundation

extension DaemonConfig {
  /// The config key and place of run-of-show entry `index` with `name` after it:
  /// `schedules[0].zone` or `run_of_show[2].script`.
  public func entryField(_ index: Int, _ name: String) -> String {
    index < schedulesKeyCount
      ? "schedules[\(index)].\(name)" : "run_of_show[\(index - schedulesKeyCount)].\(name)"
  }
}

extension YAMLReader {
  /// `pages`: a list of `{name, text | vbml_file | picture_file, justify, align, fields}`. Names are unique;
  /// a text template naming a field that is neither built in nor the page's own is refused,
  /// and so is a field reading a source that `sources` (the names given) does not define.
  func pages(resolve: (String) -> String, sources: [String]) throws(BoardFileError) -> [Page] {
    var pages: [Page] = []
    for item in try items() {
      let page = try item.page(resolve: resolve, sources: sources)
      if pages.contains(where: { $0.name == page.name }) {
        throw item.error("a second page named '\(page.name)'")
      }
      pages.append(page)
    }
    return pages
  }

  private func page(resolve: (String) -> String, sources: [String]) throws(BoardFileError) -> Page {
    let fields = try self.fields(
      allowed: ["name", "text", "vbml_file", "picture_file", "justify", "align", "fields"],
      required: ["name"])
    let nameField = try fields.required("name")
    let name = try nameField.string()
    guard !name.isEmpty,
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else {
      throw nameField.error(
        "must be letters, digits, '-' and '_' (it goes in URLs and MQTT topics)")
    }
    let template: PageTemplate
    if let file = fields["picture_file"] {
      if fields["text"] != nil || fields["vbml_file"] != nil {
        throw error("needs one of 'text', 'vbml_file' or 'picture_file', not two")
      }
      for key in ["justify", "align", "fields"] {
        if let field = fields[key] {
          throw field.error("a picture page has no '\(key)': it shows the picture alone")
        }
      }
      let path = resolve(try file.string())
      do {
        template = .picture(try PictureFile.load(path), file: path)
      } catch {
        throw file.error(error.description)
      }
      return Page(name: name, template: template)
    }
    switch (fields["text"], fields["vbml_file"]) {
    case (.some(let text), nil):
      template = .text(
        try text.string(),
        justify: try fields["justify"].map { field throws(BoardFileError) in
          Justify(rawValue: try field.choice(Justify.allCases.map(\.rawValue)))
        } ?? nil,
        align: try fields["align"].map { field throws(BoardFileError) in
          Align(rawValue: try field.choice(Align.allCases.map(\.rawValue)))
        } ?? nil)
    case (nil, .some(let file)):
      if fields["justify"] != nil || fields["align"] != nil {
        throw error(
          "'justify' and 'align' are for text pages; a VBML page sets them in its components")
      }
      template = .vbml(try file.vbmlDocument(at: resolve(try file.string())))
    default:
      throw error(
        "needs 'text' (a template with {{fields}}), 'vbml_file' or 'picture_file', one of them")
    }
    var own: [String: PageField] = [:]
    for (fieldName, value) in try fields["fields"]?.namedEntries() ?? [] {
      own[fieldName] = try value.pageField(sources: sources)
    }
    let page = Page(name: name, template: template, fields: own)
    if let unknown = page.unknownFields.first {
      let known = page.allFields.keys.sorted().joined(separator: ", ")
      throw (fields["text"] ?? self).error(
        "the template names {{\(unknown)}}, which is no field; fields: \(known)")
    }
    return page
  }

  /// A page's own field: `{time: FORMAT}`, `{countdown: DATE, unit: days|hours|minutes}`,
  /// `{source: NAME, path: PATH, default: TEXT, rotate: DURATION}` or `{age_of: NAME}`
  /// (docs/sources.md).
  private func pageField(sources: [String]) throws(BoardFileError) -> PageField {
    let fields = try self.fields(
      allowed: ["time", "countdown", "unit", "source", "path", "default", "rotate", "age_of"],
      required: [])
    let kinds = ["time", "countdown", "source", "age_of"].filter { fields[$0] != nil }
    guard kinds.count == 1 else {
      throw error(
        "must be one of {time: FORMAT}, {countdown: YYYY-MM-DD[ HH:MM], unit: days}, "
          + "{source: NAME, path: PATH} or {age_of: NAME}")
    }
    let extras: [String: [String]] = [
      "time": [], "countdown": ["unit"], "source": ["path", "default", "rotate"], "age_of": [],
    ]
    for extra in ["unit", "path", "default", "rotate"]
    where fields[extra] != nil && !(extras[kinds[0]] ?? []).contains(extra) {
      throw fields[extra]!.error("'\(extra)' does not go with '\(kinds[0])'")
    }
    switch kinds[0] {
    case "time": return .time(format: try fields.required("time").string())
    case "countdown":
      let unit =
        try fields["unit"].map { field throws(BoardFileError) in
          CountdownUnit(rawValue: try field.choice(CountdownUnit.allCases.map(\.rawValue)))
        } ?? nil
      return .countdown(to: try fields.required("countdown").localDateTime(), unit: unit ?? .days)
    case "source":
      let name = try fields.required("source").sourceName(in: sources)
      let pathField = try fields.required("path")
      let text = try pathField.string()
      let fallback = try fields["default"]?.string() ?? ""
      let rotate = try fields["rotate"].map { field throws(BoardFileError) in
        let seconds = try field.duration()
        guard seconds.truncatingRemainder(dividingBy: 60) == 0, (60...86_400).contains(seconds)
        else { throw field.error("must be whole minutes from 1m to 24h, such as 1m or 5m") }
        return Int(seconds / 60)
      }
      do {
        return .source(name, path: try JSONPath(text), fallback: fallback, rotate: rotate)
      } catch {
        throw pathField.error(error.description)
      }
    default: return .sourceAge(try fields.required("age_of").sourceName(in: sources))
    }
  }

  /// A source's name, one of `sources`.
  private func sourceName(in sources: [String]) throws(BoardFileError) -> String {
    let name = try string()
    guard sources.contains(name) else {
      throw error(
        "no source named '\(name)' in 'sources'"
          + (sources.isEmpty ? "" : "; sources: \(sources.joined(separator: ", "))"))
    }
    return name
  }

  /// `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`, a local date and time.
  private func localDateTime() throws(BoardFileError) -> DateComponents {
    let text = try string()
    let parts = text.split(separator: " ")
    let day = parts.first?.split(separator: "-").compactMap { Int($0) } ?? []
    let time = parts.count == 2 ? parts[1].split(separator: ":").compactMap { Int($0) } : [0, 0]
    guard parts.count <= 2, day.count == 3, time.count == 2, (1...12).contains(day[1]),
      (1...31).contains(day[2]), (0..<24).contains(time[0]), (0..<60).contains(time[1])
    else { throw error("'\(text)' is not a date written YYYY-MM-DD or YYYY-MM-DD HH:MM") }
    return DateComponents(year: day[0], month: day[1], day: day[2], hour: time[0], minute: time[1])
  }

  /// A VBML document read from a JSON file.
  private func vbmlDocument(at path: String) throws(BoardFileError) -> VBMLDocument {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw error("cannot read the VBML file \(path)")
    }
    guard let json = JSONValue.parse(data) else { throw error("\(path) is not JSON") }
    do {
      return try VBMLDocument(json: json)
    } catch {
      throw self.error("\(path): \(error)")
    }
  }
}
