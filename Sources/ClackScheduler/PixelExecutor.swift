import ClackCore
import ClackDrivers

/// Drives an LED panel from the real-time thread, as the stepper executors drive modules. A
/// `show` command brings the next screen (each cell's symbol, the rows that scroll, the
/// transition); each tick draws that moment's picture off-screen and hands it to the panel,
/// whose driver writes only the chips (or rows) that changed. Nothing animates while nothing
/// changes: once a transition ends and no row scrolls the executor is dormant, and the thread
/// blocks until the next command. Every buffer is made here; ticks allocate nothing.
///
/// The cells are the executor's "modules": a report gives each cell's symbol (its index in the
/// board's symbol set) and marks a cell faulted when a chip under it fails.
public final class PixelExecutor: TickExecutor, PictureReporting {
  public let moduleCount: Int
  public let grid: PixelGrid
  public let panel: any PixelPanel
  /// The board's symbols, by index (the cells' "flaps").
  public let symbols: [Symbol]
  public let lineCapacity: Int
  public private(set) var level: Int
  /// The highest level the panel's supply allows with every LED lit
  /// (`PixelBoardDefinition.maxBrightness`): every level asked for is capped to it.
  public let maxLevel: Int
  private let pixelsPerSecond: Int
  private let restMilliseconds: Int
  /// Reads what the LEDs show back from a simulated panel's registers, every frame. Without
  /// it the panel's own `readBack` is used once the picture holds still (a real HT16K33's
  /// display RAM), and otherwise the report shows the picture last handed to the panel.
  private let readBack: ((inout PixelCanvas) -> Void)?

  /// The picture before the change, the one after it (scrolling rows at their start), the
  /// one on show, and what the LEDs show.
  private var from: PixelCanvas
  private var to: PixelCanvas
  private var output: PixelCanvas
  private var seen: PixelCanvas
  /// Per row of cells: its scrolling line drawn whole, and how far past the panel it reaches
  /// (0: the row does not scroll); the window's last offset.
  private var strips: [PixelCanvas]
  private var travel: [Int]
  private var lastOffset: [Int]
  private var shown: [Int]
  private var target: [Int]
  private var transition = PixelTransition(kind: .instant)
  private var changeStarted = 0
  private var changing = false
  private var scrolling = false
  private var scrollStarted = 0
  private var needsShow = false
  private var started = false
  /// A picture on show instead of cells (`ScreenCommand.loadPicture`): its frames, each
  /// one's milliseconds, one loop's, when it started and the frame on show.
  private var pictureFrames: [PixelCanvas] = []
  private var pictureMilliseconds: [Int] = []
  private var pictureLoop = 0
  private var pictureStarted = 0
  private var pictureFrame = 0
  private var animating: Bool { pictureFrames.count > 1 && pictureLoop > 0 && !changing }
  /// Per chip: the cells it lights, and whether its fault has been reported.
  private let cellsOfChip: [[Int]]
  private var chipFaulted: [Bool]
  private var cellFaults: [ModuleFault?]
  private var pending: PendingFaults

  /// - Parameters:
  ///   - symbols: the board's symbol set (`PixelGrid.symbolSet()`), by index.
  ///   - lineCapacity: the longest line that scrolls, in cells.
  public init(
    panel: any PixelPanel, grid: PixelGrid, symbols: [Symbol], depth: PixelDepth,
    brightness: Int, maxLevel: Int = 15, scrollPixelsPerSecond: Int, lineCapacity: Int = 256,
    restMilliseconds: Int = 1000, readBack: ((inout PixelCanvas) -> Void)? = nil
  ) {
    self.maxLevel = max(0, min(15, maxLevel))
    self.panel = panel
    self.grid = grid
    self.symbols = symbols
    self.lineCapacity = max(1, lineCapacity)
    level = max(0, min(self.maxLevel, brightness))
    pixelsPerSecond = max(1, scrollPixelsPerSecond)
    self.restMilliseconds = restMilliseconds
    self.readBack = readBack
    moduleCount = grid.rows * grid.cols
    let (width, height) = (grid.width, grid.height)
    from = PixelCanvas(width: width, height: height, depth: depth)
    to = from
    output = from
    seen = PixelCanvas(width: width, height: height, depth: .grey)
    let stripWidth = max(width, grid.inkWidth(cells: self.lineCapacity))
    strips = (0..<grid.rows).map { _ in
      PixelCanvas(width: stripWidth, height: grid.cellHeight, depth: depth)
    }
    travel = Array(repeating: 0, count: grid.rows)
    lastOffset = Array(repeating: -1, count: grid.rows)
    shown = Array(repeating: 0, count: grid.rows * grid.cols)
    target = shown
    cellsOfChip = (0..<panel.chipCount).map { Self.cells(ofChip: $0, panel: panel, grid: grid) }
    chipFaulted = Array(repeating: false, count: panel.chipCount)
    cellFaults = Array(repeating: nil, count: grid.rows * grid.cols)
    pending = PendingFaults(count: grid.rows * grid.cols)
  }

