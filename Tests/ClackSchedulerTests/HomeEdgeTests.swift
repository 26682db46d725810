import ClackBoard
import ClackScheduler
import ClackTestSupport
import Testing

/// A move that ends exactly on the home edge: the sensor's rising edge comes with the last step
/// (or, on a shift-register chain, one tick after it), when the module is already idle. It
/// must still count as the once-a-revolution home pulse, or the next pass is a false "missed
/// home".
@Suite struct HomeEdgeTests {
  @Test(arguments: ["sim-6x22.yaml", "pi-gpio-4.yaml"])
  func aMoveEndingOnTheHomeEdgeIsNotAMissedHome(file: String) throws {
    var yaml = try String(
      contentsOf: boardsDirectory.appendingPathComponent(file), encoding: .utf8)
    if file == "sim-6x22.yaml" {
      yaml = yaml.replacingOccurrences(of: "rows: 6", with: "rows: 1")
        .replacingOccurrences(of: "cols: 22", with: "cols: 4")
        .replacingOccurrences(of: "  supply_amps:", with: "  max_moving: 4\n  supply_amps:")
    }
    let board = try BoardDefinition.parse(yaml: yaml, file: file)
    let run = try TwinRun(board)
    let count = board.moduleCount
    // Flap 0 of a module with offset 0 is its home edge, in the executor's own reckoning.
    try #require(board.offsets.allSatisfy { $0 == 0 })
    let home = Array(repeating: 0, count: count)
    run.executor.home(showing: home)
    run.runUntilIdle()
    for round in 0..<4 {
      let across = home.map { ($0 + board.flapSet.count / 2 + round) % board.flapSet.count }
      run.executor.run(
        run.executor.planner.plan(fromFlaps: home, to: across), at: run.now)
      run.runUntilIdle()
      run.executor.run(run.executor.planner.plan(fromFlaps: across, to: home), at: run.now)
      run.runUntilIdle()
    }
    let statuses = run.executor.statuses
    #expect(statuses.map(\.missedHomes) == Array(repeating: 0, count: count))
    #expect(statuses.map(\.unexpectedHomes) == Array(repeating: 0, count: count))
    #expect(statuses.map(\.flap) == home.map(Optional.some))
  }
}
