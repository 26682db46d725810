import ArgumentParser
import ClackBoard

/// Options of the commands that drive a board: which board, and whether to simulate it.
struct DriveOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The board file (YAML); default: the built-in sim-6x22, the board of clack sim.",
      valueName: "file"))
  var board: String?

  @Flag(
    help:
      "Drive the board's simulated twin instead of real hardware (implied by simulation.always).")
  var simulate = false

  @Option(help: "Run a simulated board this many times faster than real time (1-50).")
  var speed = 1

  func validate() throws {
    guard (1...50).contains(speed) else {
      throw ValidationError("--speed must be from 1 to 50, not \(speed)")
    }
  }

  func open() throws -> BoardSession {
    let definition =
      try board.map { path throws(BoardFileError) in
        try BoardDefinition.load(path: path)
      } ?? BuiltinBoard.load()
    if speed != 1, !(simulate || definition.simulation.always) {
      throw ValidationError("--speed only applies to a simulated board; add --simulate")
    }
    return try BoardSession(board: definition, simulate: simulate, speed: speed)
  }
}
