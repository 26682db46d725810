import ClackRuntime
import Foundation
import Synchronization

/// A `DaemonClock` for tests of things that measure and wait in real time: every reading of
/// `monotonicSeconds` is a fixed step later than the one before (so anything measured takes
/// that long), and sleepers (board time or real) wake only when the test calls `fire()`.
final class SteppingClock: DaemonClock {
  private struct State {
    var seconds = 0.0
    var sleepers: [Int: CheckedContinuation<Void, any Error>] = [:]
    var nextID = 0
    var onNextReading: (@Sendable () -> Void)?
  }
  private let state = Mutex(State())
  private let origin = Date(timeIntervalSince1970: 1_800_000_000)
  /// How much later each reading is, in seconds.
  let step: Double

  init(step: Duration) {
    self.step =
      Double(step.components.seconds) + Double(step.components.attoseconds) / 1e18
  }

  func monotonicSeconds() -> Double {
    let (seconds, hook) = state.withLock { state in
      state.seconds += step
      defer { state.onNextReading = nil }
      return (state.seconds, state.onNextReading)
    }
    hook?()
    return seconds
  }

  func now() -> Date { origin.addingTimeInterval(state.withLock { $0.seconds }) }

  /// Runs `body` inside the next reading of the clock, on the thread that reads it: a way to
  /// do something in the middle of work that measures itself.
  func whenNextRead(_ body: @escaping @Sendable () -> Void) {
    state.withLock { $0.onNextReading = body }
  }

  /// Tasks asleep on this clock.
  var sleepers: Int { state.withLock { $0.sleepers.count } }

  /// Wakes every sleeper, as if its deadline had come.
  func fire() {
    let woken = state.withLock { state in
      defer { state.sleepers.removeAll() }
      return Array(state.sleepers.values)
    }
    for continuation in woken { continuation.resume() }
  }

  func sleep(until deadline: Date) async throws { try await park() }

  func pause(realSeconds seconds: Double) async throws { try await park() }

  /// Waits until `fire()` or cancellation.
  private func park() async throws {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelled = state.withLock { state in
          if Task.isCancelled { return true }
          state.sleepers[id] = continuation
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      state.withLock { $0.sleepers.removeValue(forKey: id) }?.resume(throwing: CancellationError())
    }
  }
}
