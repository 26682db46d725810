import ClackContent
import ClackCore
import Foundation

/// A `PUT /api/v1/run-of-show` body: `{"run_of_show": [entry, …]}`, each entry written as in
/// the config's `run_of_show` (docs/config.md), durations as seconds or text such as "15m".
/// Read field by field so a mistake names its place (`run_of_show[2].every`); whether pages
/// and zones exist is the service's to say.
public enum RunOfShowRequest {
  public static let entryFields: Set<String> = [
    "page", "show", "text", "format", "cron", "every", "on_change", "dwell", "zone",
    "transition", "script", "while", "priority",
  ]

  /// The most entries one run of show may have: far more than a wall of pages needs, few
  /// enough that its forecasts stay quick.
  public static let maxEntries = 200

  public static func parse(_ body: JSONValue?) throws(APIError) -> [RunOfShowItem] {
    guard case .object(let object) = body, case .array(let entries)? = object["run_of_show"]
    else {
      throw APIError(
        .badRequest, code: "invalid_json",
        message: "the body must be a JSON object such as {\"run_of_show\": [{\"page\": \"clock\"}]}"
      )
    }
    if let unknown = object.keys.sorted().first(where: { $0 != "run_of_show" }) {
      throw .badRequest(unknown, "unknown field; the body has one field, run_of_show")
    }
    guard entries.count <= maxEntries else {
      throw .badRequest("run_of_show", "has \(entries.count) entries; at most \(maxEntries)")
    }
    var items: [RunOfShowItem] = []
    for (index, entry) in entries.enumerated() {
      items.append(try item(entry, at: "run_of_show[\(index)]"))
    }
    return items
  }

  private static func item(_ entry: JSONValue, at place: String) throws(APIError) -> RunOfShowItem {
    guard case .object(let object) = entry else {
      throw .badRequest(place, "must be an object such as {\"page\": \"clock\", \"dwell\": \"2m\"}")
    }
    if let unknown = object.keys.sorted().first(where: { !entryFields.contains($0) }) {
      throw .badRequest(
        "\(place).\(unknown)",
        "unknown field; known fields: \(entryFields.sorted().joined(separator: ", "))")
    }
    // The reader names a field alone; the place in the list goes in front.
    do {
      let reader = FieldReader(object: object)
      return RunOfShowItem(
        page: try reader.string("page"), show: try reader.string("show"),
        text: try reader.string("text"), format: try reader.string("format"),
        cron: try reader.string("cron"), every: try reader.duration("every"),
        onChange: try reader.bool("on_change"), dwell: try reader.duration("dwell"),
        zone: try reader.string("zone"), transition: try reader.string("transition"),
        script: try reader.string("script"), whileHolds: try reader.string("while"),
        priority: try reader.string("priority"))
    } catch {
      guard let field = error.field else { throw error }
      throw .badRequest("\(place).\(field)", String(error.message.dropFirst(field.count + 2)))
    }
  }
}
