/// Time for simulated hardware: nanoseconds that move only when the test (or the simulator's
/// pacing loop) advances them, so runs are fast and repeatable.
public final class VirtualClock {
  public private(set) var nanoseconds: UInt64

  public init(nanoseconds: UInt64 = 0) {
    self.nanoseconds = nanoseconds
  }

  public func advance(nanoseconds delta: UInt64) {
    nanoseconds += delta
  }

  public func advance(by duration: Duration) {
    let (seconds, attoseconds) = duration.components
    advance(
      nanoseconds: UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds))
        / 1_000_000_000)
  }
}
