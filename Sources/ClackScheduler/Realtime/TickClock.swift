import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The time source of the executor thread, in nanoseconds on a clock that never jumps.
/// Real boards use `MonotonicTickClock`; tests use `ManualTickClock`, which makes the real
/// thread loop run in virtual time, as fast as the machine allows and deterministically.
public protocol TickClock: Sendable {
  func nanoseconds() -> Int
  /// Returns at or after `deadline` (absolute, on this clock).
  func sleep(until deadline: Int)
  /// Blocks until `signal` is signalled (true) or `deadline` comes (false).
  func wait(for signal: DispatchSemaphore, until deadline: Int) -> Bool
}

extension TickClock {
  /// Virtual clocks jump to the deadline: a command sent meanwhile is taken at the next tick.
  public func wait(for signal: DispatchSemaphore, until deadline: Int) -> Bool {
    sleep(until: deadline)
    return false
  }
}

/// CLOCK_MONOTONIC with absolute-deadline sleeps (`clock_nanosleep` with TIMER_ABSTIME), so
/// a late wake-up never shifts the following deadlines. `speed` above 1 runs a simulated
/// board faster than real time.
public struct MonotonicTickClock: TickClock {
  public let speed: Int

  public init(speed: Int = 1) {
    self.speed = max(1, speed)
  }

  public func nanoseconds() -> Int { Self.raw() * speed }

  public func sleep(until deadline: Int) {
    var target = timespec()
    let raw = deadline / speed
    target.tv_sec = raw / 1_000_000_000
    target.tv_nsec = raw % 1_000_000_000
    #if canImport(Glibc)
      // Restarted when a signal interrupts it: the deadline is absolute, so that is exact.
      while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
    #else
      let now = Self.raw()
      if raw > now { usleep(UInt32((raw - now) / 1000)) }
    #endif
  }

  public func wait(for signal: DispatchSemaphore, until deadline: Int) -> Bool {
    let left = max(0, (deadline - nanoseconds()) / speed)
    return signal.wait(timeout: .now() + .nanoseconds(left)) == .success
  }

  /// Nanoseconds on CLOCK_MONOTONIC, unscaled.
  public static func raw() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
  }
}

/// Virtual time for tests: `sleep(until:)` jumps straight to the deadline, and the work of a
/// tick takes no time unless a test says so with `advance`.
public final class ManualTickClock: TickClock {
  private let now = Atomic<Int>(0)

  public init(nanoseconds: Int = 0) {
    now.store(nanoseconds, ordering: .relaxed)
  }

  public func nanoseconds() -> Int { now.load(ordering: .acquiring) }

  public func sleep(until deadline: Int) {
    var current = now.load(ordering: .relaxed)
    while current < deadline {
      let (exchanged, original) = now.compareExchange(
        expected: current, desired: deadline, ordering: .acquiringAndReleasing)
      if exchanged { return }
      current = original
    }
  }

  /// Moves time on, as if work took `delta` nanoseconds.
  public func advance(nanoseconds delta: Int) {
    now.wrappingAdd(delta, ordering: .acquiringAndReleasing)
  }
}
