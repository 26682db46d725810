import ClackScheduler
import ClackSimHAL

/// A simulated twin's virtual clock as the executor thread's timeline (`HardwareTimeline`).
/// The twin's clock may already have run before the thread starts (opening the board writes
/// to its buses), so the thread's time is counted from wherever it stood at the first tick.
public final class TwinTimeline: HardwareTimeline {
  private let clock: VirtualClock
  /// The twin's nanoseconds at the thread's start, once the first tick has set it.
  private var base: Int?

  public init(_ clock: VirtualClock) {
    self.clock = clock
  }

  public func moveOn(to nanoseconds: Int) {
    let now = Int(clock.nanoseconds)
    let base = base ?? (now - nanoseconds)
    self.base = base
    let target = base + nanoseconds
    if target > now { clock.advance(nanoseconds: UInt64(target - now)) }
  }

  public var nanoseconds: Int { Int(clock.nanoseconds) - (base ?? Int(clock.nanoseconds)) }
}
