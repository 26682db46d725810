import ClackStore
import Foundation

/// A serial executor that runs its jobs on one thread of its own. The runtime's actors that
/// write to the store (the display loop, the store writer, the message committer) each run on
/// one, so a commit waiting for fsync blocks that thread alone, and never one of Swift's few
/// cooperative threads, where the HTTP server and every other task run.
public final class SerialThreadExecutor: SerialExecutor, @unchecked Sendable {
  // Guarded by `condition`.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  public init(name: String) {
    let thread = Thread { [self] in loop() }
    thread.name = name
    thread.start()
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Jobs queued and not yet started: how a test knows work has piled up behind a busy thread.
  public var waitingJobs: Int {
    condition.lock()
    defer { condition.unlock() }
    return jobs.count
  }

  public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// Sleeps until jobs arrive, then runs them in order. The thread lives as long as the
  /// program (one per runtime).
  private func loop() {
    var batch: [UnownedJob] = []
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      swap(&batch, &jobs)
      condition.unlock()
      for job in batch { job.runSynchronously(on: asUnownedSerialExecutor()) }
      batch.removeAll(keepingCapacity: true)
    }
  }
}

/// Runs store writes on the runtime's store thread (see `SerialThreadExecutor`), one at a
/// time, for faces whose writes are not the display's (deleting, pinning, quotes).
public actor StoreWriter {
  public let store: ClackStore
  private nonisolated let executor: SerialThreadExecutor

  public init(store: ClackStore, executor: SerialThreadExecutor) {
    self.store = store
    self.executor = executor
  }

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Runs `body` with the store on the store thread.
  public func perform<T: Sendable, E: Error>(_ body: @Sendable (ClackStore) throws(E) -> T)
    throws(E) -> T
  {
    try body(store)
  }
}
