/// Random quotes without repeats: every quote of the pool is drawn once before any comes back,
/// and a new round never starts with the quote that ended the last one.
///
/// It is a value with its state inside, so the daemon can persist it between restarts.
public struct QuoteShuffler: Sendable {
  public let poolSize: Int
  /// Indices still to draw in this round, drawn from the end.
  public private(set) var remaining: [Int]
  public private(set) var lastDrawn: Int?

  public init(poolSize: Int) {
    self.poolSize = poolSize
    self.remaining = []
  }

  /// The next index into the pool, or nil when the pool is empty.
  public mutating func next(using generator: inout some RandomNumberGenerator) -> Int? {
    guard poolSize > 0 else { return nil }
    if remaining.isEmpty {
      remaining = Array(0..<poolSize).shuffled(using: &generator)
      // The draw comes from the end: keep the previous round's last quote away from it.
      if poolSize > 1, remaining.last == lastDrawn {
        remaining.swapAt(remaining.count - 1, 0)
      }
    }
    let index = remaining.removeLast()
    lastDrawn = index
    return index
  }
}
