import ClackBoard
import ClackCore
import ClackHardware
import ClackScheduler
import ClackTestSupport
import Foundation
import Testing

/// The executor on a twin whose supply is the limit: plans in amperes move more modules at
/// once than the supply carries at full draw, and the twin's ammeter (each motor's draw from
/// its coils and step rate) never reads more than the supply gives.
@Suite struct SupplyCurrentTests {
  /// The default board cut to 2 × 8 on a 0.75 A supply: 686 mA above idle, so 4 modules at
  /// full draw (0.161 A more than idle each) and 7 cruising (0.096 A).
  func tightBoard() throws -> BoardDefinition {
    let yaml = BuiltinBoard.yaml.replacingOccurrences(of: "rows: 6", with: "rows: 2")
      .replacingOccurrences(of: "cols: 22", with: "cols: 8")
      .replacingOccurrences(of: "supply_amps: 2.5", with: "supply_amps: 0.75")
    return try BoardDefinition.parse(yaml: yaml, file: "tight.yaml")
  }

  @Test func theTwinNeverDrawsMoreThanItsSupply() throws {
    let board = try tightBoard()
    let supply = try #require(board.supply)
    #expect(board.maxMoving == 4)
    let run = try TwinRun(board)
    let first = randomTargets(board, seed: 3)
    run.executor.home(showing: first)
    run.runUntilIdle()
    #expect(run.shown == first)
    // Homing moves at most the count the supply carries at full draw.
    #expect(run.peakEnergised <= 4)
    for (round, transition) in [
      Transition(.fastest), Transition(.reveal), Transition(.random, seed: 2),
      Transition(.column, stepSize: 2, stepIntervalMilliseconds: 20),
    ].enumerated() {
      let next = randomTargets(board, seed: UInt64(round) + 20)
      run.executor.show(next, transition: transition, at: run.now)
      run.runUntilIdle()
      #expect(
        run.shown == next,
        "\(transition.kind): \(zip(run.shown, next).filter { $0 != $1 }.count) wrong")
    }
    #expect(
      run.peakMilliamps <= supply.supplyMilliamps,
      "the twin drew \(run.peakMilliamps) mA of a \(supply.supplyMilliamps) mA supply")
    #expect(run.peakEnergised > 4, "never more than 4 moving: the plans were not in amperes")
    #expect(run.executor.statuses.allSatisfy { $0.fault == nil && $0.missedHomes == 0 })
  }

  @Test func theTwinsAmmeterFollowsTheMotors() throws {
    let board = try tightBoard()
    let twin = try SimulatedBoard(board: board)
    // At rest every module draws its idle 4 mA.
    #expect(twin.supplyDrawMilliamps() == 16 * 4)
    var modules = try simBoardInModules()
    modules.supply = nil
    #expect(try SimulatedBoard(board: modules).supplyDrawMilliamps() == nil)
  }
}
