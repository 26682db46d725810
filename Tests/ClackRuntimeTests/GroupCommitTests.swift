import ClackContent
import ClackRuntime
import ClackStore
import Dispatch
import Foundation
import Synchronization
import Testing

/// Group commit: messages that arrive while the store thread is busy (an fsync) are committed
/// together, each caller answered only after that commit; one refused message does not take
/// the others with it.
@Suite struct GroupCommitTests {
  static func message(_ index: Int, sender: String? = nil) -> NewMessage {
    NewMessage(sender: sender ?? "s\(index)", body: .text("MESSAGE \(index)"))
  }

  /// Holds `thread` (as a slow fsync would) until `count` requests to `committer` have piled
  /// up behind it, then lets it go; returns the requests.
  static func pileUp(
    _ count: Int, on thread: SerialThreadExecutor, store: ClackStore, committer: MessageCommitter
  ) async -> [Task<Accepted, any Error>] {
    let writer = StoreWriter(store: store, executor: thread)
    let gate = DispatchSemaphore(value: 0)
    let holding = Atomic(false)
    let held = Task {
      await writer.perform { _ in
        holding.store(true, ordering: .releasing)
        gate.wait()
      }
    }
    while !holding.load(ordering: .acquiring) { await Task.yield() }
    let now = Date()
    let requests = (0..<count).map { index in
      Task { try await committer.enqueue(Submission(Self.message(index), at: now)) }
    }
    // Wait (without a clock) until all of them are queued on the held thread.
    for _ in 0..<1_000_000 where thread.waitingJobs < count { await Task.yield() }
    #expect(thread.waitingJobs >= count)
    gate.signal()
    await held.value
    return requests
  }

  @Test func messagesArrivingDuringACommitAreCommittedTogether() async throws {
    let store = try ClackStore(inMemory: "group-\(UUID())")
    let thread = SerialThreadExecutor(name: "test-store")
    let committer = MessageCommitter(store: store, executor: thread)
    let requests = await Self.pileUp(16, on: thread, store: store, committer: committer)
    var ids: [Int64] = []
    for request in requests { ids.append(try await request.value.message.id) }
    #expect(Set(ids).count == 16)
    #expect(committer.commits == 1, "sixteen messages in one transaction")
    #expect(committer.committed == 16)
    #expect(try store.messages(state: .queued).count == 16)
  }

  /// A committer whose first commit holds `count` messages (queued behind a held thread), on a
  /// clock where every commit takes 5 ms. During that commit, `otherJobs` jobs that are not
  /// messages queue up on the thread.
  static func afterABatch(of count: Int, otherJobs: Int = 0) async throws -> (
    MessageCommitter, SerialThreadExecutor, SteppingClock, ClackStore
  ) {
    let store = try ClackStore(inMemory: "gather-\(UUID())")
    let thread = SerialThreadExecutor(name: "test-commit")
    let clock = SteppingClock(step: .milliseconds(5))
    let committer = MessageCommitter(store: store, executor: thread, clock: clock)
    let writer = StoreWriter(store: store, executor: thread)
    let queuedDuringTheCommit = Atomic(otherJobs == 0)
    if otherJobs > 0 {
      // The commit's first clock reading, on the commit thread: queue the jobs behind it.
      clock.whenNextRead {
        for _ in 0..<otherJobs { Task { await writer.perform { _ in } } }
        for _ in 0..<10_000_000 where thread.waitingJobs < otherJobs { sched_yield() }
        queuedDuringTheCommit.store(thread.waitingJobs >= otherJobs, ordering: .relaxed)
      }
    }
    let first = await Self.pileUp(count, on: thread, store: store, committer: committer)
    for request in first { _ = try await request.value }
    let queued = queuedDuringTheCommit.load(ordering: .relaxed)
    #expect(queued, "the other jobs queued up during the first commit")
    #expect(committer.commits == 1)
    return (committer, thread, clock, store)
  }

  /// Yields until `condition` holds (no clock: the work is on other threads and tasks).
  static func settle(tries: Int = 1_000_000, _ condition: () -> Bool) async {
    for _ in 0..<tries where !condition() { await Task.yield() }
  }

