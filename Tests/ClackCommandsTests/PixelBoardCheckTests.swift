import Foundation
import Testing

@testable import ClackCommands

/// `clack board check --simulate` on pixel boards: every shipped one starts its simulated chips
/// and reads a test picture back from their registers; a missing chip fails, named.
@Suite struct PixelBoardCheckTests {
  let boards = BoardCommandTests().boards

  @Test(arguments: [
    "ht16k33-16x8.yaml", "ht16k33-32x8.yaml", "is31fl3731-16x9.yaml", "max7219-32x8.yaml",
    "sim-pixels-64x16.yaml",
  ])
  func everyShippedPixelBoardPassesItsSelfTest(file: String) throws {
    let path = boards.appendingPathComponent(file).path
    let output = try parse(BoardCheckCommand.self, ["board", "check", path, "--simulate"])
      .output()
    #expect(output.contains("valid pixel board"))
    #expect(output.contains("reads back with 0 of"))
  }

  @Test func aMissingChipFailsNamingItWhileTheOthersShow() throws {
    var yaml = try String(
      contentsOf: boards.appendingPathComponent("ht16k33-32x8.yaml"), encoding: .utf8)
    yaml += "simulation: {missing_chips: [2]}\n"
    let path = try BoardCommandTests().temporaryBoard(yaml)
    do {
      _ = try parse(BoardCheckCommand.self, ["board", "check", path, "--simulate"]).output()
      Issue.record("a missing chip passed the self-test")
    } catch {
      #expect("\(error)".contains("3 of 4 chips answered"))
      #expect("\(error)".contains("chip 2 (0x72): "))
    }
  }
}
