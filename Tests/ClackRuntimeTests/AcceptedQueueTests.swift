import ClackContent
import ClackCore
import ClackRuntimeTestSupport
import ClackStore
import Foundation
import Testing

@testable import ClackRuntime

/// The display takes each accepted message into its copy of the queue instead of reading the
/// whole queue again: the copy must stay what a fresh read would give.
@Suite(.serialized) struct AcceptedQueueTests {
  @Test func theDisplaysQueueStaysWhatAFreshReadGives() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight.addingTimeInterval(9 * 3600))
    var config = RuntimeConfig()
    config.timeZone = RuntimeHarness.utc
    try await RuntimeHarness.withRunningLoop(config, clock: clock) { runtime in
      let display = runtime.display
      func send(
        _ text: String, from sender: String, _ change: (inout NewMessage) -> Void = { _ in }
      )
        async throws -> Int64
      {
        var message = NewMessage(sender: sender, body: .text(text))
        change(&message)
        return try await runtime.messages.accept(message).message.id
      }
      let first = try await send("ONE", from: "a")
      let later = try await send("LATER", from: "b") { $0.notBefore = clock.now() + 3600 }
      _ = try await send("URGENT", from: "c") { $0.priority = .urgent }
      // Replaces ONE: the store expires it, and the display's copy must drop it.
      _ = try await send("TWO", from: "a")
      _ = try await send("KEEP", from: "d") { $0.pinned = true }
      let now = clock.now()
      let kept = await display.messages.map(\.id)
      let read = try runtime.store.activeMessages(at: now).map(\.id)
      #expect(kept == read)
      #expect(!kept.contains(first), "replaced")
      #expect(!kept.contains(later), "not due for an hour")
      let states = Dictionary(
        uniqueKeysWithValues: try runtime.store.activeMessages(at: now).map { ($0.id, $0.state) })
      for message in await display.messages {
        #expect(states[message.id] == message.state, "message \(message.id)")
      }
    }
  }
}

/// With thousands of messages due at once, the display's copy holds at most twice the queued
/// messages a read of the store gives, so deciding and forecasting stay the same size, and
/// narrowed it is that read.
@Suite(.serialized) struct LongQueueCopyTests {
  @Test func theCopyOfALongQueueStaysNarrowedAsTheStoreReadsIt() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight.addingTimeInterval(9 * 3600))
    var config = RuntimeConfig()
    config.timeZone = RuntimeHarness.utc
    try await RuntimeHarness.withRunningLoop(config, clock: clock) { runtime in
      let display = runtime.display
      var most = 0
      for index in 0..<(2 * ActiveQueue.newestQueued + 100) {
        let message = NewMessage(sender: "s\(index)", body: .text("DUE \(index)"))
        _ = try await runtime.messages.accept(message)
        most = max(most, await display.messages.count { $0.state == .queued })
      }
      #expect(most <= 2 * ActiveQueue.newestQueued)
      let read = try runtime.store.activeMessages(at: clock.now()).map(\.id)
      let kept = await display.messages
      #expect(Set(read).isSubset(of: Set(kept.map(\.id))), "everything a read gives is kept")
      #expect(ActiveQueue.narrow(kept).map(\.id) == read)
    }
  }
}

/// A clean stop right after the board settles, before the loop's next look, still keeps the
/// frame for the next start.
@Suite(.serialized) struct CleanStopFrameTests {
  @Test func theSettledFrameIsSavedAtACleanStopEvenBeforeTheLoopSavesIt() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight.addingTimeInterval(9 * 3600))
    var config = RuntimeConfig()
    config.timeZone = RuntimeHarness.utc
    config.schedules = []
    // No loop runs: only the accept path and this test move the display.
    let runtime = try await RuntimeHarness.runtime(config, clock: clock)
    let display = runtime.display
    defer { _ = display.runner.stop() }
    let giveUp = ContinuousClock.now + .seconds(60)
    while await !display.homed {
      await display.step()
      try #require(ContinuousClock.now < giveUp, "never homed")
      await Task.yield()
    }
    _ = try await runtime.messages.accept(NewMessage(sender: "t", body: .text("SAVED")))
    // Wait for the executor to settle without a display pass that would save it.
    let sent = await display.commandsSent
    while !display.runner.state.idle || display.runner.state.commandsApplied < sent {
      try #require(ContinuousClock.now < giveUp, "never settled")
      await Task.yield()
    }
    let target = try await display.target.codes()
    #expect(try runtime.store.loadBoardState()?.codes != target, "not saved yet")
    await display.saveIfSettled()
    #expect(try runtime.store.loadBoardState()?.codes == target)
  }
}
