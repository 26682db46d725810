import ClackBoard
import ClackCore
import ClackDrivers
import ClackScheduler
import Foundation
import Synchronization

/// A wall as each of its members drives it (docs/walls.md): one board of the whole canvas.
/// On the leader the runtime lays content out on it and shows screens on it as on any board;
/// on a member that follows, it shows its tile's part of the leader's frames (`take`), and
/// either can become the other when the leadership changes hands. Each screen is cut into
/// the tiles' parts; the leader's own tile is shown by its board here, the others' parts go
/// to their members in a `WallFrame` over the `WallLink`. Every tile's change is aimed at one
/// instant: the longest of their landings (the local board's own, the others' forecast from
/// their board files) after the frame has had time to reach the members, and each tile starts
/// so that its last flap settles then. What the other tiles show is what they were last sent,
/// and a member that is offline or reports faults marks its tile's cells faulted, so the
/// wall's state says it is degraded and where.
public final class WallBoard: RunningBoard {
  public let board: BoardDefinition
  public let layout: WallLayout
  public let wall: String
  public let member: String
  /// This member's own tiles (most members have one), in the wall's order, and the board
  /// that shows them: the tile's own board, or a `TiledBoard` of the whole canvas over the
  /// boards of the member's tiles.
  public let localTiles: [WallTile]
  public let local: any RunningBoard
  /// Where `local`'s board sits on the canvas: the one tile, or the whole canvas.
  let localOrigin: WallTile
  private let remotes: [(tile: WallTile, forecast: TileForecast)]
  /// The local tiles' boards as the leader forecasts the others' (for their lines' scrolling).
  private let localForecasts: [(tile: WallTile, forecast: TileForecast)]
  /// Each tile, laid out in its own board's symbols, and scrolling where it can.
  public let areas: [BoardArea]
  let link: any WallLink
  private let now: @Sendable () -> Date
  let raw: @Sendable () -> Int
  /// Real nanoseconds a frame is sent ahead of its start, for it to reach every member.
  private let leadNanoseconds: Int
  let ledger: Mutex<Ledger>

  struct Ledger {
    var role: WallRole
    var stamp: WallFrameStamp
    /// What each tile was last sent (the local tile too).
    var sent: [String: Screen] = [:]
    /// When the latest change lands, on the raw monotonic clock.
    var landRaw = 0
    /// Commands the local board has taken from this wall (homing and changes).
    var localCommands = 0
    /// The part the local board was last handed (homing or a change).
    var localPart: Screen?
    /// The latest frame that changed the local tile: its stamp, instant (raw) and command.
    var ownTarget: (stamp: WallFrameStamp, landRaw: Int, command: Int)?
    /// How the local tile's latest change landed, once it has.
    var landing: (stamp: WallFrameStamp, lateMilliseconds: Double)?
    /// Changes of the wall that left the local tile as it was (`WallBoard+Skips.swift`).
    var skips = SkippedChanges()
  }

