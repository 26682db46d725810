import ClackBoard
import ClackCore
import ClackDrivers
import ClackScheduler
import ClackSimHAL
import ClackTestSupport
import Testing

/// `i2c-smart-6x22`'s twin on a bad bus: transfers not acknowledged, a module that stops
/// answering in the middle of a move and comes back, a bus that times out for a second, and
/// one module that never comes back. The healthy modules end on their flaps, so do the ones
/// that came back, and the faults are handed out once each, not once per failed transfer.
@Suite struct SmartBadBusTests {
  /// Ticks until the executor is idle and all but `silent` of the modules that stopped
  /// answering answer again (or `seconds` of virtual time pass); `during` changes the bus.
  func settle(
    _ run: SmartRun, leaving silent: Int = 0, seconds: Int = 60,
    during: (Int) -> Bool = { _ in true }
  ) {
    let end = run.now + seconds * 1_000_000
    while run.now < end {
      let done = during(run.now)
      run.runUntilIdle(limit: 1)
      if done, run.executor.isIdle, run.executor.unansweredCount == silent { return }
    }
  }

  /// Each new fault handed out, by module.
  func faults(_ run: SmartRun) -> [Int: [ModuleFault]] {
    var found: [Int: [ModuleFault]] = [:]
    while let fault = run.executor.nextNewFault() { found[fault.module, default: []].append(fault) }
    return found
  }

  /// The next frame started: random targets, the fastest plan.
  func start(_ run: SmartRun, seed: UInt64) -> [Int] {
    let next = randomTargets(run.twin.board, seed: seed)
    let plan = run.executor.planner.plan(
      fromFlaps: run.reports.map(\.flap), to: next, transition: Transition(.fastest))
    let command = FlapCommand(moduleCount: run.twin.board.moduleCount)
    command.load(plan)
    run.executor.apply(command, now: run.now)
    return next
  }

  @Test func fivePercentOfTransfersNotAcknowledgedIsNoFault() throws {
    let board = try twinBoard("i2c-smart-6x22.yaml", extra: "simulation:\n  nack_rate: 0.05\n")
    let run = try SmartRun(board)
    let first = randomTargets(board, seed: 21)
    run.executor.home(showing: first)
    settle(run)
    #expect(run.shown == first, "\(zip(run.shown, first).filter { $0 != $1 }.count) wrong")
    let next = start(run, seed: 22)
    settle(run)
    #expect(run.shown == next, "\(zip(run.shown, next).filter { $0 != $1 }.count) wrong")
    #expect(run.executor.busRetries > 100, "\(run.executor.busRetries) retries")
    for index in 0..<board.moduleCount where run.reports[index].faulted {
      Issue.record("module \(index): \(run.executor.fault(of: index)?.message ?? "?")")
    }
    // Three failures in a row (one time in 8,000) may make a passing fault: never many.
    #expect(faults(run).count <= 3)
  }

  @Test func aModuleThatStopsAnsweringMidMoveAndComesBackLandsRight() throws {
    let (run, _) = try SmartRun.homed("i2c-smart-6x22.yaml", seed: 23)
    let next = start(run, seed: 24)
    // 100 ms into the move two modules that are turning go silent: one for two seconds, the
    // other for good.
    let silentAt = run.now + 100_000
    var silent: [Int] = []
    var backAt = Int.max
    var restored = false
    var whileSilent: ModuleReport?
    settle(run, leaving: 1) { now in
      if silent.isEmpty, now >= silentAt {
        silent = Array(run.reports.indices.filter { run.reports[$0].moving }.prefix(2))
        for module in silent { run.twin.setFaults(I2CFaults(missing: true), ofModule: module) }
        backAt = now + 2_000_000
      }
      if !restored, now >= backAt - 5000 { whileSilent = run.reports[silent[0]] }
      if !restored, now >= backAt {
        run.twin.setFaults(I2CFaults(), ofModule: silent[0])
        restored = true
      }
      return restored  // then only the other is left: it never answers, and the board rests
    }
    try #require(silent.count == 2, "two modules turning 100 ms into the move")
    let (back, gone) = (silent[0], silent[1])
    #expect(whileSilent?.faulted == true && whileSilent?.mode == .disabled)
    let wrong = (0..<run.twin.board.moduleCount).filter { $0 != gone && run.shown[$0] != next[$0] }
    #expect(wrong.isEmpty, "modules \(wrong) are wrong")
    let reports = run.reports
    #expect(reports[back].mode == .normal && !reports[back].faulted, "\(reports[back])")
    #expect(reports[gone].mode == .disabled && reports[gone].faulted)
    #expect(run.executor.isIdle && run.executor.unansweredCount == 1)
    let found = faults(run)
    #expect(found[gone]?.first?.message.hasPrefix("does not answer") == true, "\(found)")
    #expect(found.values.allSatisfy { $0.count == 1 }, "a fault handed out again: \(found)")
  }

  @Test func aBusThatTimesOutForASecondLosesNothing() throws {
    let (run, _) = try SmartRun.homed("i2c-smart-6x22.yaml", seed: 25)
    let next = start(run, seed: 26)
    let secondBus = 66..<132  // rows 4–6, /dev/i2c-3
    let from = run.now + 50_000
    let until = from + 1_000_000
    var state = 0
    settle(run) { now in
      if state == 0, now >= from {
        for module in secondBus {
          run.twin.setFaults(I2CFaults(timeoutRate: 1), ofModule: module)
        }
        state = 1
      }
      if state == 1, now >= until {
        for module in secondBus { run.twin.setFaults(I2CFaults(), ofModule: module) }
        state = 2
      }
      return state == 2
    }
    #expect(state == 2)
    #expect(run.shown == next, "\(zip(run.shown, next).filter { $0 != $1 }.count) wrong")
    #expect(run.reports.allSatisfy { $0.mode == .normal && !$0.faulted })
    let found = faults(run)
    #expect(Set(found.keys).isSubset(of: Set(secondBus)), "a module of the good bus faulted")
    #expect(found.values.allSatisfy { $0.count == 1 }, "a fault handed out again")
    #expect(found.values.joined().allSatisfy { $0.message.contains("does not answer") })
  }
}
