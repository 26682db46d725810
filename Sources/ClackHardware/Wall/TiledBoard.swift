import ClackBoard
import ClackCore
import ClackDrivers
import ClackScheduler
import Synchronization

/// A wall of one controller (docs/walls.md): several boards this controller drives itself
/// (Vestaboard Notes, flap boards on buses of their own, a flap board and an LED ticker),
/// each a tile of one canvas, which the runtime drives as one board. A screen laid out on
/// the canvas is cut into the tiles' parts, and every tile that changes starts so that its
/// last flap settles at one instant: the longest of their landings. A tile that a change
/// leaves as it was takes no command: one would wait for that instant, and hold a later
/// change behind it.
public final class TiledBoard: RunningBoard {
  public let board: BoardDefinition
  public let layout: WallLayout
  /// Every tile driven here with the board that shows it, in the layout's order.
  public let tiles: [(tile: WallTile, board: any RunningBoard)]
  /// False on a member of a wall of several controllers that drives some of its tiles: the
  /// canvas is the whole wall's, and the other members' tiles are left blank here.
  public let drivesAll: Bool
  /// Each tile, laid out in its own board's symbols, and scrolling where it can.
  public let areas: [BoardArea]
  private let forecasts: [TileForecast]
  let raw: @Sendable () -> Int
  let ledger: Mutex<Ledger>

  struct Ledger {
    /// What each tile was last handed (homing or a change), by its index.
    var parts: [Screen?]
    /// Commands handed to each tile.
    var commands: [Int]
    /// The changes handed over and not yet counted applied: for each, every tile's count of
    /// commands that must be applied first.
    var pending: [[Int]] = []
    /// Changes counted applied.
    var applied = 0
    /// When the latest change lands, on the raw monotonic clock.
    var landRaw = 0
    /// True while the latest change moved no tile (it then lands nothing).
    var latestMovedNothing = false
    /// A change some tiles took before another was busy: when it lands, so the retry of
    /// the same screen aims at the same instant.
    var partial: (screen: Screen, landRaw: Int)?
  }

  /// `boards` has each tile's board by tile name; every board runs at the same speed. With
  /// `drivesAll` false it has only some tiles' (a member's own, on a wall of several).
  public init(
    name: String, layout: WallLayout, boards: [String: any RunningBoard], drivesAll: Bool = true,
    raw: @escaping @Sendable () -> Int = { MonotonicTickClock.raw() }
  ) throws(WallBoardError) {
    var tiles: [(WallTile, any RunningBoard)] = []
    for tile in layout.tiles {
      guard let running = boards[tile.name] else {
        if drivesAll { throw .noBoard(tile: tile.name) }
        continue
      }
      guard running.board.rows == tile.rows, running.board.cols == tile.cols else {
        throw .sizeMismatch(
          tile: tile.name, tileSize: "\(tile.rows)×\(tile.cols)",
          boardSize: "\(running.board.rows)×\(running.board.cols)")
      }
      tiles.append((tile, running))
    }
    guard !tiles.isEmpty else { throw .noBoard(tile: layout.tiles[0].name) }
    let areas = tiles.map { tile, running in
      BoardArea(
        row: tile.row, col: tile.col, rows: tile.rows, cols: tile.cols,
        flapSet: running.board.flapSet, scrolls: layout.scrolls(tile),
        showsPictures: running.board.pixels != nil)
    }
    do {
      board = try BoardDefinition.canvas(
        name: name, rows: layout.rows, cols: layout.cols, tiles: tiles.map(\.1.board),
        pictureAreas: areas.filter(\.showsPictures).map(\.cells))
    } catch {
      throw .flapSet(error.description)
    }
    self.layout = layout
    self.tiles = tiles
    self.drivesAll = drivesAll
    self.areas = areas
    forecasts = tiles.map { TileForecast(board: $0.1.board) }
    self.raw = raw
    ledger = Mutex(
      Ledger(
        parts: Array(repeating: nil, count: tiles.count),
        commands: Array(repeating: 0, count: tiles.count)))
  }

  private var first: any RunningBoard { tiles[0].board }

  public var kind: BoardKind { first.kind }
  public var speed: Int { first.speed }
  /// Only the homing forecast reads it (modules left ÷ budget × a module's homing time): the
  /// budget that makes that the slowest tile's homing, as the tiles home side by side, each
  /// within its own budget.
  public var powerBudget: Int {
    let homing = tiles.filter { $0.board.homingMicrosecondsPerModule > 0 }
    let modules = homing.reduce(0) { $0 + $1.board.board.moduleCount }
    let slowest =
      homing.map {
        Double($0.board.board.moduleCount) / Double(max(1, $0.board.powerBudget))
          * Double($0.board.homingMicrosecondsPerModule)
      }.max() ?? 0
    guard slowest > 0 else { return max(1, tiles.reduce(0) { $0 + $1.board.powerBudget }) }
    return max(1, Int((Double(modules * homingMicrosecondsPerModule) / slowest).rounded()))
  }
  public var homingMicrosecondsPerModule: Int {
    tiles.map(\.board.homingMicrosecondsPerModule).max() ?? 0
  }
  /// Every tile homes at the start.
  public var keepsPositions: Bool { false }
  /// Lines scroll on a tile whose panel scrolls (`WallLayout.scrolls`), never across tiles.
  public var scrollCapacity: Int? {
    areas.contains(where: \.scrolls) ? PixelDrive.lineCapacity : nil
  }
  public var slowsWithMissedTicks: Bool { tiles.contains { $0.board.slowsWithMissedTicks } }
  /// The slowest tile's: a change starts that much ahead, and each tile by its own.
  public var landingLatencyNanoseconds: Int {
    tiles.map(\.board.landingLatencyNanoseconds).max() ?? 0
  }
  public var dimming: Dimming? { nil }
  public var panel: PanelFacts? { nil }
  public var tickNanoseconds: Int { tiles.map(\.board.tickNanoseconds).min() ?? 1_000_000 }
  public var isAnimating: Bool { tiles.contains { $0.board.isAnimating } }
  public var isDormant: Bool {
    tiles.allSatisfy(\.board.isDormant) && raw() >= ledger.withLock(\.landRaw)
  }
  /// The first tile's: each board keeps its own tick.
  public var tickLateness: JitterRecorder { first.tickLateness }
  public var tickWork: JitterRecorder { first.tickWork }