  /// `remoteBoards` has each other tile's board file by tile name. `term` numbers this
  /// leader's frames after every frame an earlier leader sent (the time it started, in
  /// milliseconds, does).
  public init(
    wall: String, member: String, layout: WallLayout, local: any RunningBoard,
    remoteBoards: [String: BoardDefinition], link: any WallLink, role: WallRole = .leading,
    term: Int = 0, leadMilliseconds: Int = 300, now: @escaping @Sendable () -> Date = { Date() },
    raw: @escaping @Sendable () -> Int = { MonotonicTickClock.raw() }
  ) throws(WallBoardError) {
    let own = layout.tiles(of: member)
    let ownBoards = try Self.ownBoards(own, member: member, layout: layout, local: local)
    var remotes: [(WallTile, TileForecast)] = []
    var localForecasts: [(WallTile, TileForecast)] = []
    var tiles: [BoardDefinition] = []
    var areas: [BoardArea] = []
    for other in layout.tiles {
      if let definition = ownBoards[other.name] {
        tiles.append(definition)
        areas.append(Self.area(of: other, board: definition, in: layout))
        localForecasts.append((other, TileForecast(board: definition)))
        continue
      }
      guard let definition = remoteBoards[other.name] else { throw .noBoard(tile: other.name) }
      guard definition.rows == other.rows, definition.cols == other.cols else {
        throw .sizeMismatch(
          tile: other.name, tileSize: "\(other.rows)×\(other.cols)",
          boardSize: "\(definition.rows)×\(definition.cols)")
      }
      remotes.append((other, TileForecast(board: definition)))
      tiles.append(definition)
      areas.append(Self.area(of: other, board: definition, in: layout))
    }
    do {
      board = try BoardDefinition.canvas(
        name: wall, rows: layout.rows, cols: layout.cols, tiles: tiles,
        pictureAreas: areas.filter(\.showsPictures).map(\.cells))
    } catch {
      throw .flapSet(error.description)
    }
    self.layout = layout
    self.wall = wall
    self.member = member
    localTiles = own
    localOrigin =
      own.count == 1
      ? own[0]
      : WallTile(name: member, member: member, row: 0, col: 0, rows: layout.rows, cols: layout.cols)
    self.local = local
    self.remotes = remotes
    self.localForecasts = localForecasts
    self.areas = areas
    self.link = link
    self.now = now
    self.raw = raw
    leadNanoseconds = leadMilliseconds * 1_000_000
    ledger = Mutex(Ledger(role: role, stamp: WallFrameStamp(term: term, sequence: 0)))
  }

  // MARK: - The role

  public var role: WallRole { ledger.withLock(\.role) }

  /// The last frame made here, or taken from the leader.
  public var stamp: WallFrameStamp { ledger.withLock(\.stamp) }

  /// The member that leads now (this one while it leads).
  public var leader: String {
    switch role {
    case .leading: member
    case .following(let leader): leader
    }
  }

  /// Leads from now on, numbering frames in `term` (after every frame seen so far).
  public func lead(term: Int) {
    ledger.withLock { ledger in
      ledger.role = .leading
      ledger.stamp = WallFrameStamp(term: term, sequence: 0)
    }
  }

  /// Shows what `leader` sends from now on.
  public func follow(_ leader: String) {
    ledger.withLock { $0.role = .following(leader) }
  }

  /// The frame a following member's display is about to show: what every tile is sent.
  public func take(_ frame: WallFrame) {
    ledger.withLock { ledger in
      ledger.stamp = frame.stamp
      ledger.sent = frame.parts
    }
  }

  private var isLeading: Bool { role == .leading }

  public var kind: BoardKind { local.kind }
  public var speed: Int { local.speed }
  public var powerBudget: Int { local.powerBudget }
  public var homingMicrosecondsPerModule: Int { local.homingMicrosecondsPerModule }
  /// Positions are the local tile's alone: the leader homes at its start.
  public var keepsPositions: Bool { false }
  /// Lines scroll on a tile whose panel scrolls (`WallLayout.scrolls`), never across tiles.
  public var scrollCapacity: Int? {
    areas.contains(where: \.scrolls) ? PixelDrive.lineCapacity : nil
  }
  public var slowsWithMissedTicks: Bool { local.slowsWithMissedTicks }
  public var landingLatencyNanoseconds: Int { local.landingLatencyNanoseconds }
  public var dimming: Dimming? { nil }
  public var panel: PanelFacts? { nil }
  public var tickNanoseconds: Int { local.tickNanoseconds }
  public var isAnimating: Bool { local.isAnimating }
  public var isDormant: Bool { local.isDormant && raw() >= ledger.withLock(\.landRaw) }
  public var tickLateness: JitterRecorder { local.tickLateness }
  public var tickWork: JitterRecorder { local.tickWork }

  // MARK: - Showing

