import ClackBoard
import ClackCore
import ClackScheduler
import ClackTestSupport
import Testing

/// Replanning mid-motion on the per-tick executor, where every tick can be inspected.
@Suite struct ReplanTests {
  /// Runs `ticks` ticks, recording which modules had their coils energised on each.
  func advance(_ run: TwinRun, ticks: Int) -> [[Bool]] {
    var energised: [[Bool]] = []
    for _ in 0..<ticks {
      run.executor.tick(now: run.now)
      run.now += run.tick
      run.syncClock()
      energised.append(run.twin.modules.map(\.motor.isEnergized))
      run.peakEnergised = max(run.peakEnergised, energised.last!.count { $0 })
    }
    return energised
  }

  @Test func aStalePlanIsReconciledAndMovingModulesKeepMoving() throws {
    let board = try twinBoard("pcf8575-8.yaml")
    let run = try TwinRun(board)
    run.executor.home(showing: Array(repeating: 0, count: 8))
    run.runUntilIdle()
    run.executor.show(Array(repeating: 26, count: 8), transition: Transition(.fastest), at: run.now)
    _ = advance(run, ticks: 400)
    // The async side plans from a report that is already some ticks old…
    let positions = run.executor.positions
    let moving = Set(run.executor.statuses.indices.filter { run.executor.statuses[$0].moving })
    #expect(!moving.isEmpty)
    let next = randomTargets(board, seed: 77)
    let plan = run.executor.planner.plan(
      from: positions, to: next, transition: Transition(.fastest), moving: moving)
    let before = advance(run, ticks: 7)
    // …and the executor starts it from where the modules really are now.
    run.executor.run(plan, at: run.now)
    let after = advance(run, ticks: 3)
    for module in moving where plan.moves[module].moves && before.last![module] {
      #expect(after.allSatisfy { $0[module] }, "module \(module) stopped at the replan")
    }
    // On time: by the plan's end (and a few ticks), with no slow correction afterwards.
    _ = advance(run, ticks: plan.makespanMicroseconds / run.tick + 10 - 3)
    #expect(run.shown == next, "\(zip(run.shown, next).filter { $0 != $1 }.count) wrong")
    #expect(run.executor.isIdle)
    #expect(run.peakEnergised <= board.maxMoving)
    #expect(run.executor.statuses.allSatisfy { $0.missedHomes == 0 && $0.unexpectedHomes == 0 })
  }

  @Test func aTargetChangedWhileCorrectingIsStillReached() throws {
    let board = try twinBoard("pi-gpio-4.yaml")
    let run = try TwinRun(board)
    run.executor.home(showing: [3, 3, 3, 3])
    // Mid-homing, a new frame arrives: the modules go there once homed.
    _ = advance(run, ticks: 500)
    run.executor.show([9, 18, 27, 36], at: run.now)
    run.runUntilIdle()
    #expect(run.shown == [9, 18, 27, 36])
  }
}
