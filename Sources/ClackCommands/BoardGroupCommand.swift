import ArgumentParser
import ClackBoard
import ClackCore
import ClackDrivers
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
      Mistakes are reported with the file, line, column and field. With --simulate, Clack also \
      builds the board's simulated twin (its own wiring on simulated chips and buses) and runs \
      a bus self-test through the real drivers: coils off and every sensor read for stepped \
      boards, every module configured for smart modules; for a pixel (LED) board, every chip \
      started and a test picture shown and read back from the chips' registers.
      """)

  @Argument(help: ArgumentHelp("The board file (YAML).", valueName: "file"))
  var file: String

  @Flag(help: "Also run a bus self-test on the board's simulated twin.")
  var simulate = false

  func run() throws {
    print(try output(), terminator: "")
  }

  func output() throws -> String {
    if let text = try? String(contentsOfFile: file, encoding: .utf8),
      PixelBoardDefinition.isPixelBoard(yaml: text)
    {
      return try pixelOutput()
    }
    let board = try BoardDefinition.load(path: file)
    var out = "\(file): valid board '\(board.name)'\n"
    out += "  \(board.rows)×\(board.cols) = \(board.moduleCount) modules, \(board.order.rawValue), "
    out += "flap set \(board.flapSet)\n"
    if let hardware = board.hardware {
      out += "  modules: \(hardware.typeName) — \(Self.describe(hardware))\n"
    } else {
      out += "  modules: none (a layout-only board)\n"
    }
    out += "  motion: \(board.motion.startSpeed)–\(board.motion.topSpeed) steps/s, "
    out +=
      "\(board.motion.stepsPerRevolution) steps per revolution; at most \(board.maxMoving) moving\n"
    if board.simulation.always { out += "  simulation only\n" }
    guard simulate else { return out }
    let twin = try SimulatedBoard(board: board)
    let faults = Self.selfTest(twin)
    out +=
      "simulated twin: \(board.moduleCount - faults.count) of \(board.moduleCount) modules answered\n"
    for fault in faults { out += "  \(fault)\n" }
    if !faults.isEmpty {
      throw CommandFailure(out + "the simulated board has \(faults.count) faulty modules")
    }
    return out
  }

  func pixelOutput() throws -> String {
    let board = try PixelBoardDefinition.load(path: file)
    let grid = try board.characterGrid(file: file)
    let font = grid.text.font
    let geometry = board.geometry
    var out = "\(file): valid pixel board '\(board.name)'\n"
    out += "  \(geometry.width)×\(geometry.height) LEDs (\(board.depth.rawValue))"
    if geometry.rotation != .none { out += ", turned \(geometry.rotation.degrees)°" }
    out += "; font \(font.name): \(grid.rows)×\(grid.cols) characters\n"
    let chips = board.chips
    out += "  chips: \(chips.count) × \(chips.kind.rawValue) on \(chips.device)\n"
    out += "  brightness \(board.brightness)/15, transition \(board.transition.rawValue)\n"
    if board.simulatedOnly { out += "  simulation only\n" }
    guard simulate else { return out }
    let twin = try SimulatedPixelBoard(board: board)
    twin.panel.start(brightness: board.brightness)
    // A test picture: every cell lit with a letter of CLACK in turn.
    var frame = Frame(rows: grid.rows, cols: grid.cols)
    let letters = Array("CLACK")
    for row in 0..<grid.rows {
      for col in 0..<grid.cols { frame[row, col] = .glyph(letters[(row * grid.cols + col) % 5]) }
    }
    var picture = PixelCanvas(
      width: geometry.canvasWidth, height: geometry.canvasHeight, depth: board.depth)
    grid.draw(frame, into: &picture)
    twin.panel.show(picture)
    let seen = twin.seen()
    let wrong = picture.pixels.indices.count { (picture.pixels[$0] > 0) != (seen.pixels[$0] > 0) }
    let faults = twin.panel.faultLines
    out += "simulated twin: \(chips.count - faults.count) of \(chips.count) chips answered; "
    out += "the test picture reads back with \(wrong) of \(picture.pixels.count) pixels wrong\n"
    for fault in faults { out += "  \(fault)\n" }
    if !faults.isEmpty {
      throw CommandFailure(out + "the simulated panel has \(faults.count) faulty chips")
    }
    if wrong > 0 { throw CommandFailure(out + "the simulated panel does not show the picture") }
    return out
  }

  static func selfTest(_ twin: SimulatedBoard) -> [ModuleFault] {
    if let bank = twin.stepped {
      bank.coilsOff()
      var active = Array(repeating: false, count: bank.moduleCount)
      bank.readSensors(into: &active)
      return bank.busFaults.compactMap { $0 }
    }
    return twin.smart?.configure() ?? []
  }

  static func describe(_ hardware: ModuleHardware) -> String {
    switch hardware {
    case .gpioStepper(let wiring): "\(wiring.modules.count) on GPIO chip \(wiring.chip)"
    case .shiftRegister(let wiring):
      switch wiring.transport {
      case .spi(let device, let speed):
        "595/165 chain on \(device) at \(speed) Hz, latch \(wiring.latch), load \(wiring.load)"
      case .gpio: "595/165 chain bit-banged on \(wiring.chip)"
      }
    case .i2cSmart(let wiring), .pcf8575(let wiring):
      wiring.groups.map { "\($0.count) on \($0.bus) from 0x\(String($0.firstAddress, radix: 16))" }
        .joined(separator: ", ")
    }
  }
}
