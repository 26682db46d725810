import ClackBoard
import ClackCore
import ClackHardware
import ClackScheduler
import ClackSimHAL
import ClackTestSupport
import Synchronization
import Testing

/// The real executor thread (its loop, hand-over and reports) on a simulated twin, in virtual
/// time: a ManualTickClock makes every sleep return at its deadline, and the twin's clock is
/// the thread's timeline, so the run is fast and deterministic whatever the machine does.
final class ThreadRig: @unchecked Sendable {
  let board: BoardDefinition
  let twin: SimulatedBoard
  let executor: SteppedExecutor
  let thread: ExecutorThread<FlapCommand>

  init(_ board: BoardDefinition) throws {
    self.board = board
    twin = try SimulatedBoard(board: board)
    twin.log.isEnabled = false
    executor = SteppedExecutor(bank: try #require(twin.stepped), board: board)
    // The board's own tick, on the twin's timeline: each transfer lands when it would on the
    // real bus, so a motor stepped too soon after its last step loses it, as a real one would.
    thread = ExecutorThread(
      executor: executor, tickMicroseconds: board.flapTickMicroseconds(smart: false),
      clock: ManualTickClock(), setup: .none, timeline: TwinTimeline(twin.clock))
  }

  /// Waits (in real time, generously) until the thread has taken `commands` and is idle.
  func settle(after commands: Int) -> ExecutorState {
    thread.wait(timeoutSeconds: 60) { $0.commandsApplied >= commands && $0.idle }
  }
}

// Serialized: two tests that pin threads at once would each move the other's threads off a CPU.
@Suite(.serialized) struct ExecutorThreadTests {
  @Test func placementNamesTheLastAllowedCPUOnlyWhenThereAreTwo() {
    #expect(CPUPlacement.lastAllowed.resolved(allowed: [0, 1, 2, 3]) == 3)
    #expect(CPUPlacement.lastAllowed.resolved(allowed: [0, 2]) == 2)
    #expect(CPUPlacement.lastAllowed.resolved(allowed: [0]) == nil)
    #expect(CPUPlacement.anywhere.resolved(allowed: [0, 1]) == nil)
    #expect(CPUPlacement.cpu(0).resolved(allowed: [0, 1]) == 0)
  }

  @Test func theThreadRunsOnTheCPUItWasPlacedOn() throws {
    let allowed = CPUPlacement.allowedCPUs()
    let board = try twinBoard("pcf8575-8.yaml")
    let twin = try SimulatedBoard(board: board)
    twin.log.isEnabled = false
    let executor = SteppedExecutor(bank: try #require(twin.stepped), board: board)
    let seen = Mutex<Set<Int>>([])
    let thread = ExecutorThread(
      executor: executor, tickMicroseconds: 1000, clock: ManualTickClock(),
      setup: RealtimeSetup(
        priority: nil, lockMemory: false, holdCPULatency: false, placement: .lastAllowed),
      onTick: { _ in
        if let cpu = CPUPlacement.currentCPU() { seen.withLock { _ = $0.insert(cpu) } }
      })
    let grant = thread.start()
    // This test's thread was running when the executor took its CPU: it is kept off it.
    let whileRunning = CPUPlacement.allowedCPUs()
    #expect(thread.home(showing: randomTargets(board, seed: 3)))
    _ = thread.wait(timeoutSeconds: 60) { $0.commandsApplied >= 1 && $0.idle }
    thread.stop()
    #if os(Linux)
      #expect(!allowed.isEmpty)
      if allowed.count >= 2 {
        #expect(grant.cpu == allowed.last)
        #expect(seen.withLock { $0 } == [allowed.last!], "every tick on the pinned CPU")
        #expect(
          grant.description.contains(
            "on CPU \(allowed.last!), the process's other threads kept off it"))
        #expect(whileRunning == Array(allowed.dropLast()))
        #expect(CPUPlacement.allowedCPUs() == allowed, "given back when the thread ends")
      } else {
        #expect(grant.cpu == nil)
      }
    #endif
  }

