import ClackRuntime
import Foundation
import Testing

/// A burst's memory is handed back once no work has come for the quiet time, once per burst;
/// nothing waits while the daemon rests.
@Suite struct MemoryReliefTests {
  let clock = ManualDaemonClock(Date(timeIntervalSince1970: 1_767_225_600))

  /// Yields until `condition` holds (the relief's wait runs on a task of its own).
  func until(_ what: String, _ condition: () -> Bool) async throws {
    let giveUp = ContinuousClock.now + .seconds(30)
    while !condition() {
      try #require(ContinuousClock.now < giveUp, "never: \(what)")
      await Task.yield()
    }
  }

  @Test func memoryIsHandedBackOnceTheWorkHasStoppedForTheQuietTime() async throws {
    let relief = MemoryRelief(clock: clock, quietSeconds: 10) {}
    #expect(clock.sleepers == 0, "nothing waits before any work")
    relief.note()
    try await until("the wait is armed") { clock.sleepers == 1 }
    clock.advance(by: 6)
    relief.note()  // more work: the quiet time starts again
    relief.note()
    clock.advance(by: 6)
    try await until("the wait is armed again") { clock.sleepers == 1 }
    #expect(relief.releases == 0, "12 s after the first work, but 6 s after the last")
    clock.advance(by: 4)
    try await until("released") { relief.releases == 1 }
    #expect(clock.sleepers == 0, "and nothing waits once it is done")

    relief.note()  // the next burst
    try await until("armed for the next burst") { clock.sleepers == 1 }
    clock.advance(by: 10)
    try await until("released again") { relief.releases == 2 }
  }

  /// The heap's live figure follows what is allocated: the metrics page and the flood
  /// benchmark tell live data from memory the allocator keeps by it.
  @Test func theHeapFiguresFollowALiveBlock() throws {
    let size = 64 << 20
    // Tests beside this one allocate and free meanwhile (the daemon suite's heap holds over
    // 100 MiB), so a try where they moved more than the margin is tried again.
    var seen: [String] = []
    for _ in 0..<5 {
      let before = try #require(MemoryRelief.heapFigures(), "glibc says what its heap holds")
      let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
      block.initializeMemory(as: UInt8.self, repeating: 1, count: size)
      let holding = try #require(MemoryRelief.heapFigures())
      block.deallocate()
      let after = try #require(MemoryRelief.heapFigures())
      let margin = 4 << 20
      if holding.inUse >= before.inUse + size - margin,
        after.inUse <= holding.inUse - size + margin
      {
        return
      }
      seen.append("\(before.inUse) → \(holding.inUse) → \(after.inUse)")
    }
    Issue.record("the live figure did not follow a 64 MiB block: \(seen)")
  }
}
