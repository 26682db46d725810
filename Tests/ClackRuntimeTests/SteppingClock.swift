import Synchronization

/// A `Clock` for tests of things that measure and wait in real time: every reading is a fixed
/// step later than the one before (so anything measured takes that long), and sleepers wake
/// only when the test calls `fire()`.
final class SteppingClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Int: CheckedContinuation<Void, any Error>] = [:]
    var nextID = 0
    var onNextReading: (@Sendable () -> Void)?
  }
  private let state = Mutex(State())
  let step: Duration

  init(step: Duration) { self.step = step }

  var now: Instant {
    let (now, hook) = state.withLock { state in
      state.now = state.now.advanced(by: step)
      defer { state.onNextReading = nil }
      return (state.now, state.onNextReading)
    }
    hook?()
    return now
  }

  /// Runs `body` inside the next reading of the clock, on the thread that reads it: a way to
  /// do something in the middle of work that measures itself.
  func whenNextRead(_ body: @escaping @Sendable () -> Void) {
    state.withLock { $0.onNextReading = body }
  }

  var minimumResolution: Duration { .nanoseconds(1) }

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

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
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
