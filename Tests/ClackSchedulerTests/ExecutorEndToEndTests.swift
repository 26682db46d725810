import ClackBoard
import ClackCore
import ClackHardware
import ClackScheduler
import ClackSimHAL
import ClackTestSupport
import Foundation
import Testing

/// Runs an executor on a board's simulated twin in virtual time, one tick per millisecond,
/// recording on every tick how many motors are energised and, on a board that gives its
/// supply, what the twin draws from it.
final class TwinRun {
  let twin: SimulatedBoard
  let executor: SteppedExecutor
  var now = 0
  var peakEnergised = 0
  /// The most the twin drew from its supply on any tick (zero without a supply).
  var peakMilliamps = 0
  /// The most modules the executor's reports ever called moving.
  var peakReportedMoving = 0
  let tick = 1000
  private var reports: [ModuleReport] = []

  init(_ board: BoardDefinition) throws {
    twin = try SimulatedBoard(board: board)
    twin.log.isEnabled = false
    // Homing and corrections at the board's own speeds (up to its top speed), as it runs.
    executor = SteppedExecutor(bank: try #require(twin.stepped), board: board)
    reports = Array(repeating: ModuleReport(), count: board.moduleCount)
  }

  /// Brings the twin's clock to the executor's `now`. The transfers of a tick already moved it
  /// on by their time on the wire; advancing a whole tick after them would run the twin ahead
  /// of the executor, so its motors would see every step late (and slower, drawing more).
  func syncClock() {
    let target = UInt64(now) * 1000
    if twin.clock.nanoseconds < target {
      twin.clock.advance(nanoseconds: target - twin.clock.nanoseconds)
    }
  }

  func runUntilIdle(limit: Int = 600_000) {
    var ticks = 0
    repeat {
      executor.tick(now: now)
      now += tick
      syncClock()
      peakEnergised = max(peakEnergised, twin.modules.count { $0.motor.isEnergized })
      peakMilliamps = max(peakMilliamps, twin.supplyDrawMilliamps() ?? 0)
      executor.report(into: &reports)
      peakReportedMoving = max(peakReportedMoving, reports.count { $0.moving })
      ticks += 1
    } while !executor.isIdle && ticks < limit
    // The last step's phase stays on while the rotor settles; then a tick switches it off.
    while !executor.isDormant && ticks < limit {
      executor.tick(now: now)
      now += tick
      syncClock()
      ticks += 1
    }
  }

  var shown: [Int] { twin.modules.map(\.displayedFlap) }
}

@Suite struct ExecutorEndToEndTests {
  /// A shipped board, optionally with a smaller power budget than its file gives.
  struct BoardCase: Sendable, CustomStringConvertible {
    var file: String
    var maxMoving: Int? = nil
    var description: String { file + (maxMoving.map { " at max_moving \($0)" } ?? "") }

    func load() throws -> BoardDefinition {
      guard let maxMoving else { return try twinBoard(file) }
      var yaml = try String(
        contentsOf: boardsDirectory.appendingPathComponent(file), encoding: .utf8)
      let line = try #require(yaml.firstRange(of: /max_moving: \d+/), "\(file) has no max_moving")
      yaml.replaceSubrange(line, with: "max_moving: \(maxMoving)")
      return try BoardDefinition.parse(yaml: yaml, file: file)
    }
  }

