import ClackBoard
import ClackCore
import ClackDrivers

/// A split-flap board's preview: a grid of characters (Unifont's glyphs for signs a terminal
/// font may lack), a PNG of white characters on black flaps, and the file's check with a bus
/// self-test on its simulated modules.
public struct FlapBoardPreview: BoardPreview {
  public let name: String
  public let layout: TextLayout
  /// The board file's definition; nil for a size and flap set given on the command line.
  let board: BoardDefinition?

  public init(board: BoardDefinition) {
    (name, layout, self.board) = (board.name, board.layout, board)
  }

  /// Flaps of `layout`, with no board file behind them.
  public init(layout: TextLayout, name: String) {
    (self.name, self.layout, board) = (name, layout, nil)
  }

  public var defaultScript: RunicScript { layout.flapSet.defaultScript }
  public var scrolling: (boardCols: Int, maxCells: Int)? { nil }

  public func png(of frame: Frame, scale: Int) -> [UInt8] {
    FramePictureFile.png(of: frame, scale: scale).bytes
  }

  public func picture(of frame: Frame, style: PreviewStyle) throws(PreviewFailure)
    -> (picture: String, notes: String)
  {
    let notes = try style.png.map { path throws(PreviewFailure) in
      try FramePictureFile(path: path, scale: style.pngScale).write(frame)
    }
    guard style.isTerminal else {
      return (FrameGridRenderer(ansiColor: style.color).render(frame), notes ?? "")
    }
    let picture = TerminalBoardPicture(flapSet: layout.flapSet, ansiColor: style.color)
    return (
      picture.render(frame, reserved: style.reservedLines)
        + (picture.warning.map { "note: \($0)\n" } ?? ""),
      notes ?? ""
    )
  }

  public func figures(of laid: LaidOutText) -> String {
    "\(laid.characterCount) of \(laid.capacity) characters, \(laid.lineCount) of "
      + "\(layout.rows) rows, flap set \(layout.flapSet.name)\n"
  }

  public func check(file: String, simulate: Bool) throws(PreviewFailure) -> String {
    guard let board else { throw PreviewFailure("no board file to check") }
    var out = "\(file): valid board '\(board.name)'\n"
    out += "  \(board.rows)×\(board.cols) = \(board.moduleCount) modules, \(board.order.rawValue), "
    out += "flap set \(board.flapSet)\n"
    if let hardware = board.hardware {
      out += "  modules: \(hardware.typeName) — \(Self.describe(hardware))\n"
    } else {
      out += "  modules: none (a layout-only board)\n"
    }
    if case .vestaboard = board.hardware {
      // Its own controller moves the flaps: no motion, supply, bus or modules of Clack's.
      return out + (board.simulation.always ? "  simulation only\n" : "")
    }
    out += "  motion: \(board.motion.startSpeed)–\(board.motion.topSpeed) steps/s, "
    if let supply = board.supply {
      out += "\(board.motion.stepsPerRevolution) steps per revolution\n"
      out += Self.describeSupply(supply, board: board)
    } else {
      out +=
        "\(board.motion.stepsPerRevolution) steps per revolution; at most \(board.maxMoving) moving\n"
    }
    if board.simulation.always { out += "  simulation only\n" }
    if board.hardware != nil { out += try Self.busTime(board, file: file, summary: out) }
    guard simulate else { return out }
    let twin: SimulatedBoard
    do {
      twin = try SimulatedBoard(board: board)
    } catch {
      throw PreviewFailure("\(error)")
    }
    let faults = Self.selfTest(twin)
    out +=
      "simulated twin: \(board.moduleCount - faults.count) of \(board.moduleCount) modules answered\n"
    for fault in faults { out += "  \(fault)\n" }
    if !faults.isEmpty {
      throw PreviewFailure(out + "the simulated board has \(faults.count) faulty modules")
    }
    return out
  }

  /// The worst tick's bus time beside the tick, measured on the twin; a board whose bus work
  /// does not leave a fifth of its tick is refused, with what would make it fit.
  static func busTime(_ board: BoardDefinition, file: String, summary: String)
    throws(PreviewFailure) -> String
  {
    let measured: TickBusTime
    do {
      measured = try TickBusTime.measure(board)
    } catch {
      throw PreviewFailure(summary + "could not measure its bus time on its twin: \(error)")
    }
    let line =
      "  bus time per tick: at most \(measured.worstMicroseconds) µs of its "
      + "\(measured.tickMicroseconds) µs tick (\(measured.percent) %), measured on its twin\n"
    guard measured.fits else {
      throw PreviewFailure(
        summary + line + TickBusTimeAdvice(board: board, measured: measured).text(file: file))
    }
    return line
  }

  /// Coils off and every sensor read (stepped boards), or every module configured (smart
  /// ones): the faults the bus reported.
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
    case .vestaboard(let wiring):
      "a board's Local API at \(wiring.url), key in \(wiring.keyFile ?? "(none given)"), "
        + "settling \(wiring.settleMilliseconds) ms after a message, read "
        + (wiring.checkSeconds > 0
          ? "every \(wiring.checkSeconds) s while idle" : "after changes only")
    case .i2cSmart(let wiring), .pcf8575(let wiring):
      wiring.groups.map {
        "\($0.count) on \($0.bus) from 0x\(String($0.firstAddress, radix: 16))"
          + " at \($0.clockHz / 1000) kHz"
      }
      .joined(separator: ", ")
    }
  }
}
