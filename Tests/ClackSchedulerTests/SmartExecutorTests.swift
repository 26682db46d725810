import ClackBoard
import ClackCore
import ClackDrivers
import ClackHardware
import ClackScheduler
import ClackSimHAL
import ClackTestSupport
import Testing

/// A smart-module board's twin under the smart executor, in virtual time: 5 ms ticks.
final class SmartRun {
  let twin: SimulatedBoard
  let executor: SmartExecutor
  var now = 0
  var peakMoving = 0
  let tick = 5000

  init(_ board: BoardDefinition) throws {
    twin = try SimulatedBoard(board: board)
    twin.log.isEnabled = false
    executor = SmartExecutor(bank: try #require(twin.smart), board: board)
  }

  func runUntilIdle(limit: Int = 200_000) {
    var ticks = 0
    repeat {
      executor.tick(now: now)
      now += tick
      twin.clock.advance(nanoseconds: UInt64(tick) * 1000)
      // A module draws current while its firmware drives the coils.
      for model in twin.firmware { model.advance(to: twin.clock.nanoseconds) }
      peakMoving = max(peakMoving, twin.modules.count { $0.motor.isEnergized })
      ticks += 1
    } while !executor.isIdle && ticks < limit
  }

  var shown: [Int] { twin.modules.map(\.displayedFlap) }

  /// A run of `board` homed to random targets (`seed`); returns it and the targets.
  static func homed(_ file: String, seed: UInt64) throws -> (SmartRun, [Int]) {
    let board = try twinBoard(file)
    let run = try SmartRun(board)
    let first = randomTargets(board, seed: seed)
    run.executor.home(showing: first)
    run.runUntilIdle()
    return (run, first)
  }

  var reports: [ModuleReport] {
    var reports = Array(repeating: ModuleReport(), count: executor.moduleCount)
    executor.report(into: &reports)
    return reports
  }
}

@Suite struct SmartExecutorTests {
  @Test func smartModulesHomeAndShowRandomFramesWithinTheBudget() throws {
    let board = try twinBoard("i2c-smart-6x22.yaml")
    let run = try SmartRun(board)
    let first = randomTargets(board, seed: 3)
    run.executor.home(showing: first)
    run.runUntilIdle()
    #expect(run.shown == first, "\(zip(run.shown, first).filter { $0 != $1 }.count) wrong")
    for (round, transition) in [Transition(.fastest), Transition(.reveal)].enumerated() {
      let next = randomTargets(board, seed: UInt64(round) + 4)
      let plan = run.executor.planner.plan(
        fromFlaps: run.reports.map(\.flap), to: next, transition: transition)
      let command = FlapCommand(moduleCount: board.moduleCount)
      command.load(plan)
      run.executor.apply(command, now: run.now)
      run.runUntilIdle()
      #expect(
        run.shown == next,
        "\(transition.kind): \(zip(run.shown, next).filter { $0 != $1 }.count) wrong")
    }
    #expect(run.reports.allSatisfy { $0.mode == .normal && !$0.faulted })
    #expect(run.peakMoving <= board.maxMoving, "\(run.peakMoving) modules moved at once")
  }

  @Test func aMissingModuleAndADeadSensorAreReportedWhileTheRestIsCorrect() throws {
    let board = try twinBoard(
      "i2c-smart-6x22.yaml", extra: "simulation:\n  missing_modules: [5]\n  dead_sensors: [9]\n")
    let run = try SmartRun(board)
    let first = randomTargets(board, seed: 8)
    run.executor.home(showing: first)
    run.runUntilIdle()
    let reports = run.reports
    #expect(reports[5].mode == .disabled && reports[5].faulted)
    #expect(reports[9].mode == .sensorError && reports[9].faulted)
    var faults: [Int: ModuleFault] = [:]
    while let fault = run.executor.nextNewFault() { faults[fault.module] = fault }
    #expect(faults[9]?.message.contains("no home pulse") == true)
    #expect(faults[5] != nil)
    let wrong = (0..<board.moduleCount).filter { $0 != 5 && $0 != 9 && run.shown[$0] != first[$0] }
    #expect(wrong.isEmpty, "modules \(wrong) are wrong")
  }

  @Test func aModuleThatResetsIsHomedAgainAndShowsItsTarget() throws {
    let (run, first) = try SmartRun.homed("i2c-smart-6x22.yaml", seed: 12)
    let board = run.twin.board
    // A brown-out: the spool is knocked on and the firmware restarts, not knowing where it is.
    run.twin.modules[7].motor.displace(by: 1000)
    run.twin.firmware[7].powerOn(at: run.twin.clock.nanoseconds)
    #expect(run.shown[7] != first[7])
    // Idle modules are read now and then: the reset is noticed, and the module re-homed.
    for _ in 0..<board.moduleCount * 2 {
      run.executor.tick(now: run.now)
      run.now += run.tick
      run.twin.clock.advance(nanoseconds: UInt64(run.tick) * 1000)
    }
    run.runUntilIdle()
    var kinds: [ModuleFault.Kind] = []
    while let fault = run.executor.nextNewFault() { kinds.append(fault.kind) }
    #expect(kinds.contains(.moduleReset))
    #expect(run.shown == first)
  }
}
