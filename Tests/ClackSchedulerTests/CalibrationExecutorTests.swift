import ClackBoard
import ClackCore
import ClackScheduler
import ClackTestSupport
import Testing

/// Calibration on the executor: a twin whose magnets sit where its board file does not know,
/// offsets worked out from what it shows after homing, handed to the running executor, and
/// then every flap lands right.
@Suite struct CalibrationExecutorTests {
  @Test func offsetsFromWhatTheTwinShowsPutEveryFlapRight() throws {
    let board = try twinBoard(
      "pi-gpio-4.yaml", extra: "simulation:\n  offsets: [200, -700, 1500, 40]\n")
    let run = try TwinRun(board)
    run.executor.home(showing: [0, 0, 0, 0])
    run.runUntilIdle()
    let before = run.shown
    #expect(before != [0, 0, 0, 0], "the twin's offsets should show: \(before)")
    let calibration = FlapCalibration(
      flapCount: board.flapSet.count, stepsPerRevolution: board.motion.stepsPerRevolution)
    let offsets = calibration.offsets(
      current: board.offsets, expected: [0, 0, 0, 0], shown: before.map { $0 })
    run.executor.setOffsets(offsets)
    run.runUntilIdle()
    #expect(run.shown == [0, 0, 0, 0])
    for wanted in [[5, 9, 13, 17], [51, 26, 0, 33], [1, 1, 1, 1]] {
      run.executor.show(wanted, transition: Transition(.fastest), at: run.now)
      run.runUntilIdle()
      #expect(run.shown == wanted)
    }
    #expect(run.executor.statuses.allSatisfy { $0.fault == nil && $0.missedHomes == 0 })
  }
}
