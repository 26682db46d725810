import ClackBoard
import ClackCore
import ClackDrivers
import ClackHAL
import ClackLinuxHAL
import ClackScheduler

/// A pixel board opened for driving: its panel (the chips on this machine's I2C bus or SPI
/// device, or their register-level simulation), its character grid, and the frame loop that
/// the real-time thread runs. A simulated panel's report is read back from the models'
/// registers; a real one's is the picture last written to the chips.
public final class PixelDrive: @unchecked Sendable {
  /// 60 frames a second while something changes or scrolls; nothing at all otherwise.
  public static let frameMicroseconds = 16_667
  /// The longest line that scrolls, in cells.
  public static let lineCapacity = 256

  public let definition: PixelBoardDefinition
  public let grid: PixelGrid
  public let executor: PixelExecutor
  /// The thread that runs the frame loop, with its screen commands.
  let screens: ExecutorThread<ScreenCommand>
  public let simulated: Bool
  /// The font's symbols, by index (the board's flap set).
  let symbols: FlapSet
  /// The simulated panel; its models belong to the executor thread once it runs.
  private let twin: SimulatedPixelBoard?
  /// A colour panel's colours, made once for the reports that carry them.
  private let palette: ColourPalette?

  /// `clock`: the thread's clock (the monotonic clock, or a test's virtual one).
  init(
    definition: PixelBoardDefinition, simulate: Bool, clock: TickClock, realtimeTwin: Bool = false
  ) throws {
    self.definition = definition
    grid = try definition.characterGrid(file: definition.name)
    symbols = grid.symbolSet()
    palette = definition.chips.colour?.palette
    simulated = simulate
    let panel: any PixelPanel
    var readBack: ((inout PixelCanvas) -> Void)?
    if simulate {
      let twin = try SimulatedPixelBoard(board: definition)
      twin.log.isEnabled = false
      self.twin = twin
      panel = twin.panel
      readBack = { twin.readSeen(into: &$0) }
    } else {
      twin = nil
      panel = try Self.openPanel(definition)
    }
    executor = PixelExecutor(
      panel: panel, grid: grid, symbols: symbols.symbols, depth: definition.depth,
      brightness: definition.brightness, maxLevel: definition.maxBrightness,
      scrollPixelsPerSecond: definition.scrollSpeed, lineCapacity: Self.lineCapacity,
      readBack: readBack)
    // A simulated panel has no LEDs to flicker; at SCHED_FIFO a debug build of it could
    // starve a small machine. It asks only when told to (`realtimeTwin`).
    // The twin's chips take their frames on the thread's schedule, charged with the bus's
    // time on the wire: a frame that does not fit its period is late, as on the real panel.
    screens = ExecutorThread(
      executor: executor, tickMicroseconds: Self.frameMicroseconds, clock: clock,
      setup: simulate && !realtimeTwin ? .none : RealtimeSetup(),
      timeline: twin.map { TwinTimeline($0.clock) })
  }

  /// The board file's transition, or `instant` under reduce_motion.
  public func transition(reduceMotion: Bool) -> PixelTransition {
    PixelTransition(
      kind: definition.transition, milliseconds: definition.transitionMilliseconds,
      cellHeight: grid.cellHeight
    ).honouring(reduceMotion: reduceMotion)
  }

  /// Board milliseconds from the start of a change until every column of `screen` has been
  /// on show: the transition, then the longest scrolling line's first pass.
  public func seenWholeMilliseconds(of screen: Screen, reduceMotion: Bool) -> Int {
    transition(reduceMotion: reduceMotion).milliseconds
      + Self.firstPassMilliseconds(of: screen, grid: grid, definition: definition)
  }

  /// Board milliseconds a screen's longest scrolling line takes to have been on show whole,
  /// from when it starts to scroll (0 when nothing scrolls).
  public static func firstPassMilliseconds(
    of screen: Screen, grid: PixelGrid, definition: PixelBoardDefinition
  ) -> Int {
    guard screen.longestLine > 0 else { return 0 }
    return MarqueeMotion(
      travel: grid.inkWidth(cells: min(screen.longestLine, lineCapacity)) - grid.width,
      pixelsPerSecond: definition.scrollSpeed
    ).seenWholeAfterMilliseconds
  }

  /// The picture in a state's report (what the LEDs show).
  public func canvas(_ state: ExecutorState) -> PixelCanvas {
    var canvas = PixelCanvas(
      width: grid.width, height: grid.height,
      depth: definition.depth == .palette ? .palette : .grey)
    for y in 0..<grid.height {
      for x in 0..<grid.width where y * grid.width + x < state.pixels.count {
        canvas[x, y] = state.pixels[y * grid.width + x]
      }
    }
    return canvas
  }

