import ClackScheduler
import Foundation

/// The system's own wall clock, as NTP keeps it, for a wall's members: their frames land at
/// instants every member reads on its own clock, so each follows the system's (which NTP
/// steers) rather than counting from its start as `ScaledWallClock` does. `shift` moves it
/// on purpose: the wall tests give one member a clock that is off, to see it named.
public struct SystemWallClock: DaemonClock {
  public let shift: TimeInterval
  private let originNanoseconds: Int

  public init(shift: TimeInterval = 0) {
    self.shift = shift
    originNanoseconds = MonotonicTickClock.raw()
  }

  public func now() -> Date { Date().addingTimeInterval(shift) }

  public func monotonicSeconds() -> Double {
    Double(MonotonicTickClock.raw() - originNanoseconds) / 1e9
  }

  public func sleep(until deadline: Date) async throws {
    let seconds = deadline.timeIntervalSince(now())
    if seconds > 0 { try await Task.sleep(for: .seconds(seconds)) }
  }

  public func pause(realSeconds seconds: Double) async throws {
    if seconds > 0 { try await Task.sleep(for: .seconds(seconds)) }
  }
}
