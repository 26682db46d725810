import ClackBoard
import ClackCore
import ClackHardware
import ClackScheduler
import ClackTestSupport
import Testing

/// A twin built with what its board file does not know (calibration's test bed): each spool's
/// real steps per revolution and offset. The executor measures the revolution between two home
/// edges and reports where the edge came against where it expected it.
@Suite struct MeasuredRevolutionTests {
  @Test func homingAndMovesMeasureEachSpoolsRevolution() throws {
    let board = try twinBoard(
      "pi-gpio-4.yaml",
      extra: "simulation:\n  steps_per_revolution: [4076, 4096, 4080, 4110]\n"
        + "  offsets: [10, -20, 30, 0]\n")
    #expect(board.simulation.trueRevolutions == [4076, 4096, 4080, 4110])
    #expect(board.motion.stepsPerRevolution == 4096 && board.offsets == [0, 0, 0, 0])
    let run = try TwinRun(board)
    #expect(
      run.twin.modules.map { $0.motor.parameters.stepsPerRevolution } == [4076, 4096, 4080, 4110])
    #expect(run.twin.modules.map(\.parameters.mechanicalOffset) == [10, -20, 30, 0])
    run.executor.home(showing: [0, 0, 0, 0])
    run.runUntilIdle()
    // Two full turns each: at least two home edges passed in one move.
    run.executor.show(
      [0, 0, 0, 0], transition: Transition(.fastest, fullRotation: true), at: run.now)
    run.runUntilIdle()
    run.executor.show(
      [0, 0, 0, 0], transition: Transition(.fastest, fullRotation: true), at: run.now)
    run.runUntilIdle()
    let measured = run.executor.statuses.map(\.measuredRevolution)
    #expect(measured == [4076, 4096, 4080, 4110], "measured \(measured)")
    // Once measured, each module's positions wrap at its own spool's revolution: its later
    // edges come where it expects them. Modules 0 and 2 stop short of flap 0 by the offsets
    // the file does not know (10 and 30 steps): that is what calibration is for.
    #expect(run.executor.statuses.map(\.homeError) == [0, 0, 0, 0])
    #expect(run.shown == [51, 0, 51, 0])
    #expect(run.executor.statuses.allSatisfy { $0.fault == nil && $0.mode == .normal })
  }

  /// A spool far from the file's revolution (beyond what a measurement takes: an eighth) finds
  /// home, misses it a lap later, finds it again …: after three misses in a row, with no edge
  /// where expected between them, it is stopped with a fault naming the likely causes.
  @Test func aModuleThatKeepsMissingHomeIsStoppedNotLeftCircling() throws {
    let board = try twinBoard(
      "pi-gpio-4.yaml", extra: "simulation:\n  steps_per_revolution: [4096, 4700, 4096, 4096]\n")
    let run = try TwinRun(board)
    run.executor.home(showing: [0, 0, 0, 0])
    run.runUntilIdle()
    // Each full turn passes where home should be and misses it; the module re-homes and
    // carries on to its flap, never meeting its edge where expected.
    for _ in 0..<4 {
      run.executor.show(
        [20, 20, 20, 20], transition: Transition(.fastest, fullRotation: true), at: run.now)
      run.runUntilIdle()
    }
    let status = run.executor.statuses[1]
    #expect(run.executor.isIdle, "module 1 still circling")
    #expect(status.fault?.kind == .homeNotFound)
    #expect(status.fault?.message.contains("3 times in a row") == true)
    #expect(status.fault?.message.contains("steps_per_revolution") == true)
    #expect(run.shown[0] == 20 && run.shown[2] == 20 && run.shown[3] == 20)
  }

  @Test func theSimulationSectionChecksItsLists() {
    #expect(throws: BoardFileError.self) {
      _ = try twinBoard("pi-gpio-4.yaml", extra: "simulation:\n  steps_per_revolution: [4076]\n")
    }
    #expect(throws: BoardFileError.self) {
      _ = try twinBoard("pi-gpio-4.yaml", extra: "simulation:\n  offsets: 200000\n")
    }
  }
}

/// A motor wired to turn backwards: wrong without `modules.reverse`, right with it.
@Suite struct ReversedMotorTests {
  func run(reverse: Bool) throws -> (shown: [Int], wanted: [Int], statuses: [ModuleStatus]) {
    var yaml = "simulation:\n  reversed_motors: [2]\n"
    if reverse { yaml += "" }
    var board = try twinBoard("pi-gpio-4.yaml", extra: yaml)
    if reverse { board.reversed = [false, false, true, false] }
    let run = try TwinRun(board)
    #expect(run.twin.modules[2].motor.parameters.wiredBackwards)
    run.executor.home(showing: [0, 0, 0, 0])
    run.runUntilIdle(limit: 60_000)
    let wanted = [5, 9, 13, 17]
    run.executor.show(wanted, transition: Transition(.fastest), at: run.now)
    run.runUntilIdle(limit: 60_000)
    return (run.shown, wanted, run.executor.statuses)
  }

  @Test func aBackwardMotorIsRightOnlyWithReverse() throws {
    let wrong = try run(reverse: false)
    #expect(
      wrong.shown[2] != wrong.wanted[2] || wrong.statuses[2].mode != .normal,
      "a motor turning backwards went unnoticed")
    let right = try run(reverse: true)
    #expect(right.shown == right.wanted)
    #expect(right.statuses.allSatisfy { $0.mode == .normal && $0.fault == nil })
  }

  @Test func theBoardFileNamesThem() throws {
    let board = try twinBoard(
      "pi-gpio-4.yaml", extra: "")
    #expect(board.reversed == [false, false, false, false])
    let yaml = try String(
      contentsOf: boardsDirectory.appendingPathComponent("pi-gpio-4.yaml"), encoding: .utf8
    )
    .replacingOccurrences(
      of: "  type: gpio-stepper\n", with: "  type: gpio-stepper\n  reverse: [1, 3]\n")
    let reversed = try BoardDefinition.parse(yaml: yaml, file: "r.yaml")
    #expect(reversed.reversed == [false, true, false, true])
    let bad = yaml.replacingOccurrences(of: "reverse: [1, 3]", with: "reverse: [4]")
    #expect(throws: BoardFileError.self) {
      _ = try BoardDefinition.parse(yaml: bad, file: "r.yaml")
    }
  }
}
