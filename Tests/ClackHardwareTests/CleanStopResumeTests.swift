import ClackBoard
import ClackCore
import ClackHardware
import ClackScheduler
import ClackSimHAL
import ClackTestSupport
import Testing

/// A restart after a clean stop trusts the saved positions instead of homing: the first
/// content moves at once, and a module turned by hand while the board was off is found when it
/// passes its sensor and put right. In virtual time, on a board's twin restarted with its
/// rotors where they stopped (as a real board keeps them).
@Suite struct CleanStopResumeTests {
  /// A twin and its executor, ticked in virtual time.
  final class Run {
    let board: BoardDefinition
    let twin: SimulatedBoard
    let executor: SteppedExecutor
    var now = 0

    init(_ board: BoardDefinition, rotors: [Int]? = nil) throws {
      self.board = board
      twin = try SimulatedBoard(board: board, rotors: rotors)
      twin.log.isEnabled = false
      executor = SteppedExecutor(bank: try #require(twin.stepped), board: board, searchSpeed: 800)
    }

    /// Ticks (1 ms) until idle; returns the board time it took, in microseconds.
    @discardableResult
    func runUntilIdle(limit: Int = 2_000_000) -> Int {
      let start = now
      repeat {
        executor.tick(now: now)
        now += 1000
        twin.clock.advance(nanoseconds: 1_000_000)
      } while !(executor.isIdle && executor.isDormant) && now - start < limit * 1000
      return now - start
    }

    var reports: [ModuleReport] {
      var reports = Array(repeating: ModuleReport(), count: executor.moduleCount)
      executor.report(into: &reports)
      return reports
    }
  }

  /// Homes and shows a first frame, then stops cleanly: what a clean stop saves.
  static func stoppedBoard() throws -> (BoardDefinition, [ModuleReport], [Int]) {
    let board = try twinBoard("pcf8575-8.yaml")
    let first = try Run(board)
    first.executor.home(showing: randomTargets(board, seed: 31))
    first.runUntilIdle()
    first.executor.shutdown()
    #expect(first.twin.modules.allSatisfy { !$0.motor.isEnergized })
    return (board, first.reports, first.twin.rotorPositions)
  }

  static func resume(_ run: Run, _ saved: [ModuleReport], to flaps: [Int]) -> Plan {
    let plan = run.executor.planner.plan(from: saved.map { max(0, $0.position) }, to: flaps)
    let command = FlapCommand(moduleCount: run.executor.moduleCount)
    command.loadResume(plan, positions: saved.map(\.position), phases: saved.map(\.phase))
    run.executor.resume(command, at: run.now)
    return plan
  }

  @Test func theFirstContentMovesAtOnceWithoutHoming() throws {
    let (board, saved, rotors) = try Self.stoppedBoard()
    #expect(saved.allSatisfy { $0.mode == .normal && $0.position >= 0 })
    let run = try Run(board, rotors: rotors)
    let next = randomTargets(board, seed: 32)
    let plan = Self.resume(run, saved, to: next)
    #expect(run.reports.allSatisfy { $0.mode == .normal }, "homed from the start")
    let took = run.runUntilIdle()
    #expect(run.twin.modules.map(\.displayedFlap) == next)
    #expect(run.reports.map(\.flap) == next)
    #expect(run.reports.allSatisfy { $0.missedHomes == 0 && $0.unexpectedHomes == 0 })
    // The plan's time and the ticks that end it, not a homing's revolution at search speed.
    #expect(took <= plan.makespanMicroseconds + 5000, "took \(took) µs")
    #expect(run.twin.modules.allSatisfy { $0.motor.stepsLost == 0 })
  }

  @Test func aModuleTurnedByHandWhileOffIsFoundAtItsSensorAndPutRight() throws {
    let (board, saved, rotors) = try Self.stoppedBoard()
    var moved = rotors
    let revolution = board.motion.stepsPerRevolution
    moved[3] += revolution / 5 + 3  // a fifth of a turn, off the coils' phase too
    let run = try Run(board, rotors: moved)
    // Module 3 goes nearly a whole turn, so it passes its home sensor on the way.
    var next = saved.map { max(0, $0.flap) }
    next[3] = (saved[3].flap + board.flapSet.count - 1) % board.flapSet.count
    next[5] = (saved[5].flap + 7) % board.flapSet.count
    _ = Self.resume(run, saved, to: next)
    run.runUntilIdle()
    let report = run.reports[3]
    #expect(report.unexpectedHomes + report.missedHomes > 0, "the sensor check did not fire")
    #expect(run.twin.modules.map(\.displayedFlap) == next)
    #expect(run.reports.map(\.flap) == next)
  }

  @Test func aModuleWithoutASavedPositionIsHomedAfterThePlan() throws {
    let (board, saved, rotors) = try Self.stoppedBoard()
    var unknown = saved
    unknown[2].position = -1
    let run = try Run(board, rotors: rotors)
    let next = randomTargets(board, seed: 33)
    _ = Self.resume(run, unknown, to: next)
    #expect(run.reports[2].mode == .lookForHome)
    #expect(run.reports.indices.filter { $0 != 2 }.allSatisfy { run.reports[$0].mode == .normal })
    run.runUntilIdle()
    #expect(run.twin.modules.map(\.displayedFlap) == next)
  }
}
