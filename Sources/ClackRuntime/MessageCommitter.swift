import ClackStore
import Synchronization

/// Group commit: messages accepted at about the same time are committed together, in one
/// transaction with one fsync, instead of one fsync each; each caller still returns only once
/// its own message is committed. It runs on a thread of its own (the runtime's
/// `clack-commit`): a request queues itself and, if no commit is due, schedules one behind the
/// jobs already waiting on that thread, so every request that arrived meanwhile (or during the
/// previous commit's fsync) goes in with it.
///
/// Under steady load that alone splits the clients in two groups that take turns: the ones
/// answered by a commit come back while the next commit (of those that arrived during the
/// fsync) is already under way. So after a commit that held more than one message, the next
/// one waits for as many messages as were about (the batch and those queued behind it) — at
/// most `GroupCommitPolicy.maxGather`, and never longer than the last commit took, so a lone
/// message after a burst is delayed by one fsync's time at worst. A single client never
/// waits: its commits hold one message each.
public actor MessageCommitter {
  public let store: ClackStore
  private nonisolated let executor: SerialThreadExecutor
  private let policy: GroupCommitPolicy
  /// Measures each commit and paces the gathering wait, in real time (`monotonicSeconds`).
  private let clock: DaemonClock
  private var pending: [(Submission, CheckedContinuation<Result<Accepted, StoreError>, Never>)] =
    []
  private var commitScheduled = false
  /// The wait for more messages before a commit, when one is running: its number, so a wait
  /// cut short by the messages it waited for does not commit again when its timer fires.
  private var gathering: (id: Int, task: Task<Void, Never>)?
  private var gatherCount = 0
  /// How many messages the next commit waits for: those about at the end of the last one.
  private var expected = 0
  /// How long the last commit took, in real seconds.
  private var lastCommitSeconds = 0.0
  /// Requests on their way in: counted before they hop onto the commit thread, so a commit
  /// knows how many are about to join the queue (the thread's other jobs, such as a cancelled
  /// wait's wake-up, are not messages).
  private nonisolated let arriving = Atomic(0)
  /// Transactions committed, and the messages in them: how much grouping there was (the
  /// metrics page shows both).
  private nonisolated let commitCount = Atomic(0)
  private nonisolated let committedCount = Atomic(0)
  public nonisolated var commits: Int { commitCount.load(ordering: .relaxed) }
  public nonisolated var committed: Int { committedCount.load(ordering: .relaxed) }

  public init(
    store: ClackStore, executor: SerialThreadExecutor, policy: GroupCommitPolicy = .init(),
    clock: DaemonClock = ScaledWallClock()
  ) {
    self.store = store
    self.executor = executor
    self.policy = policy
    self.clock = clock
  }

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Stores `submission`; returns once it is committed (durable), or why it was refused.
  public nonisolated func enqueue(_ submission: Submission) async throws(StoreError) -> Accepted {
    arriving.add(1, ordering: .relaxed)
    return try await queue(submission)
  }

  private func queue(_ submission: Submission) async throws(StoreError) -> Accepted {
    arriving.subtract(1, ordering: .relaxed)
    let result = await withCheckedContinuation { continuation in
      pending.append((submission, continuation))
      scheduleCommit()
    }
    return try result.get()
  }

  private func scheduleCommit() {
    guard !commitScheduled else { return }
    if let gathering {
      guard pending.count >= expected else { return }
      gathering.task.cancel()
      self.gathering = nil
    } else if pending.count < expected {
      let wait = min(policy.maxGatherSeconds, lastCommitSeconds)
      if wait > 0 {
        gatherCount += 1
        let id = gatherCount
        let clock = clock
        gathering = (
          id,
          // Detached: a wait cut short (the messages came, the commit is scheduled) ends off
          // the commit thread instead of queueing a job on it.
          Task.detached {
            guard (try? await clock.pause(realSeconds: wait)) != nil else { return }
            await self.gatherEnded(id)
          }
        )
        return
      }
    }
    commitScheduled = true
    Task { self.commit() }
  }

  /// The wait for more messages is over: commit what came.
  private func gatherEnded(_ id: Int) {
    guard let gathering, gathering.id == id else { return }
    self.gathering = nil
    commit()
  }

  private func commit() {
    commitScheduled = false
    let batch = pending
    pending.removeAll(keepingCapacity: true)
    guard !batch.isEmpty else { return }
    let submissions = batch.map(\.0)
    var outcome: Result<[Result<Accepted, StoreError>], StoreError> = .success([])
    let started = clock.monotonicSeconds()
    outcome = Result { () throws(StoreError) in try store.enqueue(batch: submissions) }
    lastCommitSeconds = clock.monotonicSeconds() - started
    let results: [Result<Accepted, StoreError>]
    switch outcome {
    case .success(let each): results = each
    case .failure(let error): results = Array(repeating: .failure(error), count: batch.count)
    }
    // The requests that arrived during the fsync, on their way onto this thread.
    let about = batch.count + arriving.load(ordering: .relaxed)
    expected = batch.count > 1 ? about : 0
    commitCount.add(1, ordering: .relaxed)
    committedCount.add(batch.count, ordering: .relaxed)
    for ((_, continuation), result) in zip(batch, results) {
      continuation.resume(returning: result)
    }
  }
}

/// How long a commit may wait for more messages under load (see `MessageCommitter`).
public struct GroupCommitPolicy: Sendable, Hashable {
  /// The longest wait; zero commits at once, as soon as the thread is free.
  public var maxGather: Duration

  public init(maxGather: Duration = .milliseconds(10)) {
    self.maxGather = maxGather
  }

  var maxGatherSeconds: Double {
    Double(maxGather.components.seconds) + Double(maxGather.components.attoseconds) / 1e18
  }
}
