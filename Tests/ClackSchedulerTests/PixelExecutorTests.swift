import ClackBoard
import ClackCore
import ClackDrivers
import ClackHardware
import ClackScheduler
import ClackSimHAL
import Foundation
import Testing

/// The pixel frame loop over register-level simulated chips: what the LEDs show (read back
/// from the models' registers, not from the driver) for screens, transitions and scrolling
/// lines; no bus traffic while nothing changes; chip faults on the cells they cover.
@Suite struct PixelExecutorTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized

  struct Rig {
    let twin: SimulatedPixelBoard
    let grid: PixelGrid
    let executor: PixelExecutor
    let command: ScreenCommand
    var symbols: FlapSet { grid.symbolSet() }

    /// The board's screen for `text` (long lines scroll).
    func screen(_ text: String) throws -> Screen {
      try TextLayout(rows: grid.rows, cols: grid.cols, flapSet: symbols)
        .scrollingLayout(text, maxCells: executor.lineCapacity)
    }

    /// Runs `screen` at `now` (microseconds) with `transition`.
    func show(_ screen: Screen, _ transition: PixelTransition, at now: Int) {
      let cells = screen.frame.cells.map { symbols.index(of: $0) ?? 0 }
      let lines = screen.scrolling.mapValues { $0.map { symbols.index(of: $0) ?? 0 } }
      command.loadScreen(cells, scrolling: lines, transition: transition)
      executor.apply(command, now: now)
    }

    /// What the grid draws for a frame (the picture the LEDs must show).
    func drawn(_ frame: Frame) -> PixelCanvas {
      var canvas = PixelCanvas(width: grid.width, height: grid.height, depth: .grey)
      grid.draw(frame, into: &canvas)
      return canvas
    }
  }

  static func rig(_ file: String, yaml edit: (String) -> String = { $0 }) throws -> Rig {
    let path = root.appendingPathComponent("boards/\(file)").path
    let yaml = edit(try String(contentsOfFile: path, encoding: .utf8))
    let definition = try PixelBoardDefinition.parse(yaml: yaml, file: file)
    let grid = try definition.characterGrid(file: file)
    let twin = try SimulatedPixelBoard(board: definition)
    let executor = PixelExecutor(
      panel: twin.panel, grid: grid, symbols: grid.symbolSet().symbols,
      depth: definition.depth, brightness: definition.brightness,
      maxLevel: definition.maxBrightness, scrollPixelsPerSecond: definition.scrollSpeed,
      lineCapacity: 64, readBack: { twin.readSeen(into: &$0) })
    let command = executor.makeCommandSlot()
    executor.home(showing: [])
    executor.tick(now: 0)
    return Rig(twin: twin, grid: grid, executor: executor, command: command)
  }

  static let frameTime = PixelDrive.frameMicroseconds

  /// Which LEDs are lit (a model's seen level also carries the panel's dimming).
  static func lit(_ canvas: PixelCanvas) -> [Bool] { canvas.pixels.map { $0 > 0 } }

  @Test func aScreenReachesTheChipsRegistersAsTheGridDrawsIt() throws {
    let rig = try Self.rig("ht16k33-32x8.yaml")
    #expect(rig.grid.rows == 1 && rig.grid.cols == 5)
    let hello = try rig.screen("HELLO")
    #expect(hello.scrolling.isEmpty)
    rig.show(hello, PixelTransition(kind: .instant), at: 1000)
    rig.executor.tick(now: 1000)
    let seen = rig.twin.seen()
    #expect(Self.lit(seen) == Self.lit(rig.drawn(hello.frame)))
    #expect(seen.pixels.contains { $0 > 0 })
    // Brightness 6 of 15 (the board file's) dims every lit LED alike.
    #expect(Set(seen.pixels.filter { $0 > 0 }).count == 1)
    var reports = Array(repeating: ModuleReport(), count: rig.executor.moduleCount)
    rig.executor.report(into: &reports)
    let shown = reports.map { rig.symbols.symbols[$0.flap] }
    #expect(shown == hello.frame.cells)
  }

  /// Without a simulation's own reading, the loop asks the panel (a real HT16K33's display
  /// RAM) once the picture holds still: the report is then what the chips hold, dimmed.
  @Test func aStillPictureIsReadBackFromThePanel() throws {
    let rig = try Self.rig("ht16k33-32x8.yaml")
    let executor = PixelExecutor(
      panel: rig.twin.panel, grid: rig.grid, symbols: rig.grid.symbolSet().symbols,
      depth: .mono, brightness: 6, scrollPixelsPerSecond: 20)
    executor.home(showing: [])
    executor.tick(now: 0)
    let hello = try rig.screen("HELLO")
    rig.command.loadScreen(
      hello.frame.cells.map { rig.symbols.index(of: $0) ?? 0 }, scrolling: [:],
      transition: PixelTransition(kind: .wipe, milliseconds: 100))
    executor.apply(rig.command, now: 0)
    var pixels = [UInt8](repeating: 0, count: 32 * 8)
    var level = 0
    executor.tick(now: 50_000)  // half way: the picture written, full on
    executor.report(pixels: &pixels, brightness: &level)
    #expect(Set(pixels.filter { $0 > 0 }) == [255])
    executor.tick(now: 100_000)  // still: read back from the chips at duty 7/16
    executor.report(pixels: &pixels, brightness: &level)
    #expect(Set(pixels.filter { $0 > 0 }) == [UInt8(7 * 255 / 16)])
    #expect(pixels.map { $0 > 0 } == Self.lit(rig.drawn(hello.frame)))
  }

  @Test func aWipeSweepsAcrossAndThenTheLoopGoesDormant() throws {
    let rig = try Self.rig("ht16k33-32x8.yaml")
    let full = try rig.screen("{63}{63}{63}{63}{63}")  // five lit (red) tiles
    rig.show(full, PixelTransition(kind: .instant), at: 0)
    rig.executor.tick(now: 0)
    let before = rig.twin.seen()
    rig.show(try rig.screen(" "), PixelTransition(kind: .wipe, milliseconds: 400), at: 0)
    #expect(!rig.executor.isIdle && !rig.executor.isDormant)
    rig.executor.tick(now: 200_000)  // half way: the left half is new (dark), the right old
    let half = rig.twin.seen()
    #expect((0..<16).allSatisfy { x in (0..<8).allSatisfy { half[x, $0] == 0 } })
    #expect((16..<32).allSatisfy { x in (0..<8).allSatisfy { half[x, $0] == before[x, $0] } })
    rig.executor.tick(now: 400_000)
    #expect(rig.twin.seen().pixels.allSatisfy { $0 == 0 })
    #expect(rig.executor.isIdle && rig.executor.isDormant)
  }

  @Test func anIdlePanelIsWrittenNothing() throws {
    let rig = try Self.rig("ht16k33-32x8.yaml")
    rig.show(try rig.screen("HI"), PixelTransition(kind: .flap, milliseconds: 500), at: 0)
    var now = 0
    while !rig.executor.isDormant {
      now += Self.frameTime
      rig.executor.tick(now: now)
    }
    rig.twin.log.clear()
    for _ in 0..<10_000 {
      now += Self.frameTime
      rig.executor.tick(now: now)
    }
    #expect(rig.twin.log.entries.isEmpty)
    // The same picture again writes nothing either: only changed chips are written.
    rig.show(try rig.screen("HI"), PixelTransition(kind: .instant), at: now)
    rig.executor.tick(now: now)
    #expect(rig.twin.log.entries.isEmpty)
  }

  @Test func aLongLineScrollsUntilSeenWholeAndRestsAtItsEnd() throws {
    let rig = try Self.rig("ht16k33-32x8.yaml")
    let text = "HELLO WORLD"
    let screen = try rig.screen(text)
    let line = try #require(screen.scrolling[0])
    #expect(line.count == 11)
    // The whole line, drawn at the grid's pitch.
    var strip = PixelCanvas(width: rig.grid.inkWidth(cells: 11), height: 8, depth: .grey)
    for (index, symbol) in line.enumerated() {
      rig.grid.draw(symbol, x: index * rig.grid.cellWidth, y: 0, into: &strip)
    }
    rig.show(screen, PixelTransition(kind: .instant), at: 0)
    rig.executor.tick(now: 0)
    let travel = strip.width - 32
    let motion = MarqueeMotion(travel: travel, pixelsPerSecond: 20)
    func window(_ offset: Int) -> PixelCanvas {
      var canvas = PixelCanvas(width: 32, height: 8, depth: .grey)
      for y in 0..<8 { for x in 0..<32 { canvas[x, y] = strip[offset + x, y] } }
      return canvas
    }
    #expect(Self.lit(rig.twin.seen()) == Self.lit(window(0)))
    #expect(rig.executor.isIdle && !rig.executor.isDormant)  // scrolling, not changing
    let halfway = motion.restMilliseconds + travel / 2 * 1000 / 20
    rig.executor.tick(now: halfway * 1000)
    #expect(Self.lit(rig.twin.seen()) == Self.lit(window(travel / 2)))
    rig.executor.tick(now: motion.seenWholeAfterMilliseconds * 1000)
    #expect(Self.lit(rig.twin.seen()) == Self.lit(window(travel)))
    // At rest at the end, nothing is written.
    rig.twin.log.clear()
    rig.executor.tick(now: (motion.seenWholeAfterMilliseconds + 500) * 1000)
    #expect(rig.twin.log.entries.isEmpty)
    // A short message stops the scrolling: the loop goes dormant again.
    rig.show(try rig.screen("BYE"), PixelTransition(kind: .instant), at: 20_000_000)
    rig.executor.tick(now: 20_000_000)
    #expect(rig.executor.isDormant)
  }

  @Test func aMissingChipFaultsTheCellsItLightsWhileTheOthersShow() throws {
    let rig = try Self.rig("ht16k33-32x8.yaml") {
      $0 + "simulation: {missing_chips: [2]}\n"
    }
    let screen = try rig.screen("HELLO")
    rig.show(screen, PixelTransition(kind: .instant), at: 0)
    rig.executor.tick(now: 0)
    let fault = try #require(rig.executor.nextNewFault())
    #expect(fault.message.contains("0x72"))
    #expect(rig.executor.nextNewFault() == nil)  // one report per chip
    // Chip 2 lights x 16–23: the cells over it are faulted, the others are not.
    let faulted = (0..<5).filter { rig.executor.fault(of: $0) != nil }
    #expect(faulted == [2, 3])
    let seen = rig.twin.seen()
    let drawn = rig.drawn(screen.frame)
    #expect(
      (0..<16).allSatisfy { x in
        (0..<8).allSatisfy { seen.isLit(x: x, y: $0) == drawn.isLit(x: x, y: $0) }
      })
    #expect((16..<24).allSatisfy { x in (0..<8).allSatisfy { seen[x, $0] == 0 } })
  }

  @Test func theThreadBlocksWhileNothingChanges() throws {
    let path = Self.root.appendingPathComponent("boards/sim-pixels-64x16.yaml").path
    let board = try BoardFile.load(path: path)
    let runner = try BoardRunner(board: board, simulate: true, clock: ManualTickClock())
    defer { _ = runner.stop() }
    #expect(runner.home(showing: Frame(rows: board.rows, cols: board.cols)))
    var state = runner.thread.wait(timeoutSeconds: 10) { $0.commandsApplied == 1 && $0.idle }
    state = runner.thread.wait(timeoutSeconds: 10) { _ in runner.thread.isDormant }
    #expect(runner.thread.isDormant)
    // In virtual time a polling loop would run millions of ticks while the test waits.
    let ticks = runner.thread.state.ticks
    _ = runner.thread.wait(timeoutSeconds: 0.2) { _ in false }
    #expect(runner.thread.state.ticks == ticks)
    let text = TextLayout(rows: board.rows, cols: board.cols, flapSet: board.flapSet)
    let frame = try text.layout("CLACK").frame
    #expect(
      runner.show(Screen(frame: frame), transition: Transition(), reduceMotion: false)
        == .sent(microseconds: 600_000))
    state = runner.thread.wait(timeoutSeconds: 10) {
      $0.commandsApplied == 2 && $0.idle && runner.thread.isDormant
    }
    #expect(state.ticks > ticks)
    #expect(runner.shownFrame(state) == frame)
    let picture = try #require(runner.picture(state))
    var drawn = PixelCanvas(width: 64, height: 16, depth: .grey)
    let definition = try #require(board.pixels)
    try definition.characterGrid(file: path).draw(frame, into: &drawn)
    #expect(Self.lit(picture.canvas) == Self.lit(drawn))
    #expect(state.brightness == 12)
    #expect(picture.brightness == 12)
    #expect(runner.kind == .pixels)
    #expect(runner.dimming?.brightness == definition.brightness)
  }

  /// Commands sent while the thread goes dormant, or just after, are never lost: each is taken
  /// and the thread blocks again after it.
  @Test func noCommandIsLostAroundADormantWait() throws {
    let path = Self.root.appendingPathComponent("boards/ht16k33-32x8.yaml").path
    let board = try BoardFile.load(path: path)
    let runner = try BoardRunner(board: board, simulate: true, clock: ManualTickClock())
    defer { _ = runner.stop() }
    #expect(runner.home(showing: Frame(rows: 1, cols: 5)))
    let layout = TextLayout(rows: 1, cols: 5, flapSet: board.flapSet)
    let screens = try ["ONE", "TWO"].map { Screen(frame: try layout.layout($0).frame) }
    for round in 1...300 {
      while runner.show(screens[round % 2], transition: Transition(), reduceMotion: true)
        == .busy
      {}
      let state = runner.thread.wait(timeoutSeconds: 10) { $0.commandsApplied == round + 1 }
      try #require(state.commandsApplied == round + 1, "command \(round) was not taken")
    }
    let last = runner.thread.wait(timeoutSeconds: 10) { _ in runner.thread.isDormant }
    #expect(runner.shownFrame(last) == screens[0].frame)
  }

  @Test func brightnessIsCappedToWhatThePanelsSupplyAllows() throws {
    let rig = try Self.rig("sim-pixels-64x16.yaml") {
      $0.replacingOccurrences(of: "brightness: 12", with: "brightness: 5")
        + "power: {supply_amps: 1, reserved_amps: 0.1, led_amps: 0.002}\n"
    }
    #expect(rig.executor.maxLevel == 6 && rig.executor.level == 5)
    rig.executor.setBrightness(15)
    #expect(rig.executor.level == 6, "the panel went above what its supply allows")
    rig.executor.setBrightness(3)
    #expect(rig.executor.level == 3)
  }
}
