/// How long to wait before reconnecting to the broker: 1 s, 2 s, 4 s … capped at 30 s, and
/// back to 1 s once a connection is made.
public struct ReconnectBackoff: Sendable, Hashable {
  public let first: Int
  public let cap: Int
  private var failures = 0

  public init(firstSeconds: Int = 1, capSeconds: Int = 30) {
    first = firstSeconds
    cap = capSeconds
  }

  /// The wait before the next attempt, in seconds; each call counts one more failure.
  public mutating func nextDelay() -> Int {
    let shift = min(failures, 20)
    failures += 1
    return min(cap, first << shift)
  }

  public mutating func connected() { failures = 0 }
}
