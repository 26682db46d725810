import NIOCore
import NIOEmbedded
import Synchronization
import Testing

@testable import ClackHTTPFace

/// The body deadline's wait, on an event loop whose time the test moves.
struct LoopDeadlineTests {
  @Test func theWaitEndsAtTheDeadlineOnTheLoopsClockAndNotBefore() async throws {
    let loop = NIOAsyncTestingEventLoop()
    let ended = Flag()
    // The deadline is fixed before the task starts, which may be after the loop's time moved.
    let deadline = loop.now + .seconds(10)
    let waiting = Task {
      try await LoopDeadline.wait(until: deadline, on: loop)
      ended.set()
    }
    await loop.run()
    await loop.advanceTime(by: .seconds(9))
    for _ in 0..<100 { await Task.yield() }
    #expect(ended.isSet == false)
    await loop.advanceTime(by: .seconds(1))
    // The task may have scheduled its deadline only now, already due: the loop runs it then.
    while !ended.isSet {
      await loop.run()
      await Task.yield()
    }
    try await waiting.value
    await loop.shutdownGracefully()
  }

  @Test func aCancelledWaitEndsAtOnceWithoutTheLoopsTimeMoving() async throws {
    let loop = NIOAsyncTestingEventLoop()
    let waiting = Task { try await LoopDeadline.wait(for: .seconds(10), on: loop) }
    await loop.run()
    waiting.cancel()
    await #expect(throws: (any Error).self) { try await waiting.value }
    await loop.run()  // the cancelled deadline's callback, handed to the loop before the wait ended
    await loop.shutdownGracefully()
  }
}

/// Set once, read from another task.
private final class Flag: Sendable {
  private let value = Atomic<Bool>(false)
  var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
  func set() { value.store(true, ordering: .sequentiallyConsistent) }
}
