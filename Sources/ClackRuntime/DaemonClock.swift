import ClackScheduler
import Foundation
import Synchronization

/// The daemon's idea of "now", injected so tests can run it in virtual time.
public protocol DaemonClock: Sendable {
  func now() -> Date
}

/// Wall time, running `speed` times faster from the moment it was made (the simulator's
/// `--speed`, so dwell, expiry and schedules keep pace with the sped-up flaps).
public struct ScaledWallClock: DaemonClock {
  public let origin: Date
  public let speed: Double
  private let originNanoseconds: Int

  public init(speed: Double = 1, origin: Date = Date()) {
    self.origin = origin
    self.speed = max(1, speed)
    originNanoseconds = MonotonicTickClock.raw()
  }

  public func now() -> Date {
    let elapsed = Double(MonotonicTickClock.raw() - originNanoseconds) / 1e9
    return origin.addingTimeInterval(elapsed * speed)
  }
}

/// A clock that moves only when told to.
public final class ManualDaemonClock: DaemonClock {
  private let current: Mutex<Date>

  public init(_ start: Date) { current = Mutex(start) }

  public func now() -> Date { current.withLock { $0 } }

  public func advance(by seconds: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(seconds) }
  }
}