  // MARK: - Showing

  /// Homes every tile, each ending on its part of `frame`. A tile that took its homing
  /// before another's slots were full is not homed again when the display retries.
  public func home(showing frame: Frame) -> Bool {
    let screen = Screen(frame: frame)
    let handed = ledger.withLock(\.parts)
    for (index, (tile, running)) in tiles.enumerated() {
      let part = layout.part(of: screen, for: tile)
      guard handed[index] != part || !ledger.withLock({ $0.partial?.screen == screen }) else {
        continue
      }
      guard running.home(showing: part.frame) else {
        ledger.withLock { $0.partial = (screen, 0) }
        return false
      }
      ledger.withLock { ledger in
        ledger.commands[index] += 1
        ledger.parts[index] = part
      }
    }
    ledger.withLock { ledger in
      ledger.partial = nil
      ledger.pending.append(ledger.commands)
      ledger.latestMovedNothing = false
    }
    return true
  }

  public func resume(positions: [Int], phases: [Int], showing frame: Frame) -> Bool {
    home(showing: frame)
  }

  public func show(_ screen: Screen, transition: Transition, reduceMotion: Bool, notBefore: Int)
    -> Handover
  {
    let parts = tiles.map { layout.part(of: screen, for: $0.tile) }
    for (index, part) in parts.enumerated()
    where tiles[index].board.board.flaps(for: part.frame) == nil {
      return .unshowable
    }
    let (handed, partial) = ledger.withLock { ($0.parts, $0.partial) }
    let changed = parts.indices.filter { handed[$0] != parts[$0] }
    let landings = changed.map {
      tiles[$0].board.landingMicroseconds(
        to: parts[$0], transition: transition, reduceMotion: reduceMotion)
    }
    let speed = max(1, self.speed)
    let nowRaw = raw()
    let landRaw =
      partial.flatMap { $0.screen == screen && $0.landRaw > 0 ? $0.landRaw : nil }
      ?? max(notBefore, nowRaw) + landingLatencyNanoseconds + (landings.max() ?? 0) * 1000 / speed
    for (index, landing) in zip(changed, landings) {
      let running = tiles[index].board
      let start = landRaw - landing * 1000 / speed - running.landingLatencyNanoseconds
      let handover = running.show(
        parts[index], transition: transition, reduceMotion: reduceMotion, notBefore: start)
      guard case .sent = handover else {
        ledger.withLock { $0.partial = (screen, landRaw) }
        return handover
      }
      ledger.withLock { ledger in
        ledger.commands[index] += 1
        ledger.parts[index] = parts[index]
      }
    }
    ledger.withLock { ledger in
      ledger.partial = nil
      ledger.pending.append(ledger.commands)
      ledger.landRaw = landRaw
      ledger.latestMovedNothing = changed.isEmpty
    }
    return .sent(microseconds: max(0, landRaw - nowRaw) / 1000 * speed)
  }

  /// The longest of the tiles' moves to their parts of `screen`.
  public func moveMicroseconds(to screen: Screen, transition: Transition, reduceMotion: Bool)
    -> Int
  {
    tiles.map {
      $0.board.moveMicroseconds(
        to: layout.part(of: screen, for: $0.tile), transition: transition,
        reduceMotion: reduceMotion)
    }.max() ?? 0
  }

  /// The longest of the tiles' landings: every tile lands then.
  public func landingMicroseconds(to screen: Screen, transition: Transition, reduceMotion: Bool)
    -> Int
  {
    tiles.map {
      $0.board.landingMicroseconds(
        to: layout.part(of: screen, for: $0.tile), transition: transition,
        reduceMotion: reduceMotion)
    }.max() ?? 0
  }

  public func setBrightness(_ level: Int) -> Bool { false }
  public func picture(_ state: ExecutorState) -> LitLEDs? { nil }

  /// With a line scrolling on a tile: until the change lands, then the longest line's first
  /// pass (every tile starts to scroll at the landing). Nil when nothing scrolls.
  public func seenWholeMilliseconds(_ screen: Screen, reduceMotion: Bool) -> Int? {
    guard !screen.scrolling.isEmpty else { return nil }
    let pass =
      zip(tiles, forecasts).map { tile, forecast in
        forecast.firstPassMilliseconds(of: layout.part(of: screen, for: tile.tile))
      }.max() ?? 0
    guard pass > 0 else { return nil }
    let untilLanding = max(0, ledger.withLock(\.landRaw) - raw()) / 1_000_000 * max(1, speed)
    return untilLanding + pass
  }

  public func readyLine(_ state: ExecutorState) -> String {
    let driven = drivesAll ? "all driven here" : "\(tiles.count) driven here"
    return
      "wall '\(board.name)' (\(layout.rows)×\(layout.cols), \(layout.tiles.count) tiles, \(driven)); "
      + tiles.map { "tile '\($0.tile.name)': \($0.board.readyLine($0.board.state))" }
      .joined(separator: "; ")
  }

  public func stop() -> String {
    tiles.map { "tile '\($0.tile.name)': \($0.board.stop())" }.joined(separator: "; ")
  }
}