  public func home(showing frame: Frame) -> Bool {
    let screen = Screen(frame: frame)
    let part = localPart(screen)
    guard local.home(showing: part.frame) else { return false }
    ledger.withLock { ledger in
      ledger.localCommands += 1
      ledger.localPart = part
      ledger.skips.passed()
    }
    guard isLeading else { return true }
    // The others show the start screen as soon as it reaches them.
    publish(screen, transition: Transition(), landRaw: raw() + leadNanoseconds, movesOwn: true)
    return true
  }

  public func resume(positions: [Int], phases: [Int], showing frame: Frame) -> Bool {
    home(showing: frame)
  }

  public func show(_ screen: Screen, transition: Transition, reduceMotion: Bool, notBefore: Int)
    -> Handover
  {
    let part = localPart(screen)
    guard isLeading else {
      return showFollowing(
        part, transition: transition, reduceMotion: reduceMotion, notBefore: notBefore)
    }
    guard local.board.flaps(for: part.frame) != nil,
      let longest = longestLanding(screen, transition: transition, reduceMotion: reduceMotion)
    else { return .unshowable }
    let speed = max(1, local.speed)
    let nowRaw = raw()
    let landRaw = max(notBefore, nowRaw + leadNanoseconds) + longest * 1000 / speed
    let movesOwn = ledger.withLock { $0.localPart != part }
    if !movesOwn {
      // The local tile stays as it is: no command for it, which would hold any change behind
      // it until its own start, at this frame's instant.
      ledger.withLock { $0.skips.skip(at: nowRaw, afterLocal: $0.localCommands) }
    } else {
      let ownLanding = local.landingMicroseconds(
        to: part, transition: transition, reduceMotion: reduceMotion)
      let handover = local.show(
        part, transition: transition, reduceMotion: reduceMotion,
        notBefore: landRaw - ownLanding * 1000 / speed - local.landingLatencyNanoseconds)
      guard case .sent = handover else { return handover }
      ledger.withLock { ledger in
        ledger.localCommands += 1
        ledger.localPart = part
        ledger.skips.passed()
      }
    }
    publish(screen, transition: transition, landRaw: landRaw, movesOwn: movesOwn)
    return .sent(microseconds: max(0, landRaw - nowRaw) / 1000 * speed)
  }

  /// A following member's part of the leader's frame, started when its display says so.
  private func showFollowing(
    _ part: Screen, transition: Transition, reduceMotion: Bool, notBefore: Int
  ) -> Handover {
    guard ledger.withLock({ $0.localPart != part }) else {
      // This frame changed other tiles only: nothing to hold the next change behind.
      ledger.withLock { $0.skips.skip(at: raw(), afterLocal: $0.localCommands) }
      return .sent(microseconds: 0)
    }
    let handover = local.show(
      part, transition: transition, reduceMotion: reduceMotion, notBefore: notBefore)
    guard case .sent = handover else { return handover }
    let landing = local.landingMicroseconds(
      to: part, transition: transition, reduceMotion: reduceMotion)
    ledger.withLock { ledger in
      ledger.localCommands += 1
      ledger.localPart = part
      ledger.skips.passed()
      ledger.landRaw = max(notBefore, raw()) + landing * 1000 / max(1, local.speed)
    }
    return handover
  }

  /// The longest landing of any tile (board microseconds); nil when a tile cannot show its
  /// part. A following member's own tile's alone: the leader aimed every tile at the frame's
  /// instant.
  private func longestLanding(_ screen: Screen, transition: Transition, reduceMotion: Bool)
    -> Int?
  {
    let (sent, leading) = ledger.withLock { ($0.sent, $0.role == .leading) }
    var longest = local.landingMicroseconds(
      to: localPart(screen), transition: transition, reduceMotion: reduceMotion)
    guard leading else { return longest }
    for (tile, forecast) in remotes {
      guard
        let landing = forecast.landingMicroseconds(
          from: sent[tile.name], to: layout.part(of: screen, for: tile), transition: transition,
          reduceMotion: reduceMotion)
      else { return nil }
      longest = max(longest, landing)
    }
    return longest
  }

