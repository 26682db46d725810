import ArgumentParser
import ClackAPI
import ClackBoard
import ClackConfig
import Foundation

/// `clack pages [list|show NAME|preview NAME|set FILE|reset]`: the running daemon's run of
/// show.
struct PagesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pages",
    abstract: "The daemon's run of show: list it, switch to a page, preview one, set it.",
    discussion: """
      'list' shows each entry of the run of show (the config's 'schedules' and 'run_of_show', \
      or the one put in their place with 'set'): \
      what it shows, its zone, when it comes due, how long it holds the zone, whether it is \
      on show or waiting in line, and when it shows next. 'show NAME' switches to page NAME \
      now, unless a message has its zone; the rotation goes on after it. 'preview NAME' \
      prints page NAME as it would be drawn (--at a time, default now). 'clack page preview' \
      does the same from a config file, without a daemon (docs/content.md). 'set FILE' puts \
      the run of show in FILE (YAML or JSON: a list of entries written as in the config's \
      'run_of_show', or a file with one under 'run_of_show') in place of the config's, \
      'schedules' included; the daemon keeps it across restarts and reloads. Its pages are \
      the config's. 'reset' goes back to the config's run of show.
      """)

  enum Action: String, ExpressibleByArgument, CaseIterable {
    case list, show, preview, set, reset
  }

  @Argument(help: "list (default), show, preview, set or reset.")
  var action: Action = .list

  @Argument(help: "The page's name (show, preview), or the file of a run of show (set).")
  var name: String?

  @Option(
    help: ArgumentHelp(
      "For preview: the moment to draw, such as 2026-12-24T18:00:00Z (default: now).",
      valueName: "time"))
  var at: String?

  @OptionGroup var client: ClientOptions

  func validate() throws {
    switch action {
    case .list, .reset:
      if let name { throw ValidationError("unexpected '\(name)'") }
    case .show, .preview:
      guard let name, !name.isEmpty else { throw ValidationError("\(action) needs a page's name") }
    case .set:
      guard let name, !name.isEmpty else {
        throw ValidationError("set needs a file: a YAML or JSON list of run-of-show entries")
      }
    }
    if at != nil, action != .preview { throw ValidationError("--at goes with preview") }
  }

  func run() async throws {
    let api = try client.client()
    switch action {
    case .list:
      let (answer, reply) = try await api.get("api/v1/pages", as: PagesView.self)
      if client.json { return client.printJSON(reply) }
      print(Self.table(answer), terminator: "")
    case .set:
      let items = try YAMLReader.root(yaml: try YAMLReader.text(atPath: name!), file: name!)
        .runOfShowItems()
      let (answer, reply) = try await api.put(
        "api/v1/run-of-show", RunOfShowBody(runOfShow: items.map(RunOfShowEntryWire.init)),
        as: PagesView.self)
      if client.json { return client.printJSON(reply) }
      print(Self.table(answer), terminator: "")
    case .reset:
      let reply = try await api.send("DELETE", "api/v1/run-of-show")
      if client.json { return client.printJSON(reply) }
      print(
        Self.table(try reply.decode(PagesView.self, path: "api/v1/run-of-show")), terminator: "")
    case .show:
      let (answer, reply) = try await api.post(
        "api/v1/pages/\(Self.escaped(name!))/show", as: PagesView.self)
      if client.json { return client.printJSON(reply) }
      let entry = answer.runOfShow.first { $0.page == name }
      print(
        entry?.onShow == true
          ? "page \(name!) is on show"
          : "page \(name!) goes on show next: \(entry?.nextShow ?? "not within a day")")
    case .preview:
      var path = "api/v1/pages/\(Self.escaped(name!))/preview"
      if let at { path += "?at=\(Self.escaped(at))" }
      let (answer, reply) = try await api.get(path, as: PagePreviewView.self)
      if client.json { return client.printJSON(reply) }
      print(answer.lines.map { "|\($0)|" }.joined(separator: "\n"))
      print(
        "page \(answer.page) in zone '\(answer.zone)' at "
          + ISO8601DateFormatter().string(from: answer.at))
    }
  }

  /// One line an entry: `2  page quote  main  every 15m  holds 1m  waiting 1  next at 14:15`.
  static func table(_ view: PagesView) -> String {
    var lines: [String] = []
    if view.source == "set" {
      lines.append(
        "the run of show set at run time ('clack pages reset' goes back to the config's):")
    } else if let why = view.setAside {
      lines.append("the config's run of show; the one set at run time does not fit it: \(why)")
    }
    guard !view.runOfShow.isEmpty else {
      return (lines + ["the run of show is empty"]).joined(separator: "\n") + "\n"
    }
    for entry in view.runOfShow {
      var parts = [
        "\(entry.index)", entry.show, "zone \(entry.zone)", entry.cadence,
        entry.cadenceKind == "while"
          ? "holds while that lasts"
          : entry.holdSeconds.map { "holds \(Self.duration($0))" } ?? "stays until the next",
      ]
      if entry.onShow { parts.append("ON SHOW") }
      if let waiting = entry.waiting { parts.append("waiting \(waiting)") }
      if entry.cadenceKind == "while", !entry.onShow {
        parts.append("shows when its source holds")
      } else if !entry.onShow {
        parts.append("next \(entry.nextShow ?? "not within a day")")
      }
      lines.append(parts.joined(separator: "  "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds)
    if whole % 3600 == 0 { return "\(whole / 3600)h" }
    if whole % 60 == 0 { return "\(whole / 60)m" }
    return "\(whole)s"
  }

  static func escaped(_ text: String) -> String {
    text.addingPercentEncoding(
      withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?", "&", "+"]))
      ?? text
  }
}

/// A `PUT /api/v1/run-of-show` body.
struct RunOfShowBody: Encodable {
  let runOfShow: [RunOfShowEntryWire]

  enum CodingKeys: String, CodingKey {
    case runOfShow = "run_of_show"
  }
}
