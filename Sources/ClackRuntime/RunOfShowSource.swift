import ClackBoard
import ClackContent
import Foundation

/// Where the run of show on the board comes from.
public enum RunOfShowSource: Sendable, Hashable {
  /// The config file's `schedules` and `run_of_show`.
  case config
  /// One set at run time (`PUT /api/v1/run-of-show`, `clack pages set`), kept in the store.
  case setAtRunTime
  /// One set at run time is kept but cannot apply to the config as it is now (a page it names
  /// is gone): why. The config's applies until it can, or until it is set again or deleted.
  case setAside(String)

  /// What to log when a run of show set at run time does not apply; nil when it does or none
  /// is set.
  public var setAsideWarning: String? {
    guard case .setAside(let why) = self else { return nil }
    return "the run of show set at run time does not fit the config (\(why)): showing the "
      + "config's until it does, or until it is set again ('clack pages set') or reset "
      + "('clack pages reset')"
  }
}

extension RuntimeConfig {
  /// The entries `items` describe against this config's pages, the board's `zones` and the
  /// scripts `board` can show; the first wrong one named by its place
  /// (`run_of_show[2].page: …`).
  public func resolveRunOfShow(
    _ items: [RunOfShowItem], zones: [String], board: BoardDefinition
  ) throws(RunOfShowError) -> [ScheduleEntry] {
    let pagesByName = Dictionary(pages.map { ($0.name, $0) }) { first, _ in first }
    var entries: [ScheduleEntry] = []
    for (index, item) in items.enumerated() {
      let place = "run_of_show[\(index)]"
      let entry: ScheduleEntry
      do {
        entry = try item.entry(
          pages: pagesByName, zones: zones, sources: sources.map(\.name))
      } catch {
        throw RunOfShowError(
          field: error.field.map { "\(place).\($0)" } ?? place, error.message)
      }
      if let script = entry.script {
        do {
          try Display.check(script, on: board)
        } catch {
          throw RunOfShowError(field: "\(place).script", error.description)
        }
      }
      if let why = pictureRefusal(entry, board: board) {
        throw RunOfShowError(field: "\(place).page", why)
      }
      entries.append(entry)
    }
    return entries
  }

  /// The pages its run of show shows, in its order, each once.
  public var pagesInRunOfShow: [String] {
    var names: [String] = []
    for case let name? in schedules.map(\.pageName) where !names.contains(name) {
      names.append(name)
    }
    return names
  }

  /// This config with `entries` in place of its run of show.
  func with(runOfShow entries: [ScheduleEntry]) -> RuntimeConfig {
    var config = self
    config.schedules = entries
    return config
  }
}