  /// `movesOwn`: the frame changes the local tile (its landing is then the tile's own).
  private func publish(_ screen: Screen, transition: Transition, landRaw: Int, movesOwn: Bool) {
    let parts = layout.parts(of: screen)
    let sentAt = now()
    let frame = ledger.withLock { ledger in
      ledger.stamp.sequence += 1
      ledger.sent = parts
      ledger.landRaw = landRaw
      if movesOwn { ledger.ownTarget = (ledger.stamp, landRaw, ledger.localCommands) }
      return WallFrame(
        wall: wall, leader: member, stamp: ledger.stamp,
        // The daemon's clock runs `speed` times real time (a twin's --speed; 1 on a wall
        // of several controllers, whose clocks must agree).
        landAt: sentAt.addingTimeInterval(Double(landRaw - raw()) / 1e9 * Double(max(1, speed))),
        sentAt: sentAt,
        transition: transition, parts: parts)
    }
    link.publish(frame)
  }

  public func moveMicroseconds(to screen: Screen, transition: Transition, reduceMotion: Bool)
    -> Int
  {
    longestLanding(screen, transition: transition, reduceMotion: reduceMotion) ?? 0
  }

  public func landingMicroseconds(to screen: Screen, transition: Transition, reduceMotion: Bool)
    -> Int
  {
    longestLanding(screen, transition: transition, reduceMotion: reduceMotion) ?? 0
  }

  public func setBrightness(_ level: Int) -> Bool { local.setBrightness(level) }
  public func picture(_ state: ExecutorState) -> LitLEDs? { nil }
  /// With a line scrolling on a tile: until the change lands at the wall's instant, then the
  /// longest line's first pass (every tile starts to scroll at the instant). Nil when nothing
  /// scrolls: a message's time on show counts from the change, as on flaps.
  public func seenWholeMilliseconds(_ screen: Screen, reduceMotion: Bool) -> Int? {
    guard !screen.scrolling.isEmpty else { return nil }
    var pass = 0
    for (tile, forecast) in localForecasts + remotes {
      pass = max(pass, forecast.firstPassMilliseconds(of: layout.part(of: screen, for: tile)))
    }
    guard pass > 0 else { return nil }
    let untilLanding = max(0, ledger.withLock(\.landRaw) - raw()) / 1_000_000 * max(1, speed)
    return untilLanding + pass
  }

  public func readyLine(_ state: ExecutorState) -> String {
    let names = localTiles.map { "'\($0.name)'" }.joined(separator: ", ")
    let role =
      switch self.role {
      case .leading: "led from here"
      case .following(let leader): "led by '\(leader)'"
      }
    return "wall '\(wall)' (\(layout.rows)×\(layout.cols), \(layout.tiles.count) tiles) \(role); "
      + "\(localTiles.count == 1 ? "tile '\(localOrigin.name)'" : "tiles \(names)"): "
      + local.readyLine(local.state)
  }

  public func stop() -> String { local.stop() }
}

/// Whether a member leads its wall or shows what another sends.
public enum WallRole: Sendable, Hashable {
  case leading
  case following(String)
}

/// Why a wall cannot be driven from here, in words naming the tile.
public enum WallBoardError: Error, Equatable, CustomStringConvertible {
  case ownTiles(member: String, count: Int)
  case sizeMismatch(tile: String, tileSize: String, boardSize: String)
  case noBoard(tile: String)
  case flapSet(String)

  public var description: String {
    switch self {
    case .ownTiles(let member, 0): "member '\(member)' has no tile on the wall"
    case .ownTiles(let member, let count):
      "member '\(member)' has \(count) tiles, so its board must drive all of them (a wall's "
        + "canvas over their boards)"
    case .sizeMismatch(let tile, let tileSize, let boardSize):
      "tile '\(tile)' is \(tileSize) on the wall, but its board is \(boardSize)"
    case .noBoard(let tile): "tile '\(tile)' has no board file"
    case .flapSet(let message): "the tiles' symbols make no flap set: \(message)"
    }
  }
}
