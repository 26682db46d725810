import ClackScheduler
import Foundation
import Synchronization

/// The runtime's idea of "now", and its way to wait for a time, injected so tests run days of
/// it in virtual time. The one clock above the real-time thread: board time for what the
/// display shows and when, real time for what goes by the rate of real work (requests, fsyncs).
public protocol DaemonClock: Sendable {
  func now() -> Date
  /// Real seconds since a fixed start, never set back: for rate limits and "at most every
  /// 5 s", which go by the real rate of requests, not by a sped-up simulation's time; and for
  /// measuring how long work took (a commit's fsync).
  func monotonicSeconds() -> Double
  /// Returns at `deadline` on this clock, or throws `CancellationError` when cancelled first.
  func sleep(until deadline: Date) async throws
  /// Returns once `seconds` have passed as `monotonicSeconds` counts them, or throws
  /// `CancellationError` when cancelled first: a wait paced by real work (the group commit's
  /// gathering window), which a sped-up simulation does not shorten.
  func pause(realSeconds seconds: Double) async throws
}

/// Wall time, running `speed` times faster from the moment it was made (the simulator's
/// `--speed`, so dwell, expiry and schedules keep pace with the sped-up flaps). It measures
/// elapsed time on the monotonic clock, so setting the system clock does not jump it.
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

  public func monotonicSeconds() -> Double {
    Double(MonotonicTickClock.raw() - originNanoseconds) / 1e9
  }

  public func sleep(until deadline: Date) async throws {
    let seconds = deadline.timeIntervalSince(now()) / speed
    if seconds > 0 { try await Task.sleep(for: .seconds(seconds)) }
  }

  public func pause(realSeconds seconds: Double) async throws {
    if seconds > 0 { try await Task.sleep(for: .seconds(seconds)) }
  }
}

/// A clock that moves only when told to; `advance` wakes the sleepers whose time has come.
public final class ManualDaemonClock: DaemonClock {
  private struct State {
    let start: Date
    var now: Date
    var sleepers: [Int: (deadline: Date, continuation: CheckedContinuation<Void, any Error>)] =
      [:]
    var nextID = 0
  }
  private let state: Mutex<State>

  public init(_ start: Date) { state = Mutex(State(start: start, now: start)) }

  public func now() -> Date { state.withLock { $0.now } }

  /// The time advanced since the clock was made: tests move real time and board time alike.
  public func monotonicSeconds() -> Double {
    state.withLock { $0.now.timeIntervalSince($0.start) }
  }

  /// How many tasks are asleep on this clock.
  public var sleepers: Int { state.withLock { $0.sleepers.count } }

  public func advance(by seconds: TimeInterval) {
    let due = state.withLock { state in
      state.now = state.now.addingTimeInterval(seconds)
      let now = state.now
      let ids = state.sleepers.filter { $0.value.deadline <= now }.map(\.key)
      return ids.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
    }
    for continuation in due { continuation.resume() }
  }

  /// Real time on this clock is the time advanced, so a pause ends when the test has advanced
  /// it far enough (work measured on it takes no time unless the test advances it meanwhile).
  public func pause(realSeconds seconds: Double) async throws {
    try await sleep(until: now().addingTimeInterval(max(0, seconds)))
  }

  public func sleep(until deadline: Date) async throws {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let resume: Result<Void, any Error>? = state.withLock { state in
          if Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers[id] = (deadline, continuation)
          return nil
        }
        if let resume { continuation.resume(with: resume) }
      }
    } onCancel: {
      state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(
        throwing: CancellationError())
    }
  }
}