  private static func openPanel(_ definition: PixelBoardDefinition) throws -> any PixelPanel {
    let chips = definition.chips
    switch chips.kind {
    case .max7219:
      if let wiring = chips.bitBang {
        #if GPIOD && os(Linux)
          return definition.max7219Panel(
            on: try BitBangSPI(
              controller: LinuxGPIOController(), chip: LinuxBoard.selector(wiring.chip),
              data: UInt32(wiring.data), clock: UInt32(wiring.clock),
              select: UInt32(wiring.load)))
        #else
          throw LinuxBoard.missing("GPIO", trait: "GPIOD", package: "libgpiod-dev")
        #endif
      }
      #if os(Linux) && canImport(CSPIDev)
        return definition.max7219Panel(
          on: try LinuxSPIDevice(
            path: chips.device, config: SPIConfig(speedHz: UInt32(chips.spiSpeedHz))))
      #else
        throw LinuxBoard.missing("SPI", trait: "SPI", package: "a Linux kernel with spidev")
      #endif
    case .ht16k33:
      #if I2C && os(Linux)
        return try definition.ht16k33Panel(on: try LinuxI2CBus(path: chips.device))
      #else
        throw LinuxBoard.missing("I2C", trait: "I2C", package: "libi2c-dev")
      #endif
    case .is31fl3731:
      #if I2C && os(Linux)
        return try definition.is31fl3731Panel(on: try LinuxI2CBus(path: chips.device))
      #else
        throw LinuxBoard.missing("I2C", trait: "I2C", package: "libi2c-dev")
      #endif
    case .ws2812, .sk6812, .sk6812RGBW, .apa102:
      #if os(Linux) && canImport(CSPIDev)
        return definition.colourChainPanel(
          on: try LinuxSPIDevice(
            path: chips.device,
            config: SPIConfig(speedHz: UInt32(chips.colour?.spiSpeedHz ?? chips.spiSpeedHz))))
      #else
        throw LinuxBoard.missing("SPI", trait: "SPI", package: "a Linux kernel with spidev")
      #endif
    case .flaschenTaschen:
      #if os(Linux)
        let colour = chips.colour!
        return try definition.flaschenTaschenPanel(
          on: try LinuxUDPSender(host: colour.host ?? "", port: colour.port))
      #else
        throw LinuxBoard.missing("UDP", trait: "", package: "Linux")
      #endif
    }
  }
}

extension PixelDrive: BoardDrive {
  var kind: BoardKind { .pixels }
  var thread: any RealtimeThread { screens }
  /// A panel starts at once.
  var homingMicrosecondsPerModule: Int { 0 }
  var keepsPositions: Bool { false }

  func home(showing cells: [Int]) -> Bool { screens.send { $0.loadStart(showing: cells) } }

  /// A panel keeps no positions: it starts as usual.
  func resume(positions: [Int], phases: [Int], showing cells: [Int]) -> Bool {
    home(showing: cells)
  }

  func show(
    cells: [Int], scrolling: [Int: [Symbol]], picture: Picture?, transition: Transition,
    reduceMotion: Bool, notBefore: Int
  ) -> Handover {
    if let picture { return show(picture, reduceMotion: reduceMotion, notBefore: notBefore) }
    var lines: [Int: [Int]] = [:]
    for (row, line) in scrolling {
      let indices = line.compactMap(symbols.index(of:))
      guard indices.count == line.count else { return .unshowable }
      lines[row] = indices
    }
    // A panel shows its board file's transition, not a flap board's strategies.
    let change = self.transition(reduceMotion: reduceMotion)
    guard
      screens.send(
        notBefore: notBefore, { $0.loadScreen(cells, scrolling: lines, transition: change) })
    else {
      return .busy
    }
    return .sent(microseconds: change.milliseconds * 1000)
  }

  func moveMicroseconds(to cells: [Int], transition: Transition, reduceMotion: Bool) -> Int {
    self.transition(reduceMotion: reduceMotion).milliseconds * 1000
  }

  func holdMicroseconds(after microseconds: Int) -> Int { 0 }

  func setOffsets(_ offsets: [Int]) -> Bool { false }

  func setBrightness(_ level: Int) -> Bool {
    screens.send { $0.loadBrightness(level) }
  }

  func picture(_ state: ExecutorState) -> LitLEDs? {
    guard state.pixels.count == grid.width * grid.height else { return nil }
    return LitLEDs(
      canvas: canvas(state), depth: definition.depth, brightness: state.brightness,
      palette: palette)
  }

  func seenWholeMilliseconds(_ screen: Screen, reduceMotion: Bool) -> Int? {
    seenWholeMilliseconds(of: screen, reduceMotion: reduceMotion)
  }

  var scrollCapacity: Int? { Self.lineCapacity }
  var animatesWhenIdle: Bool { true }
  var slowsWithMissedTicks: Bool { false }
  var landingLatencyTicks: Double { 0.5 }

  func readyLine(_ state: ExecutorState, board: BoardDefinition) -> String {
    let panel = definition.geometry
    return
      "panel started: \(board.rows)×\(board.cols) characters on \(panel.width)×\(panel.height) LEDs"
  }

  var dimming: Dimming? { Dimming(brightness: definition.brightness, night: definition.night) }

  func stopped() -> String { "frame loop stopped; the panel keeps its last picture" }
  var rotorPositions: [Int]? { nil }
  var twinFlaps: [Int]? { nil }
}
