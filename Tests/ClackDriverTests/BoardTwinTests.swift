import ClackBoard
import ClackCore
import ClackDrivers
import ClackHAL
import ClackHardware
import ClackSimHAL
import ClackTestSupport
import Foundation
import Testing

/// Drives a simulated board to `flaps` with the driver its file names; returns each module's
/// fault.
func show(_ twin: SimulatedBoard, _ flaps: [Int]) throws -> [ModuleFault?] {
  if let bank = twin.stepped {
    let harness = ConstantSpeedHarness(
      bank: bank, clock: twin.clock, revolution: twin.board.motion.stepsPerRevolution,
      flapCount: twin.board.flapSet.count, offsets: twin.board.offsets)
    harness.show(flaps)
    return harness.faults
  }
  let bank = try #require(twin.smart)
  var faults: [ModuleFault?] = bank.configure().reduce(
    into: Array(repeating: nil, count: bank.moduleCount)
  ) {
    $0[$1.module] = $1
  }
  for (module, flap) in flaps.enumerated() where faults[module] == nil {
    faults[module] = bank.setTarget(flap, module: module)
  }
  for _ in 0..<400 {
    twin.clock.advance(by: .milliseconds(50))
    var moving = false
    for module in 0..<bank.moduleCount {
      switch bank.status(module: module) {
      case .success(let snapshot): if snapshot.status.contains(.moving) { moving = true }
      case .failure(let fault): faults[module] = fault
      }
    }
    if !moving { break }
  }
  return faults
}

@Suite struct BoardTwinTests {
  @Test(arguments: [
    "sim-6x22.yaml", "pi-gpio-4.yaml", "chainlink-6x18.yaml", "i2c-smart-6x22.yaml",
    "pcf8575-8.yaml",
  ])
  func everyShippedBoardsTwinShowsRandomFramesOnEveryModule(file: String) throws {
    let board = try loadBoard(file)
    let twin = try SimulatedBoard(board: board)
    twin.log.isEnabled = false
    for round in 0..<(LongRun.isEnabled ? 2 : 1) {
      let flaps = randomTargets(board, seed: UInt64(round) + 40)
      let faults = try show(twin, flaps)
      #expect(faults.allSatisfy { $0 == nil }, "\(file): \(faults.compactMap { $0 }.prefix(3))")
      let shown = twin.modules.map(\.displayedFlap)
      #expect(
        shown == flaps,
        "\(file) round \(round): \(zip(shown, flaps).filter { $0 != $1 }.count) modules wrong")
    }
  }

  @Test func injectedFaultsFromTheBoardFileFaultOnlyThoseModules() throws {
    var yaml = try String(
      contentsOf: boardsDirectory.appendingPathComponent("pcf8575-8.yaml"), encoding: .utf8)
    yaml += "simulation:\n  dead_sensors: [2]\n  missing_modules: [5]\n"
    let twin = try SimulatedBoard(
      board: try BoardDefinition.parse(yaml: yaml, file: "pcf8575-8.yaml"))
    let flaps = randomTargets(twin.board, seed: 3)
    let faults = try show(twin, flaps)
    #expect(faults[2]?.kind == .homeNotFound)
    #expect(faults[5]?.kind == .bus(.noAcknowledge))
    for module in [0, 1, 3, 4, 6, 7] {
      #expect(twin.modules[module].displayedFlap == flaps[module])
    }
  }

  @Test func aBoardWithoutModulesCannotBeSimulated() throws {
    let board = try BoardDefinition.parse(
      yaml: "name: x\ngeometry: {rows: 1, cols: 1}\nflaps: vestaboard\n", file: "x.yaml")
    #expect(throws: HALError.self) { try SimulatedBoard(board: board) }
  }
}
