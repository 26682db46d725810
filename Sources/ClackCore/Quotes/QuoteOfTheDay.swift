/// Picks the quote for a calendar date, with no state: every board with the same pool shows the
/// same quote on the same date.
///
/// The pool is put in one fixed pseudo-random order (a seeded shuffle) and day n shows entry
/// n mod count. A quote therefore comes back exactly `count` days later and never sooner, so a
/// pool of at least 365 quotes never repeats within any 365 consecutive days.
public struct QuoteOfTheDay: Sendable {
  public let pool: [Quote]
  private let order: [Int]

  /// The seed is part of the contract: changing it changes every board's calendar.
  public static let seed: UInt64 = 0xC1AC_C10C_0000_0001

  public init(pool: [Quote] = BundledQuotes.all) {
    self.pool = pool
    var order = Array(pool.indices)
    var generator = SplitMix64(seed: QuoteOfTheDay.seed)
    // Fisher–Yates with our own uniform draw, so the order never depends on the Swift version.
    if order.count > 1 {
      for i in stride(from: order.count - 1, to: 0, by: -1) {
        order.swapAt(i, generator.uniform(below: i + 1))
      }
    }
    self.order = order
  }

  /// The quote for `date`, or nil when the pool is empty.
  public func quote(on date: CivilDate) -> Quote? {
    quote(on: date) { _ in true }
  }

  /// The quote for `date` among those `fits` accepts (a board too small for some): the same
  /// fixed order with the others left out, so every day still has a quote and none comes back
  /// sooner than the number that fit. Where all fit it is `quote(on:)`. Nil when none fits.
  public func quote(on date: CivilDate, where fits: (Quote) -> Bool) -> Quote? {
    let fitting = order.filter { fits(pool[$0]) }
    guard !fitting.isEmpty else { return nil }
    let day = date.daysSinceEpoch
    let slot = ((day % fitting.count) + fitting.count) % fitting.count
    return pool[fitting[slot]]
  }
}