  public func makeCommandSlot() -> ScreenCommand {
    ScreenCommand(cellCount: moduleCount, lineRows: grid.rows, lineCapacity: lineCapacity)
  }

  public func apply(_ command: ScreenCommand, now: Int) {
    switch command.kind {
    case .show: run(command, at: now)
    case .start: home(showing: command.cells)
    case .brightness: setBrightness(command.level)
    case .release: release()
    }
  }

  public var pixelCount: Int { grid.width * grid.height }
  /// No change under way (a row may still scroll: the layers above need not follow that).
  public var isIdle: Bool { !changing }
  public var isDormant: Bool { !changing && !scrolling && !animating && !needsShow }

  // MARK: - Commands

  /// Starts the panel (chips cleared, then on, at the brightness) showing `flaps`.
  public func home(showing flaps: [Int]) {
    panel.start(brightness: level)
    started = true
    pictureLoop = 0  // a picture on show before stops (its frames are freed off the thread)
    for index in target.indices { target[index] = index < flaps.count ? flaps[index] : 0 }
    for row in travel.indices { travel[row] = 0 }
    drawTarget(lines: nil)
    output.copy(from: to)
    finishChange(at: 0)
    needsShow = true
  }

  public func run(_ command: ScreenCommand, at now: Int) {
    guard started else { return }
    for index in target.indices { target[index] = command.cells[index] }
    command.swapPicture(frames: &pictureFrames, milliseconds: &pictureMilliseconds)
    pictureLoop = 0
    for milliseconds in pictureMilliseconds { pictureLoop += milliseconds }
    if let first = pictureFrames.first {
      to.copy(from: first)
      for row in travel.indices { travel[row] = 0 }
    } else {
      drawTarget(lines: command)
    }
    from.copy(from: output)
    transition = command.transition
    changeStarted = now
    if transition.kind == .instant {
      output.copy(from: to)
      finishChange(at: now)
    } else {
      changing = true
      scrolling = false
    }
    needsShow = true
  }

  public func setBrightness(_ level: Int) {
    self.level = max(0, min(maxLevel, level))
    guard started else { return }
    panel.setBrightness(self.level)
    needsShow = true  // reads the dimmed LEDs back
  }

  /// Stops any change where it is (the picture on show stays: LEDs have nothing to burn).
  public func release() {
    changing = false
    scrolling = false
    for index in shown.indices { target[index] = shown[index] }
  }

  public func shutdown() {
    release()
  }

  // MARK: - Ticks

  public func tick(now: Int) {
    guard started else { return }
    if changing {
      if transition.render(
        from: from, to: to, elapsed: (now - changeStarted) / 1000, into: &output)
      {
        finishChange(at: now)
      }
      needsShow = true
    } else if scrolling {
      needsShow = drawScrollingRows(elapsed: (now - scrollStarted) / 1000) || needsShow
    } else if animating {
      needsShow = drawPictureFrame(elapsed: (now - pictureStarted) / 1000) || needsShow
    }
    guard needsShow else { return }
    needsShow = false
    panel.show(output)
    if let readBack {
      readBack(&seen)
    } else if isDormant, panel.readBack(into: &seen) {
      // A real panel's memory is read once the picture holds still (reading every frame of
      // an animation would double the bus time); meanwhile the report is what was written.
    } else {
      seen.copy(from: output)
    }
    noteChipFaults()
  }

  private func finishChange(at now: Int) {
    changing = false
    pictureStarted = now
    pictureFrame = 0
    for index in shown.indices { shown[index] = target[index] }
    scrollStarted = now
    scrolling = travel.contains { $0 > 0 }
    for row in lastOffset.indices { lastOffset[row] = travel[row] > 0 ? 0 : -1 }
  }

