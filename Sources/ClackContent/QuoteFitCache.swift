import ClackCore
import Synchronization

/// Which quotes fit a zone, remembered: deciding it lays out every quote in the library (a
/// few hundred layouts), and the answer only changes with the library, the zone's size and
/// symbols, or the script. The daemon asks each time a quote-of-the-day zone is drawn, on the thread
/// that also serves the store, so it pays for the layouts once per library and zone.
final class QuoteFitCache: Sendable {
  struct Key: Hashable {
    var rows: Int
    var cols: Int
    /// The zone's symbols: zones of one size on a wall's different tiles differ in them.
    var flapSet: FlapSet
    var script: RunicScript
    var quotes: [Quote]
  }

  /// The quotes that fit with every character on the flaps, and with missing ones as `?`.
  struct Fits {
    var strict: Set<Quote>
    var lenient: Set<Quote>
  }

  private let entries = Mutex<[Key: Fits]>([:])

  func fits(_ key: Key, compute: () -> Fits) -> Fits {
    if let known = entries.withLock({ $0[key] }) { return known }
    let fits = compute()
    entries.withLock {
      if $0.count >= 8 { $0.removeAll() }  // a few zones and scripts at most; new library: new keys
      $0[key] = fits
    }
    return fits
  }
}