  @Test func awayFromDevicesPinsTheThreadToTheCPUThisMachinesDevicesLeaveAlone() throws {
    let allowed = CPUPlacement.allowedCPUs()
    let board = try twinBoard("pcf8575-8.yaml")
    let twin = try SimulatedBoard(board: board)
    twin.log.isEnabled = false
    let seen = Mutex<Set<Int>>([])
    let thread = ExecutorThread(
      executor: SteppedExecutor(bank: try #require(twin.stepped), board: board),
      tickMicroseconds: 1000, clock: ManualTickClock(),
      setup: RealtimeSetup(
        priority: nil, lockMemory: false, holdCPULatency: false, placement: .awayFromDevices,
        movesDeviceInterrupts: false),
      onTick: { _ in
        if let cpu = CPUPlacement.currentCPU() { seen.withLock { _ = $0.insert(cpu) } }
      })
    let grant = thread.start()
    #expect(thread.home(showing: randomTargets(board, seed: 4)))
    _ = thread.wait(timeoutSeconds: 60) { $0.commandsApplied >= 1 && $0.idle }
    thread.stop()
    #expect(grant.interruptsMoved == 0, "moving was off")
    #if os(Linux)
      if allowed.count >= 2 {
        let cpu = try #require(grant.cpu)
        #expect(allowed.contains(cpu))
        #expect(seen.withLock { $0 } == [cpu], "every tick on the chosen CPU")
        #expect(CPUPlacement.allowedCPUs() == allowed, "given back when the thread ends")
      } else {
        #expect(grant.cpu == nil)
      }
    #endif
  }

  @Test func theThreadHomesShowsAndReportsWhatTheRotorsShow() throws {
    let rig = try ThreadRig(try twinBoard("pcf8575-8.yaml"))
    let grant = rig.thread.start()
    #expect(grant.fifoPriority == nil && !grant.memoryLocked, "tests ask for no privileges")
    let first = randomTargets(rig.board, seed: 5)
    #expect(rig.thread.home(showing: first))
    var state = rig.settle(after: 1)
    #expect(state.modules.map(\.flap) == first)
    #expect(state.modules.allSatisfy { $0.mode == .normal && !$0.faulted })
    let next = randomTargets(rig.board, seed: 6)
    #expect(rig.thread.show(next, planner: rig.executor.planner) != nil)
    state = rig.settle(after: 2)
    #expect(state.modules.map(\.flap) == next)
    rig.thread.stop()
    state = rig.thread.state
    #expect(state.stopped)
    #expect(state.deadlineMisses == 0, "virtual time never misses a deadline")
    // After stop() the twin is the test's again: the rotors show what was reported.
    #expect(rig.twin.modules.map(\.displayedFlap) == next)
    #expect(rig.twin.modules.allSatisfy { !$0.motor.isEnergized }, "coils left on")
    let jitter = rig.thread.jitter.snapshot()
    #expect(jitter.totalCount == UInt64(state.ticks), "one lateness sample per tick")
    #expect(jitter.max == 0, "a manual clock wakes exactly on the deadline")
  }

  /// A reader that keeps its state (the display keeps the last one it read) must not share the
  /// report's storage: when that buffer came back to the executor, its next write would copy
  /// the array on the real-time thread. Two reads after the thread stopped see the same
  /// report, so shared storage would show as one address.
  @Test func aStateKeepsItsOwnCopyOfTheReport() throws {
    let rig = try ThreadRig(try twinBoard("pcf8575-8.yaml"))
    rig.thread.start()
    #expect(rig.thread.home(showing: randomTargets(rig.board, seed: 9)))
    _ = rig.settle(after: 1)
    rig.thread.stop()
    let kept = rig.thread.state
    let again = rig.thread.state
    #expect(kept.modules.map(\.flap) == again.modules.map(\.flap))
    let storage = { (state: ExecutorState) in
      state.modules.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
    #expect(storage(kept) != storage(again), "two reads share one report's storage")
  }

  @Test func stoppingMidMotionSwitchesEveryCoilOff() throws {
    let rig = try ThreadRig(try twinBoard("pi-gpio-4.yaml"))
    rig.thread.start()
    rig.thread.home(showing: [10, 20, 30, 40])
    let moving = rig.thread.wait(timeoutSeconds: 60) { $0.moving > 0 }
    #expect(moving.moving > 0)
    rig.thread.stop()
    #expect(rig.thread.state.stopped)
    #expect(rig.twin.modules.allSatisfy { !$0.motor.isEnergized }, "coils left on after stop")
  }

  @Test func aNewTargetMidMotionIsReplannedFromWhereTheModulesAre() throws {
    let rig = try ThreadRig(try twinBoard("pcf8575-8.yaml"))
    rig.thread.start()
    rig.thread.home(showing: Array(repeating: 0, count: 8))
    _ = rig.settle(after: 1)
    rig.thread.show(randomTargets(rig.board, seed: 40), planner: rig.executor.planner)
    let midway = rig.thread.wait(timeoutSeconds: 60) { $0.commandsApplied >= 2 && $0.moving > 0 }
    #expect(midway.moving > 0)
    let last = randomTargets(rig.board, seed: 41)
    rig.thread.show(last, transition: Transition(.reveal), planner: rig.executor.planner)
    let state = rig.settle(after: 3)
    rig.thread.stop()
    #expect(state.modules.map(\.flap) == last)
    #expect(rig.twin.modules.map(\.displayedFlap) == last)
    #expect(state.modules.allSatisfy { $0.missedHomes == 0 && $0.unexpectedHomes == 0 })
  }

  @Test func faultsReachTheReaderWithTheirMessages() throws {
    let rig = try ThreadRig(
      try twinBoard("pi-gpio-4.yaml", extra: "simulation:\n  dead_sensors: [2]\n"))
    rig.thread.start()
    rig.thread.home(showing: [1, 2, 3, 4])
    let state = rig.settle(after: 1)
    rig.thread.stop()
    #expect(state.modules[2].mode == .sensorError)
    #expect(state.faults[2]?.kind == .homeNotFound)
    #expect(state.faults[2]?.message.contains("no home pulse") == true)
    #expect(state.faults[0] == nil && state.modules[0].flap == 1)
    #expect(state.statuses[3].flap == 4)
  }
}

/// A change handed over early with its moment (`TimedCommand.notBefore`) waits in its slot and
/// is taken at the first tick at or after it: how a clock's minute lands on time.
@Suite struct TimedCommandTests {
  @Test func aCommandWaitsForItsMomentAndIsTakenAtTheFirstTickAfter() throws {
    let rig = try ThreadRig(try twinBoard("pcf8575-8.yaml"))
    _ = rig.thread.start()
    defer { rig.thread.stop() }
    #expect(rig.thread.home(showing: Array(repeating: 0, count: rig.board.moduleCount)))
    _ = rig.settle(after: 1)
    let planner = rig.executor.planner
    let notBefore = MonotonicTickClock.raw() + 80_000_000
    let flaps = Array(repeating: 3, count: rig.board.moduleCount)
    #expect(rig.thread.show(flaps, planner: planner, notBefore: notBefore) != nil)
    let early = rig.thread.state
    if MonotonicTickClock.raw() < notBefore - 20_000_000 {
      #expect(early.commandsApplied == 1, "still waiting for its moment")
    }
    let state = rig.settle(after: 2)
    #expect(state.commandsApplied == 2)
    #expect(state.lastAppliedAt >= notBefore, "not taken before its moment")
    #expect(state.modules.allSatisfy { $0.flap == 3 })
    // Once taken, a command without a moment goes at the next tick, as before.
    #expect(
      rig.thread.show(Array(repeating: 5, count: rig.board.moduleCount), planner: planner) != nil)
    #expect(rig.settle(after: 3).commandsApplied == 3)
  }
}
