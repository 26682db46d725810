import ArgumentParser
import ClackAPI
import Foundation

/// `clack pages [list|show NAME|preview NAME]`: the running daemon's run of show.
struct PagesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pages",
    abstract: "The daemon's run of show: list it, switch to a page, preview one.",
    discussion: """
      'list' shows each entry of the run of show (the config's 'schedules' and 'run_of_show'): \
      what it shows, its zone, when it comes due, how long it holds the zone, whether it is \
      on show or waiting in line, and when it shows next. 'show NAME' switches to page NAME \
      now, unless a message has its zone; the rotation goes on after it. 'preview NAME' \
      prints page NAME as it would be drawn (--at a time, default now). 'clack page preview' \
      does the same from a config file, without a daemon (docs/content.md).
      """)

  enum Action: String, ExpressibleByArgument, CaseIterable {
    case list, show, preview
  }

  @Argument(help: "list (default), show or preview.")
  var action: Action = .list

  @Argument(help: "The page's name (show, preview).")
  var name: String?

  @Option(
    help: ArgumentHelp(
      "For preview: the moment to draw, such as 2026-12-24T18:00:00Z (default: now).",
      valueName: "time"))
  var at: String?

  @OptionGroup var client: ClientOptions

  func validate() throws {
    switch action {
    case .list:
      if let name { throw ValidationError("unexpected '\(name)'") }
    case .show, .preview:
      guard let name, !name.isEmpty else { throw ValidationError("\(action) needs a page's name") }
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
    guard !view.runOfShow.isEmpty else { return "the run of show is empty\n" }
    var lines: [String] = []
    for entry in view.runOfShow {
      var parts = [
        "\(entry.index)", entry.show, "zone \(entry.zone)", entry.cadence,
        entry.holdSeconds.map { "holds \(Self.duration($0))" } ?? "stays until the next",
      ]
      if entry.onShow { parts.append("ON SHOW") }
      if let waiting = entry.waiting { parts.append("waiting \(waiting)") }
      if !entry.onShow { parts.append("next \(entry.nextShow ?? "not within a day")") }
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
