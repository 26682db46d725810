import ArgumentParser
import ClackBoard
import ClackCore
import ClackHardware

/// `clack board …`: check a board file, or give the daemon's board a command.
struct BoardGroupCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "board",
    abstract: "Check board files, and give the daemon's board its commands.",
    discussion: """
      'check' reads a board file on this machine. The others talk to a running clack (run or \
      sim) over its HTTP API, as MQTT's command topic and the REST board routes do: home, \
      quiet on|off, clear, brightness [LEVEL] and script [NAME].
      """,
    subcommands: [
      BoardCheckCommand.self, BoardHomeCommand.self, BoardQuietCommand.self,
      BoardClearCommand.self, BoardBrightnessCommand.self, BoardScriptCommand.self,
    ])
}

struct BoardCheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Validate a board file and summarise it.",
    discussion: """
      Mistakes are reported with the file, line, column and field. It also measures, on the \
      board's simulated twin, the bus time of its busiest ticks (a flap board: every module \
      homing, then every one moving) or frames (an LED panel: every LED changing), and \
      refuses a board whose bus work does not leave a fifth of its tick or frame, naming for \
      a flap board a top speed, a max_moving or an I2C clock that would fit (docs/boards.md, \
      "Bus time"). With --simulate, Clack also builds the board's simulated twin (its own wiring on simulated chips and buses) and runs \
      a bus self-test through the real drivers: coils off and every sensor read for stepped \
      boards, every module configured for smart modules; for a pixel (LED) board, every chip \
      started and a test picture shown and read back from the chips' registers (on a colour \
      panel, letters and colour tiles read back in their colours from the chain's or the \
      FlaschenTaschen server's model).
      """)

  @Argument(help: ArgumentHelp("The board file (YAML).", valueName: "file"))
  var file: String

  @Flag(help: "Also run a bus self-test on the board's simulated twin.")
  var simulate = false

  func run() throws {
    print(try output(), terminator: "")
  }

  func output() throws -> String {
    try BoardFile.load(path: file).preview().check(file: file, simulate: simulate)
  }
}