  /// The picture after the change into `to`: each cell's symbol, and each scrolling row's
  /// line drawn whole into its strip, its start shown.
  private func drawTarget(lines command: ScreenCommand?) {
    to.clear()
    for row in 0..<grid.rows {
      let length = command.map { $0.lineLengths[row] } ?? 0
      let top = grid.top + row * grid.cellHeight
      if length > 0, let command {
        strips[row].clear()
        for cell in 0..<length {
          let index = command.lines[row * command.lineCapacity + cell]
          grid.draw(symbol(index), x: cell * grid.cellWidth, y: 0, into: &strips[row])
        }
        travel[row] = max(0, grid.inkWidth(cells: length) - to.width)
        copyWindow(row: row, offset: 0, top: top, into: &to)
        if travel[row] > 0 { continue }
      } else {
        travel[row] = 0
      }
      for col in 0..<grid.cols {
        let index = target[row * grid.cols + col]
        grid.draw(
          symbol(index), x: grid.left + col * grid.cellWidth, y: top, into: &to)
      }
    }
  }

  /// Moves each scrolling row's window to where it is `elapsed` ms after the change ended;
  /// true when any moved.
  private func drawScrollingRows(elapsed: Int) -> Bool {
    var moved = false
    for row in travel.indices where travel[row] > 0 {
      let motion = MarqueeMotion(
        travel: travel[row], pixelsPerSecond: pixelsPerSecond,
        restMilliseconds: restMilliseconds)
      let offset = motion.offset(at: elapsed)
      guard offset != lastOffset[row] else { continue }
      lastOffset[row] = offset
      copyWindow(row: row, offset: offset, top: grid.top + row * grid.cellHeight, into: &output)
      moved = true
    }
    return moved
  }

  /// Shows the picture's frame for `elapsed` ms into its loop; true when it changed.
  private func drawPictureFrame(elapsed: Int) -> Bool {
    var left = elapsed % pictureLoop
    var frame = 0
    while frame < pictureMilliseconds.count - 1, left >= pictureMilliseconds[frame] {
      left -= pictureMilliseconds[frame]
      frame += 1
    }
    guard frame != pictureFrame else { return false }
    pictureFrame = frame
    output.copy(from: pictureFrames[frame])
    return true
  }

  private func copyWindow(row: Int, offset: Int, top: Int, into canvas: inout PixelCanvas) {
    let strip = strips[row]
    for y in 0..<strip.height {
      for x in 0..<canvas.width { canvas[x, top + y] = strip[offset + x, y] }
    }
  }

  private func symbol(_ index: Int) -> Symbol {
    index >= 0 && index < symbols.count ? symbols[index] : .blank
  }

  // MARK: - Reports and faults

  public func report(into reports: inout [ModuleReport]) {
    for index in reports.indices where index < shown.count {
      reports[index].mode = started ? .normal : .lookForHome
      reports[index].flap = started ? shown[index] : -1
      reports[index].position = reports[index].flap
      reports[index].moving = changing && shown[index] != target[index]
      reports[index].waiting = false
      reports[index].faulted = cellFaults[index] != nil
    }
  }

  public func report(pixels: inout [UInt8], brightness: inout Int) {
    let source = seen.pixels
    for index in 0..<min(pixels.count, source.count) { pixels[index] = source[index] }
    brightness = level
  }

  /// Records a chip's new fault on the cells it lights (reported once, on its first cell).
  private func noteChipFaults() {
    for chip in chipFaulted.indices where !chipFaulted[chip] && panel.isFaulted(chip: chip) {
      chipFaulted[chip] = true
      guard let fault = panel.fault(ofChip: chip) else { continue }
      for cell in cellsOfChip[chip] {
        cellFaults[cell] = ModuleFault(
          module: cell, kind: .bus(fault.kind), message: fault.message)
      }
      if let first = cellsOfChip[chip].first { pending.mark(first) }
    }
  }

  public func nextNewFault() -> ModuleFault? {
    pending.next { cellFaults[$0] }
  }

  public func fault(of index: Int) -> ModuleFault? {
    cellFaults[index]
  }

  /// The cells with a pixel on the chip's LEDs (made once, at start).
  private static func cells(ofChip chip: Int, panel: any PixelPanel, grid: PixelGrid) -> [Int] {
    let area = panel.area(ofChip: chip)
    var cells = Set<Int>()
    for y in area.y..<(area.y + area.height) {
      for x in area.x..<(area.x + area.width) {
        let point = panel.geometry.canvasPoint(x: x, y: y)
        let col = (point.x - grid.left) / max(1, grid.cellWidth)
        let row = (point.y - grid.top) / max(1, grid.cellHeight)
        guard point.x >= grid.left, point.y >= grid.top, col < grid.cols, row < grid.rows
        else { continue }
        cells.insert(row * grid.cols + col)
      }
    }
    return cells.sorted()
  }
}
