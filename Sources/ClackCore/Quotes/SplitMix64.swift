/// A small, fast, seedable generator whose output is fixed by its seed on every platform, so
/// that shuffles made from it (the quote-of-the-day order) are the same on every board.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform integer in 0..<bound, without modulo bias, independent of the standard
  /// library's algorithm (which may change between Swift versions).
  public mutating func uniform(below bound: Int) -> Int {
    precondition(bound > 0)  // safe: callers pass a non-empty count
    let limit = UInt64(bound)
    let threshold = (0 &- limit) % limit
    while true {
      let value = next()
      if value >= threshold { return Int(value % limit) }
    }
  }
}
