import NIOCore
import Synchronization

/// A wait that ends at a deadline kept by a NIO event loop, or at once when its task is
/// cancelled. Each request's body deadline is one of these rather than a `Task.sleep`: a
/// cancelled `Task.sleep` returns at once, but its timer (a dispatch source and a small task
/// of its own) stays until the deadline passes. At the limits' rate that kept some 2,400 of
/// them alive (10 s of requests), and the heap's peak under a flood was 2.5 MiB higher
/// (docs/performance.md). An event loop drops a cancelled scheduled task at once.
enum LoopDeadline {
  /// Returns after `timeout` on `loop`; throws `CancellationError` when the task is cancelled
  /// first, without waiting for the loop (a test's loop may never run again).
  static func wait(for timeout: Duration, on loop: any EventLoop) async throws {
    try await wait(until: loop.now + TimeAmount(timeout), on: loop)
  }

  /// Returns at `deadline` on `loop`'s clock; throws as `wait(for:on:)` does.
  static func wait(until deadline: NIODeadline, on loop: any EventLoop) async throws {
    let waiter = Waiter()
    let scheduled = loop.scheduleTask(deadline: deadline) {}
    // Whatever the loop is handed (the cancel, the future's callback) is handed before the
    // waiting task resumes, so a test that runs its loop once after the wait leaves none behind.
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        scheduled.futureResult.whenComplete { result in waiter.finish(result) }
        waiter.install(continuation)
      }
    } onCancel: {
      scheduled.cancel()
      waiter.finish(.failure(CancellationError()))
    }
  }

  /// The one continuation, resumed by whichever comes first: the deadline or the cancel.
  private final class Waiter: Sendable {
    private enum State {
      case idle
      case waiting(CheckedContinuation<Void, any Error>)
      case done(Result<Void, any Error>)
    }
    private let state = Mutex(State.idle)

    func install(_ continuation: CheckedContinuation<Void, any Error>) {
      let ready: Result<Void, any Error>? = state.withLock { state in
        switch state {
        case .idle:
          state = .waiting(continuation)
          return nil
        case .done(let result): return result
        case .waiting: preconditionFailure("a deadline's wait has one continuation")
        }
      }
      if let ready { continuation.resume(with: ready) }
    }

    func finish(_ result: Result<Void, any Error>) {
      let waiting: CheckedContinuation<Void, any Error>? = state.withLock { state in
        switch state {
        case .idle:
          state = .done(result)
          return nil
        case .waiting(let continuation):
          state = .done(result)
          return continuation
        case .done: return nil
        }
      }
      waiting?.resume(with: result)
    }
  }
}
