import ClackCore
import Foundation
import Testing

@testable import ClackBoard

@Suite struct BoardDefinitionTests {
  func parse(_ yaml: String) throws(BoardFileError) -> BoardDefinition {
    try BoardDefinition.parse(yaml: yaml, file: "test.yaml")
  }

  func expectError(
    _ yaml: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      _ = try parse(yaml)
      Issue.record("accepted:\n\(yaml)", sourceLocation: sourceLocation)
    } catch {
      #expect(error.description == expected, sourceLocation: sourceLocation)
    }
  }

  @Test func theShippedBoardFilesLoad() throws {
    let boards = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../boards").standardized
    let sim = try BoardDefinition.load(path: boards.appendingPathComponent("sim-6x22.yaml").path)
    #expect(sim.name == "sim-6x22")
    #expect(sim.rows == 6 && sim.cols == 22)
    #expect(sim.flapSet == .vestaboard)
  }

  @Test func aCustomFlapSet() throws {
    let board = try parse(
      """
      name: runes
      geometry: {rows: 1, cols: 8}
      flaps:
        name: elder-futhark
        symbols: " ᚠᚢᚦᚨᚱᚲ{red}"
      """)
    #expect(board.flapSet.count == 8)
    #expect(board.flapSet.symbols.last == .tile(.red))
  }

  @Test func missingField() {
    expectError(
      "name: x\ngeometry: {rows: 6, cols: 22}\n", "test.yaml:1:1: the field 'flaps' is missing")
    expectError(
      "name: x\ngeometry:\n  rows: 6\nflaps: vestaboard\n",
      "test.yaml:3:3: geometry: the field 'cols' is missing")
  }

  @Test func unknownField() {
    expectError(
      "name: x\ngeometry: {rows: 6, cols: 22}\nflaps: vestaboard\ncolour: red\n",
      "test.yaml:4:1: colour: unknown field; known fields here: name, description, geometry, flaps, "
        + "modules, motion, offsets, power, simulation")
  }

  @Test func wrongType() {
    expectError(
      "name: x\ngeometry: {rows: six, cols: 22}\nflaps: vestaboard\n",
      "test.yaml:2:18: geometry.rows: must be a whole number from 1 to 64")
    expectError(
      "name: x\ngeometry: [6, 22]\nflaps: vestaboard\n",
      "test.yaml:2:11: geometry: must be a mapping of fields (rows, cols, order)")
  }

  @Test func outOfRange() {
    expectError(
      "name: x\ngeometry: {rows: 6, cols: 0}\nflaps: vestaboard\n",
      "test.yaml:2:27: geometry.cols: 0 is out of range 1-128")
  }

  @Test func unknownBuiltInFlapSet() {
    expectError(
      "name: x\ngeometry: {rows: 6, cols: 22}\nflaps: splitflap-64\n",
      "test.yaml:3:8: flaps: no built-in flap set is called 'splitflap-64'; built-in sets: "
        + "vestaboard, splitflap-52, classic-40, elder-futhark-40")
  }

  @Test func invalidCustomFlapSet() {
    expectError(
      "name: x\ngeometry: {rows: 6, cols: 22}\nflaps: {name: n, symbols: 'AB'}\n",
      "test.yaml:3:8: flaps: flap set 'n' has no blank flap (a space); layout needs one to pad "
        + "unused cells")
  }

  @Test func syntaxErrorAndEmptyFile() {
    do {
      _ = try parse("name: [unclosed\n")
      Issue.record("accepted bad YAML")
    } catch {
      #expect(error.description.hasPrefix("test.yaml: is not valid YAML:"))
    }
    expectError("", "test.yaml: the file is empty")
  }

  @Test func missingFile() {
    #expect(
      throws: BoardFileError(
        file: "/nonexistent/b.yaml", line: nil, column: nil, field: nil, message: "no such file")
    ) {
      try BoardDefinition.load(path: "/nonexistent/b.yaml")
    }
  }

  // The wiring and the rest of the schema: one test per kind of mistake.
  let gpioBoard = """
    name: g
    geometry: {rows: 1, cols: 2}
    flaps: splitflap-52
    modules:
      type: gpio-stepper
      wiring:
        chip: pinctrl-bcm2711
        modules:
          - {coils: [4, 17, 27, 22], sensor: 26}
          - {coils: [5, 6, 13, 19], sensor: 14}

    """

  @Test func aCompleteBoardParses() throws {
    let board = try parse(
      gpioBoard + "offsets: [3, -4]\npower: {max_moving: 1}\nmotion: {top_speed: 900}\n")
    guard case .gpioStepper(let wiring) = board.hardware else {
      Issue.record("not a GPIO board")
      return
    }
    #expect(wiring.modules[1].coils == [5, 6, 13, 19])
    #expect(board.offsets == [3, -4])
    #expect(board.maxMoving == 1)
    #expect(board.motion.topSpeed == 900)
  }

  @Test func unknownModuleType() {
    expectError(
      "name: x\ngeometry: {rows: 1, cols: 1}\nflaps: vestaboard\nmodules: {type: stepper, wiring: {}}\n",
      "test.yaml:4:17: modules.type: 'stepper' is not one of: gpio-stepper, shift-register, i2c-smart, pcf8575, vestaboard"
    )
  }

  @Test func wiringForTheWrongNumberOfModules() {
    let yaml = gpioBoard.replacingOccurrences(of: "cols: 2", with: "cols: 3")
    expectError(
      yaml, "test.yaml:9:7: modules.wiring.modules: lists 2 modules, the board has 3 (1×3)")
  }

  @Test func aGPIOLineUsedTwice() {
    let yaml = gpioBoard.replacingOccurrences(of: "sensor: 14", with: "sensor: 17")
    expectError(
      yaml,
      "test.yaml:10:41: modules.wiring.modules[1].sensor: line 17 is already used by module 0's coils"
    )
  }

  @Test func notFourCoils() {
    let yaml = gpioBoard.replacingOccurrences(of: "[5, 6, 13, 19]", with: "[5, 6, 13]")
    expectError(
      yaml,
      "test.yaml:10:17: modules.wiring.modules[1].coils: needs 4 lines (IN1-IN4 of the ULN2003), not 3"
    )
  }

  @Test func i2cAddressesOutOfRangeOrTwice() {
    let pcf = """
      name: p
      geometry: {rows: 1, cols: 9}
      flaps: splitflap-52
      modules:
        type: pcf8575
        wiring:
          buses:
            - {bus: /dev/i2c-1, first_address: 0x20, count: 9}

      """
    expectError(
      pcf,
      "test.yaml:8:42: modules.wiring.buses[0].first_address: addresses 0x20-0x28 leave 0x20-0x27 "
        + "(a PCF8575 can only use those; 0x00-0x07 and 0x78-0x7f are reserved)")
    let smart = pcf.replacingOccurrences(of: "pcf8575", with: "i2c-smart")
      .replacingOccurrences(
        of: "count: 9}", with: "count: 5}\n      - {bus: /dev/i2c-1, first_address: 0x24, count: 4}"
      )
    expectError(
      smart,
      "test.yaml:9:42: modules.wiring.buses[1].first_address: address 0x24 on /dev/i2c-1 is used twice"
    )
    let reserved = pcf.replacingOccurrences(of: "pcf8575", with: "i2c-smart").replacingOccurrences(
      of: "0x20", with: "0x04")
    expectError(
      reserved,
      "test.yaml:8:42: modules.wiring.buses[0].first_address: addresses 0x4-0xc leave 0x8-0x77 "
        + "(usable 7-bit addresses are those; 0x00-0x07 and 0x78-0x7f are reserved)")
  }

  @Test func eachI2CBusHasOneClockThePisDefaultUnlessGiven() throws {
    let smart = """
      name: s
      geometry: {rows: 1, cols: 6}
      flaps: splitflap-52
      modules:
        type: i2c-smart
        wiring:
          buses:
            - {bus: /dev/i2c-1, first_address: 0x10, count: 2}
            - {bus: /dev/i2c-3, first_address: 0x10, count: 2, clock_hz: 400000}
            - {bus: /dev/i2c-1, first_address: 0x20, count: 2}

      """
    guard case .i2cSmart(let wiring) = try parse(smart).hardware else {
      Issue.record("not an i2c-smart board")
      return
    }
    #expect(wiring.clocks == ["/dev/i2c-1": 100_000, "/dev/i2c-3": 400_000])
    #expect(wiring.groups.map(\.clockHz) == [100_000, 400_000, 100_000])
    expectError(
      smart.replacingOccurrences(of: "0x20, count: 2}", with: "0x20, count: 2, clock_hz: 400000}"),
      "test.yaml:10:68: modules.wiring.buses[2].clock_hz: /dev/i2c-1 is at 100000 Hz in an entry "
        + "above (100000 where none is given): a bus has one clock, so every entry of it must "
        + "give the same")
    expectError(
      smart.replacingOccurrences(of: "clock_hz: 400000", with: "clock_hz: 5000000"),
      "test.yaml:9:68: modules.wiring.buses[1].clock_hz: 5000000 is out of range 10000-1000000")
  }

  @Test func offsetsOfTheWrongLength() {
    expectError(
      gpioBoard + "offsets: [1, 2, 3]\n",
      "test.yaml:11:10: offsets: lists 3 offsets, the board has 2 modules (or give one number for all)"
    )
  }

  @Test func aPowerBudgetLargerThanTheBoard() {
    expectError(
      gpioBoard + "power: {max_moving: 3}\n",
      "test.yaml:11:21: power.max_moving: 3 is out of range 1-2")
  }

  @Test func topSpeedBelowStartSpeed() {
    expectError(
      gpioBoard + "motion: {start_speed: 500, top_speed: 300}\n",
      "test.yaml:11:39: motion.top_speed: top_speed (300) is below start_speed (500)")
  }

  @Test func aSimulatedFaultOnAModuleThatDoesNotExist() {
    expectError(
      gpioBoard + "simulation: {dead_sensors: [5]}\n",
      "test.yaml:11:29: simulation.dead_sensors[0]: module 5 does not exist (modules are 0-1)")
  }

  @Test func shiftRegisterLinesCollide() {
    let yaml = """
      name: s
      geometry: {rows: 1, cols: 6}
      flaps: splitflap-52
      modules:
        type: shift-register
        wiring: {transport: gpio, chip: c, latch: 25, load: 24, data: 10, clock: 25, data_in: 9}

      """
    expectError(yaml, "test.yaml:6:76: modules.wiring.clock: line 25 is already used as latch")
  }

  @Test func everyShippedBoardFileIsValid() throws {
    let boards = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../boards"
    ).standardized
    let files = try FileManager.default.contentsOfDirectory(atPath: boards.path).filter {
      $0.hasSuffix(".yaml")
    }.sorted()
    let pixelBoards = [
      "ht16k33-16x8.yaml", "ht16k33-32x8.yaml", "is31fl3731-16x9.yaml", "max7219-32x8.yaml",
      "max7219-32x8-gpio.yaml", "sim-pixels-64x16.yaml", "sim-runes-64x16.yaml",
      "ws2812-16x16.yaml", "ws2812-8x32.yaml", "sk6812-rgbw-32x8.yaml", "apa102-16x8.yaml",
      "flaschen-taschen-64x32.yaml",
    ]
    #expect(
      files.filter { !pixelBoards.contains($0) } == [
        "chainlink-6x18.yaml", "i2c-smart-6x22.yaml", "pcf8575-8.yaml", "pi-gpio-4.yaml",
        "sim-6x22.yaml", "sim-runes-6x22.yaml", "vestaboard-flagship.yaml",
        "vestaboard-note.yaml",
      ])
    for file in files {
      let path = boards.appendingPathComponent(file).path
      if pixelBoards.contains(file) {
        #expect("\(try PixelBoardDefinition.load(path: path).name).yaml" == file)
        continue
      }
      let board = try BoardDefinition.load(path: path)
      #expect(board.hardware != nil, "\(file) has no modules")
      #expect("\(board.name).yaml" == file)
    }
  }

  @Test func moduleOrders() {
    #expect(ModuleOrder.rowMajor.cell(ofModule: 5, rows: 2, cols: 4) == (1, 1))
    #expect(ModuleOrder.columnMajor.cell(ofModule: 5, rows: 2, cols: 4) == (1, 2))
    #expect(ModuleOrder.serpentine.cell(ofModule: 5, rows: 2, cols: 4) == (1, 2))
    #expect(ModuleOrder.serpentine.cell(ofModule: 2, rows: 2, cols: 4) == (0, 2))
  }
}
