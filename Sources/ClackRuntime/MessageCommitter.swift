import ClackStore
import Synchronization

/// Group commit: messages accepted at about the same time are committed together, in one
/// transaction with one fsync, instead of one fsync each; each caller still returns only once
/// its own message is committed. It runs on a thread of its own (the runtime's
/// `clack-commit`): a request queues itself and, if no commit is due, schedules one behind the
/// jobs already waiting on that thread, so every request that arrived meanwhile (or during the
/// previous commit's fsync) goes in with it.
public actor MessageCommitter {
  public let store: ClackStore
  private nonisolated let executor: SerialThreadExecutor
  private var pending: [(Submission, CheckedContinuation<Result<Accepted, StoreError>, Never>)] =
    []
  private var commitScheduled = false
  /// Transactions committed, and the messages in them: how much grouping there was (the
  /// metrics page shows both).
  private nonisolated let commitCount = Atomic(0)
  private nonisolated let committedCount = Atomic(0)
  public nonisolated var commits: Int { commitCount.load(ordering: .relaxed) }
  public nonisolated var committed: Int { committedCount.load(ordering: .relaxed) }

  public init(store: ClackStore, executor: SerialThreadExecutor) {
    self.store = store
    self.executor = executor
  }

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Stores `submission`; returns once it is committed (durable), or why it was refused.
  public func enqueue(_ submission: Submission) async throws(StoreError) -> Accepted {
    let result = await withCheckedContinuation { continuation in
      pending.append((submission, continuation))
      if !commitScheduled {
        commitScheduled = true
        Task { self.commit() }
      }
    }
    return try result.get()
  }

  private func commit() {
    commitScheduled = false
    let batch = pending
    pending.removeAll(keepingCapacity: true)
    guard !batch.isEmpty else { return }
    let results: [Result<Accepted, StoreError>]
    do {
      results = try store.enqueue(batch: batch.map(\.0))
    } catch {
      results = Array(repeating: .failure(error), count: batch.count)
    }
    commitCount.add(1, ordering: .relaxed)
    committedCount.add(batch.count, ordering: .relaxed)
    for ((_, continuation), result) in zip(batch, results) {
      continuation.resume(returning: result)
    }
  }
}