  // The big boards home 108 and 132 modules a budget's worth at a time: a long run.
  @Test(
    arguments: LongRun.cases(
      [
        BoardCase(file: "pi-gpio-4.yaml"), BoardCase(file: "pcf8575-8.yaml"),
        BoardCase(file: "pcf8575-8.yaml", maxMoving: 3),
      ],
      long: [BoardCase(file: "chainlink-6x18.yaml"), BoardCase(file: "sim-6x22.yaml")]))
  func homesThenShowsRandomFramesWithinTheBudget(_ board: BoardCase) throws {
    let file = board.description
    let board = try board.load()
    let run = try TwinRun(board)
    let first = randomTargets(board, seed: 1)
    run.executor.home(showing: first)
    run.runUntilIdle()
    #expect(
      run.shown == first,
      "\(file): after homing \(zip(run.shown, first).filter { $0 != $1 }.count) wrong")
    let rounds = LongRun.isEnabled && board.moduleCount <= 50 ? 3 : 1
    for round in 0..<rounds {
      for (index, transition) in [
        Transition(.fastest), Transition(.reveal),
        Transition(.column, stepSize: board.rows, stepIntervalMilliseconds: 30),
      ].enumerated() {
        // New targets for every transition, so each one moves the board.
        let next = randomTargets(board, seed: UInt64(round * 3 + index) + 10)
        run.executor.show(next, transition: transition, at: run.now)
        run.runUntilIdle()
        #expect(
          run.shown == next,
          "\(file) \(transition.kind): \(zip(run.shown, next).filter { $0 != $1 }.count) wrong")
        #expect(run.executor.statuses.allSatisfy { $0.mode == .normal && $0.fault == nil })
      }
    }
    let limit = run.executor.planner.countLimit
    #expect(run.peakEnergised <= limit, "\(run.peakEnergised) motors were energised at once")
    #expect(
      run.peakReportedMoving <= limit,
      "reports said \(run.peakReportedMoving) modules moving: moving means energised")
    if let supply = board.supply {
      #expect(
        run.peakMilliamps <= supply.supplyMilliamps,
        "the twin drew \(run.peakMilliamps) mA of a \(supply.supplyMilliamps) mA supply")
    }
    #expect(run.twin.modules.allSatisfy { !$0.motor.isEnergized }, "coils left on")
  }

  @Test func aKnockMidMoveIsCaughtByTheHomeCheckAndCorrectedByReHoming() throws {
    let board = try twinBoard("pcf8575-8.yaml")
    let run = try TwinRun(board)
    run.executor.home(showing: Array(repeating: 0, count: 8))
    run.runUntilIdle()
    let next = randomTargets(board, seed: 31)
    run.executor.show(next, transition: Transition(.fastest, fullRotation: true), at: run.now)
    // Part-way through, something knocks module 2's spool 400 steps back.
    for _ in 0..<300 {
      run.executor.tick(now: run.now)
      run.now += run.tick
      run.syncClock()
    }
    run.twin.modules[2].motor.displace(by: -400)
    run.runUntilIdle()
    let status = run.executor.statuses[2]
    #expect(status.missedHomes + status.unexpectedHomes >= 1, "the knock went unnoticed")
    #expect(run.shown == next, "\(zip(run.shown, next).filter { $0 != $1 }.count) modules wrong")
    #expect(run.peakEnergised <= board.maxMoving)
  }

  @Test func randomSlipsAreClearedByReHoming() throws {
    let board = try twinBoard(
      "pcf8575-8.yaml", extra: "simulation:\n  slip_rate: 0.003\n  seed: 3\n")
    let run = try TwinRun(board)
    run.executor.home(showing: Array(repeating: 0, count: 8))
    run.runUntilIdle()
    for round in 0..<3 {
      run.executor.show(
        randomTargets(board, seed: UInt64(round) + 20),
        transition: Transition(.fastest, fullRotation: true), at: run.now)
      run.runUntilIdle()
    }
    #expect(run.twin.modules.reduce(0) { $0 + $1.motor.stepsLost } > 0, "no slip happened")
    // Slips leave the belief a few steps out; a re-home puts every module right. (The motors
    // stop slipping first: a slip in the very last approach is invisible to any controller.)
    for module in run.twin.modules { module.motor.parameters.slipProbability = 0 }
    let last = randomTargets(board, seed: 99)
    run.executor.home(showing: last)
    run.runUntilIdle()
    #expect(run.shown == last)
  }

  @Test func aDeadSensorAndAStuckRotorAreReportedWhileTheRestIsCorrect() throws {
    let board = try twinBoard(
      "pi-gpio-4.yaml", extra: "simulation:\n  dead_sensors: [1]\n  stuck_rotors: [3]\n")
    let run = try TwinRun(board)
    run.executor.home(showing: [5, 6, 7, 8])
    run.runUntilIdle()
    let status = run.executor.statuses
    #expect(status[1].mode == .sensorError && status[1].fault?.kind == .homeNotFound)
    #expect(status[3].mode == .sensorError && status[3].fault != nil)
    #expect(run.shown[0] == 5 && run.shown[2] == 7)
    run.executor.show([9, 0, 30, 0], at: run.now)
    run.runUntilIdle()
    #expect(run.shown[0] == 9 && run.shown[2] == 30)
  }
}
