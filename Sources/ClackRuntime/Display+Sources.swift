import ClackContent
import Foundation

/// Live sources reaching the board.
extension Display {
  /// Sources `names` brought new data: pages that read them are drawn again now, and
  /// `on_change` entries that show them come due (`ContentEngine.sourcesChanged`).
  func sourcesChanged(_ names: Set<String>) {
    engine.sourcesChanged(names, now: clock.now())
    dirty = true
    wake.signal()
  }
}