  @Test func afterABatchTheNextCommitWaitsForItsClientsToComeBack() async throws {
    let (committer, _, clock, store) = try await Self.afterABatch(of: 8)
    // The eight answered clients send again, one at a time: the first does not go alone.
    let now = Date()
    var again: [Task<Accepted, any Error>] = []
    for index in 8..<16 {
      again.append(Task { try await committer.enqueue(Submission(Self.message(index), at: now)) })
      if index == 8 {
        await Self.settle { clock.sleepers == 1 }
        #expect(clock.sleepers == 1, "the commit waits for the others")
        #expect(committer.commits == 1)
      }
    }
    for request in again { _ = try await request.value }
    #expect(committer.commits == 2, "the eight came back and went in one commit")
    #expect(committer.committed == 16)
    #expect(try store.messages(state: .queued).count == 16)
  }

  /// Other work on the commit thread (a store read, a cut-short wait's wake-up) is not a client
  /// that will come back: the next commit waits for the eight messages only, not for a ninth
  /// that never comes (which held every commit under load to the full wait).
  @Test func otherWorkOnTheThreadIsNotWaitedFor() async throws {
    let (committer, _, clock, store) = try await Self.afterABatch(of: 8, otherJobs: 3)
    let now = Date()
    let again = (8..<16).map { index in
      Task { try await committer.enqueue(Submission(Self.message(index), at: now)) }
    }
    await Self.settle { committer.commits == 2 }
    #expect(committer.commits == 2, "the eight went in as soon as they were all in")
    clock.fire()  // a wrong wait ends here, so the test finishes either way
    for request in again { _ = try await request.value }
    #expect(try store.messages(state: .queued).count == 16)
  }

  @Test func aWaitThatIsNotFilledCommitsWhenItsTimeIsUp() async throws {
    let (committer, _, clock, store) = try await Self.afterABatch(of: 8)
    let now = Date()
    let few = (8..<11).map { index in
      Task { try await committer.enqueue(Submission(Self.message(index), at: now)) }
    }
    await Self.settle { clock.sleepers == 1 }
    // Give a wrong early commit its chance to happen.
    await Self.settle(tries: 10_000) { committer.commits > 1 }
    #expect(committer.commits == 1, "three of eight: still waiting")
    #expect(try store.messages(state: .queued).count == 8, "nothing of theirs is stored yet")
    clock.fire()
    for request in few { _ = try await request.value }
    #expect(committer.commits == 2)
    #expect(try store.messages(state: .queued).count == 11)
  }

  @Test func aSingleClientNeverWaits() async throws {
    let store = try ClackStore(inMemory: "single-\(UUID())")
    let clock = SteppingClock(step: .milliseconds(5))
    let committer = MessageCommitter(
      store: store, executor: SerialThreadExecutor(name: "test-single"), clock: clock)
    for index in 0..<5 {
      _ = try await committer.enqueue(Submission(Self.message(index), at: Date()))
      #expect(clock.sleepers == 0)
    }
    #expect(committer.commits == 5)
  }

  @Test func aRefusedMessageInABatchLeavesTheOthersIn() throws {
    let store = try ClackStore(inMemory: "batch-\(UUID())")
    let now = Date()
    let limited = SenderPolicy(perHour: 1)
    let results = try store.enqueue(batch: [
      Submission(Self.message(1, sender: "a"), at: now, policy: limited),
      Submission(Self.message(2, sender: "a"), at: now, policy: limited),  // over its limit
      Submission(Self.message(3, sender: " "), at: now),  // no sender
      Submission(Self.message(4, sender: "b"), at: now, policy: limited),
    ])
    #expect(results.count == 4)
    guard case .success(let first) = results[0], case .success(let fourth) = results[3] else {
      Issue.record("the valid messages were refused: \(results)")
      return
    }
    guard case .failure(.rateLimited(sender: "a", _, _)) = results[1] else {
      Issue.record("the second of sender a: \(results[1])")
      return
    }
    guard case .failure(.invalid(field: "sender", _)) = results[2] else {
      Issue.record("the empty sender: \(results[2])")
      return
    }
    let stored = try store.messages().map(\.id)
    #expect(stored == [first.message.id, fourth.message.id])
  }
}
