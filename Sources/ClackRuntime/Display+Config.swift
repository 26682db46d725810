import ClackBoard
import ClackContent
import ClackHardware
import ClackStore
import Logging

/// The parts of the display its config decides, and taking a new config while running.
extension Display {
  static func rules(zones: [ZoneSpec], config: RuntimeConfig) -> ContentRules {
    ContentRules(
      zones: zones, schedules: config.schedules, quietHours: config.quietHours,
      dwell: config.dwell, timeZone: config.timeZone)
  }

  /// Takes a reloaded config (same zones: `Runtime.reload` checks): schedules, quiet hours,
  /// dwell, time zone, transitions and the configured script apply from the next pass.
  /// Messages keep their places; nothing homes.
  func reload(_ newConfig: RuntimeConfig) {
    config = newConfig
    renderer = Self.renderer(for: runner, config: newConfig)
    engine.reconfigure(rules: Self.rules(zones: zones, config: newConfig), now: clock.now())
    let script = Self.startingScript(
      saved: Self.saved(.script, in: store, logger: logger), configured: newConfig.script,
      board: board, logger: logger)
    scriptChoice.withLock { $0 = script }
    checkQuoteZones()
    dirty = true
    wake.signal()
    events.publish(.runOfShow(pages: newConfig.pagesInRunOfShow))
  }

  /// Lays content out for the runner's board: where text can scroll (a pixel board, or a
  /// wall's LED tile), lines too long for a zone as wide as it scroll instead of being
  /// refused; on a wall each zone is laid out in the symbols of the tiles under it.
  static func renderer(for runner: any RunningBoard, config: RuntimeConfig) -> ZoneRenderer {
    ZoneRenderer(
      flapSet: runner.board.flapSet, timeZone: config.timeZone,
      scrolling: runner.scrollCapacity.map { (runner.board.cols, $0) }, areas: runner.areas)
  }

  /// Says at start (and on reload) which quote-of-the-day zones no quote in the library fits:
  /// they show the date and time instead (docs/content.md), which would otherwise surprise.
  func checkQuoteZones() {
    let entries = config.schedules.filter { $0.content == .quoteOfTheDay }
    guard !entries.isEmpty, let quotes = try? store.quotes().map(\.quote) else { return }
    for name in Set(entries.map(\.zone)).sorted() {
      guard let zone = zones.first(where: { $0.name == name }) else { continue }
      let fitting = renderer.quotesFitting(quotes, in: zone, script: script)
      if fitting == 0 {
        logger.warning(
          "no quote in the library (\(quotes.count)) fits zone '\(name)' (\(zone.rows)×\(zone.cols)): its quote of the day shows the date and time instead"
        )
      } else if fitting < quotes.count {
        logger.info(
          "\(fitting) of the library's \(quotes.count) quotes fit zone '\(name)' (\(zone.rows)×\(zone.cols)): the quote of the day is picked among them"
        )
      }
    }
  }

  /// A setting kept from a run before; nil when none was, or (with a warning naming it) when
  /// what is kept cannot be read: the board then starts from its configured value.
  static func saved<Value>(_ setting: BoardSetting<Value>, in store: ClackStore, logger: Logger)
    -> Value?
  {
    do {
      return try store.value(of: setting)
    } catch {
      logger.warning("ignoring the saved \(setting.name): \(error)")
      return nil
    }
  }
}
