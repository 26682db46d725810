import ClackContent
import ClackCore
import Foundation

/// The run of show seen from outside: its state and forecasts, a page switched to by hand,
/// and pages drawn for a preview.
extension Display {
  public func runOfShow() -> RunOfShowReport {
    let now = clock.now()
    let start = now.addingTimeInterval(homingSecondsLeft(runner.state))
    var entries: [RunOfShowReport.Entry] = []
    for (index, entry) in config.schedules.enumerated() {
      let program = engine.program(of: entry.zone)
      let onShow = program.showing == index
      entries.append(
        RunOfShowReport.Entry(
          index: index, entry: entry, onShow: onShow,
          waiting: program.waiting.firstIndex(of: index).map { $0 + 1 },
          nextShow: onShow ? now : engine.forecast(entry: index, messages: messages, from: start),
          hold: engine.hold(ofEntry: index)))
    }
    return RunOfShowReport(
      entries: entries, pages: config.pages, now: now, timeZone: config.timeZone)
  }

  /// Puts the first run-of-show entry showing page `name` on show at once (unless a message
  /// has its zone); the rotation goes on after it.
  public func showPage(_ name: String) throws(PageError) -> Int {
    guard
      let index = config.schedules.firstIndex(where: {
        if case .page(let page) = $0.content { page.name == name } else { false }
      })
    else {
      throw config.pages.contains(where: { $0.name == name })
        ? .notInRunOfShow(name) : .noPage(name, known: config.pages.map(\.name))
    }
    engine.pick(entry: index, now: clock.now())
    dirty = true
    step()
    wakeLoop()
    return index
  }

  /// Page `name` drawn at `at` (now when nil) for the zone it shows in.
  public func preview(page name: String, at: Date?) throws(PageError) -> PagePreview {
    guard let page = config.pages.first(where: { $0.name == name }) else {
      throw .noPage(name, known: config.pages.map(\.name))
    }
    let zoneName = config.schedules.first { entry in
      if case .page(let shown) = entry.content { shown.name == name } else { false }
    }?.zone
    let zone = zones.first { $0.name == zoneName } ?? zones[0]
    let instant = at ?? clock.now()
    do {
      let quotes = try store.quotes().map(\.quote)
      let readings = sources.snapshot
      return PagePreview(
        page: page, zone: zone, at: instant,
        frame: try renderer.frame(
          for: page, in: zone, now: instant, quotes: quotes, script: script, sources: readings),
        fields: try renderer.fieldValues(
          of: page, in: zone, at: instant, quotes: quotes, sources: readings))
    } catch {
      throw .cannotDraw(name, "\(error)")
    }
  }
}

/// Why a page could not be shown or drawn.
public enum PageError: Error, Sendable, CustomStringConvertible {
  case noPage(String, known: [String])
  case notInRunOfShow(String)
  case cannotDraw(String, String)

  public var description: String {
    switch self {
    case .noPage(let name, let known):
      "no page named '\(name)'"
        + (known.isEmpty
          ? "; the config defines none (docs/config.md, pages)"
          : "; pages: \(known.joined(separator: ", "))")
    case .notInRunOfShow(let name):
      "page '\(name)' is in 'pages' but no 'run_of_show' entry shows it"
    case .cannotDraw(let name, let why): "page '\(name)' cannot be drawn: \(why)"
    }
  }
}
