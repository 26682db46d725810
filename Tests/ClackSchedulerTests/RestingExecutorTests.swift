import ClackBoard
import ClackCore
import ClackHardware
import ClackScheduler
import ClackSimHAL
import ClackTestSupport
import Testing

/// An idle board costs nothing: a stepped board at rest blocks its thread until the next
/// command, and an idle smart board rests between the reads that watch for a module that
/// reset. Proved by counting, not by timing: the loop's passes (`ticks`) and the virtual
/// clock stand still while the thread blocks.
@Suite struct RestingExecutorTests {
  @Test(arguments: ["pcf8575-8.yaml", "pi-gpio-4.yaml"])
  func aSteppedBoardAtRestBlocksUntilTheNextCommand(file: String) throws {
    let rig = try ThreadRig(try twinBoard(file))
    rig.thread.start()
    defer { rig.thread.stop() }
    let first = randomTargets(rig.board, seed: 21)
    rig.thread.home(showing: first)
    var state = rig.thread.wait(timeoutSeconds: 120) {
      $0.commandsApplied >= 1 && $0.idle && rig.thread.isDormant
    }
    #expect(rig.thread.isDormant, "the thread still ticks after homing")
    #expect(state.modules.map(\.flap) == first)
    // A ticking thread on a manual clock runs thousands of passes in the time these reads
    // take; a blocked one runs none, and its clock does not move.
    let (ticks, now) = (state.ticks, state.nowMicroseconds)
    for _ in 0..<2000 { state = rig.thread.state }
    #expect(state.ticks == ticks && state.nowMicroseconds == now)
    #expect(rig.thread.isDormant)

    // A command wakes it at once; it moves, then rests again.
    let next = randomTargets(rig.board, seed: 22)
    #expect(rig.thread.show(next, planner: rig.executor.planner) != nil)
    state = rig.thread.wait(timeoutSeconds: 120) {
      $0.commandsApplied >= 2 && $0.idle && rig.thread.isDormant
    }
    #expect(state.ticks > ticks)
    #expect(state.modules.map(\.flap) == next)
    rig.thread.stop()
    #expect(rig.twin.modules.map(\.displayedFlap) == next)
    #expect(rig.twin.modules.allSatisfy { !$0.motor.isEnergized }, "coils left on at rest")
  }

  @Test func theExecutorRestsOnlyWithEveryCoilOffAndTheLastEdgeSeen() throws {
    let board = try twinBoard("chainlink-6x18.yaml")
    let twin = try SimulatedBoard(board: board)
    twin.log.isEnabled = false
    let bank = try #require(twin.stepped)
    let executor = SteppedExecutor(bank: bank, board: board, searchSpeed: 800)
    #expect(bank.sensorDelayTicks == 1, "a chained bank reads its sensors a tick late")
    executor.home(showing: randomTargets(board, seed: 3))
    var now = 0
    var quietAt: Int?
    while now < 600_000_000 {
      executor.tick(now: now)
      now += 1000
      twin.clock.advance(nanoseconds: 1_000_000)
      if executor.isIdle, quietAt == nil { quietAt = now }
      if executor.isDormant { break }
      #expect(executor.restMicroseconds == 0)
    }
    let idleAt = try #require(quietAt)
    #expect(executor.isDormant && executor.restMicroseconds == .max)
    // Idle after the last step's tick; at rest only after that step's settle (its phase held,
    // the tick that switches the coils off ends it) and the tick that reads the chain's late
    // sensor.
    #expect(now - idleAt == executor.searchTiming.settleMicroseconds + 1000)
    #expect(twin.modules.allSatisfy { !$0.motor.isEnergized })
  }

  @Test func anIdleSmartBoardRestsBetweenReadsOfEachModuleOnceInTenSeconds() throws {
    let board = try twinBoard("i2c-smart-6x22.yaml")
    let twin = try SimulatedBoard(board: board)
    twin.log.isEnabled = false
    let executor = SmartExecutor(bank: try #require(twin.smart), board: board)
    let rest = SmartExecutor.idleReadMicroseconds * executor.pollsPerTick / board.moduleCount
    nonisolated(unsafe) let simulated = twin
    let thread = ExecutorThread(
      executor: executor, tickMicroseconds: 5000, clock: ManualTickClock(), setup: .none,
      onTick: { elapsed in
        let target = UInt64(elapsed)
        if target > simulated.clock.nanoseconds {
          simulated.clock.advance(nanoseconds: target - simulated.clock.nanoseconds)
        }
        for model in simulated.firmware { model.advance(to: simulated.clock.nanoseconds) }
      })
    thread.start()
    defer { thread.stop() }
    let first = randomTargets(board, seed: 4)
    thread.home(showing: first)
    let homed = thread.wait(timeoutSeconds: 120) { $0.commandsApplied >= 1 && $0.idle }
    #expect(homed.modules.map(\.flap) == first)
    // From now on one pass per rest: each pass reads `pollsPerTick` idle modules, so every
    // module is read once per `idleReadMicroseconds`.
    let sweep = board.moduleCount / executor.pollsPerTick
    let later = thread.wait(timeoutSeconds: 120) { $0.ticks >= homed.ticks + 2 * sweep }
    let passes = later.ticks - homed.ticks
    let elapsed = later.nowMicroseconds - homed.nowMicroseconds
    #expect(passes >= 2 * sweep)
    #expect(elapsed >= (passes - 1) * rest && elapsed <= (passes + 1) * rest)
    #expect(executor.restMicroseconds == 0 || thread.state.idle)
    #expect(rest * sweep <= SmartExecutor.idleReadMicroseconds)
  }

  /// At rest, a module that resets is still noticed within `idleReadMicroseconds`: ticks
  /// spaced as the resting thread spaces them.
  @Test func aSmartModuleThatResetsAtRestIsNoticedWithinTenSeconds() throws {
    let (run, first) = try SmartRun.homed("i2c-smart-6x22.yaml", seed: 8)
    #expect(run.executor.restMicroseconds > 0)
    run.twin.modules[100].motor.displace(by: 1000)
    run.twin.firmware[100].powerOn(at: run.twin.clock.nanoseconds)
    var waited = 0
    var noticed = false
    while waited <= SmartExecutor.idleReadMicroseconds, !noticed {
      let rest = run.executor.restMicroseconds
      #expect(rest > 0)
      run.now += rest
      waited += rest
      run.twin.clock.advance(nanoseconds: UInt64(rest) * 1000)
      run.executor.tick(now: run.now)
      while let fault = run.executor.nextNewFault() {
        noticed = noticed || (fault.module == 100 && fault.kind == .moduleReset)
      }
    }
    #expect(noticed, "not noticed in \(waited) µs")
    #expect(run.executor.restMicroseconds == 0, "re-homing keeps the thread ticking")
    run.runUntilIdle()
    #expect(run.shown == first)
  }
}
