import ClackBoard
import ClackContent
import ClackHardware

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
    renderer = Self.renderer(for: board, config: newConfig)
    engine.reconfigure(rules: Self.rules(zones: zones, config: newConfig), now: clock.now())
    let script = Self.startingScript(
      saved: (try? store.setting(Self.scriptSetting)) ?? nil, configured: newConfig.script,
      board: board, logger: logger)
    scriptChoice.withLock { $0 = script }
    dirty = true
    wake.signal()
  }

  /// Lays content out for `board`: on a pixel board, lines too long for a full-width zone
  /// scroll instead of being refused.
  static func renderer(for board: BoardDefinition, config: RuntimeConfig) -> ZoneRenderer {
    ZoneRenderer(
      flapSet: board.flapSet, timeZone: config.timeZone,
      scrolling: board.pixels == nil ? nil : (board.cols, PixelDrive.lineCapacity))
  }
}
