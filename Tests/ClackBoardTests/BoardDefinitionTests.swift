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
    #expect(sim.flapSet == .splitflap52)
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
      "test.yaml:4:1: colour: unknown field; known fields here: name, description, geometry, flaps")
  }

  @Test func wrongType() {
    expectError(
      "name: x\ngeometry: {rows: six, cols: 22}\nflaps: vestaboard\n",
      "test.yaml:2:18: geometry.rows: must be a whole number from 1 to 64")
    expectError(
      "name: x\ngeometry: [6, 22]\nflaps: vestaboard\n",
      "test.yaml:2:11: geometry: must be a mapping of fields (rows, cols)")
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
        + "vestaboard, splitflap-52, classic-40")
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
}
