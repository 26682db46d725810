import Testing

@testable import ClackBoard

/// `power:` in amperes: the supply's rating, each module's draw, and what they allow.
@Suite struct PowerSupplyFileTests {
  let board = """
    name: t
    geometry: {rows: 2, cols: 8}
    flaps: vestaboard
    motion: {start_speed: 200, top_speed: 1000, ramp_ms: 200}

    """

  func parse(_ power: String) throws(BoardFileError) -> BoardDefinition {
    try BoardDefinition.parse(yaml: board + power, file: "t.yaml")
  }

  func error(_ power: String) -> String {
    do {
      _ = try parse(power)
      return "accepted"
    } catch {
      return error.description
    }
  }

  @Test func theSupplyGivesTheCountAtFullDraw() throws {
    let parsed = try parse(
      "power:\n  supply_amps: 0.75\n  reserved_amps: 0.05\n"
        + "  module_amps: {ramping: 0.165, cruising: 0.1, holding: 0.15, idle: 0.004}\n")
    let supply = try #require(parsed.supply)
    #expect(supply.supplyMilliamps == 750 && supply.reservedMilliamps == 50)
    #expect(supply.ramping == 165 && supply.cruising == 100 && supply.holding == 150)
    // 750 − 50 − 16 × 4 = 636 mA above idle; 161 mA more each at full draw: 3 at once.
    #expect(supply.headroomMilliamps(moduleCount: 16) == 636)
    #expect(parsed.maxMoving == 3 && parsed.movingLimit == 16)
    // A max_moving beside the supply still caps the count; a larger one is lowered to it.
    let capped = try parse(
      "power:\n  max_moving: 2\n  supply_amps: 0.75\n"
        + "  module_amps: {ramping: 0.165, cruising: 0.1, holding: 0.15, idle: 0.004}\n")
    #expect(capped.maxMoving == 2 && capped.movingLimit == 2)
  }

  @Test func aFileWithOnlyMaxMovingKeepsWorking() throws {
    let parsed = try parse("power: {max_moving: 5}\n")
    #expect(parsed.supply == nil && parsed.maxMoving == 5)
  }

  @Test func mistakesAreNamedWithTheirPlace() {
    #expect(
      error("power: {module_amps: {ramping: 0.2, cruising: 0.1, holding: 0.2, idle: 0}}\n")
        == "t.yaml:5:22: power.module_amps: needs supply_amps beside it: the supply's rating in amperes"
    )
    #expect(
      error("power: {supply_amps: 2}\n")
        == "t.yaml:5:8: power: gives supply_amps but not module_amps: each module's draw (ramping, cruising, holding, idle)"
    )
    #expect(
      error("power: {}\n")
        == "t.yaml:5:8: power: gives neither max_moving nor supply_amps with module_amps")
    #expect(
      error(
        "power: {supply_amps: 2, module_amps: {ramping: 0.2, cruising: 0.001, holding: 0.2, idle: 0.01}}\n"
      )
        == "t.yaml:5:63: power.module_amps.cruising: 0.001 A is below idle (0.01 A): a moving module draws at least what it draws at rest"
    )
    #expect(
      error(
        "power: {supply_amps: 0.2, module_amps: {ramping: 0.2, cruising: 0.1, holding: 0.2, idle: 0.004}}\n"
      )
        == "t.yaml:5:22: power.supply_amps: 0.2 A cannot move one module: 0 A reserved and 16 modules idle at 0.004 A leave 0.136 A, and a moving module needs 0.196 A more than idle"
    )
    #expect(
      error(
        "power: {supply_amps: 2, module_amps: {ramping: 0.2, cruising: 0.1, holding: 0.2}}\n"
      )
      .contains("idle"))
  }

  @Test func amperesReadForPeople() {
    #expect(PowerSupply.amperes(2500) == "2.5 A")
    #expect(PowerSupply.amperes(3000) == "3 A")
    #expect(PowerSupply.amperes(4) == "0.004 A")
    #expect(PowerSupply.amperes(0) == "0 A")
  }
}
