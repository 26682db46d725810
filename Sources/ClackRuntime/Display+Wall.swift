import ClackCore
import ClackHardware
import ClackScheduler
import ClackStore
import Foundation

/// Which wall a member's board is a tile of, and who leads it.
public struct WallMembership: Sendable, Hashable, CustomStringConvertible {
  public var wall: String
  /// This controller's name among the members (its tile's, unless the config names it).
  public var member: String
  /// The member's first tile: every frame has a part for it.
  public var tile: String
  /// Every tile the member drives (most drive one).
  public var tiles: [String]
  public var leader: String

  public init(
    wall: String, member: String? = nil, tile: String, tiles: [String]? = nil, leader: String
  ) {
    self.wall = wall
    self.member = member ?? tile
    self.tile = tile
    self.tiles = tiles ?? [tile]
    self.leader = leader
  }

  public var description: String {
    let names = tiles.map { "'\($0)'" }
    let board =
      names.count == 1
      ? "this board is tile \(names[0])"
      : "this member's boards are tiles \(names.joined(separator: ", "))"
    return "\(board) of wall '\(wall)', which shows what its leader '\(leader)' sends: send "
      + "messages to the leader"
  }
}

/// A wall member's display (docs/walls.md): its tile shows the parts its leader sends, each
/// frame once and in order, landing at the frame's instant, in place of content of its own.
/// A frame whose instant has passed (the member was away, or the frame came late) is shown
/// at once, which is how a member that returns catches up with the wall.
extension Display {
  /// What a member keeps of its wall.
  struct WallFollowing {
    var tile: String
    var order: WallFrameOrder
    /// The latest frame taken, once its change has been handed to the board, and its instant.
    var showing: WallFrameStamp?
    var showingLandAt: Date?
  }

  /// What became of a frame handed to a member's display.
  public enum FollowOutcome: Equatable, Sendable {
    /// Handed to the board to land at the frame's instant.
    case aimed
    /// Its instant had passed: shown at once.
    case late
    /// The board is homing: shown once it has homed.
    case afterHoming
    /// Shown already, or older than the last shown.
    case refused(WallFrameOrder.Verdict)
    /// The frame has no part for this member's tile.
    case noPart
  }

  /// Makes this display a member's: from now on its board shows its tile's part of the
  /// frames `follow` is given, not its own content, and messages are refused with the
  /// leader's name. `last` is the last frame shown before a restart, so a retained frame the
  /// broker sends again is not shown twice.
  public func followWall(_ membership: WallMembership, last: WallFrameStamp?) {
    following = WallFollowing(tile: membership.tile, order: WallFrameOrder(last: last))
    wallMembership.withLock { $0 = membership }
    landing = nil
  }

  /// Makes this display its wall's leader's: from now on it shows content of its own again
  /// (the wall's queue, which its store holds as the leader before it had it), and accepts
  /// messages.
  public func leadWall() {
    following = nil
    wallMembership.withLock { $0 = nil }
    storeChanged()
  }

  /// Takes a frame of the wall, and hands its part to the board to land at its instant.
  public func follow(_ frame: WallFrame) -> FollowOutcome {
    guard var wall = following, let part = frame.parts[wall.tile] else { return .noPart }
    // On a board of the whole wall the display shows the whole frame, of which the board
    // moves its own tile; on the tile's own board, the tile's part.
    let wallBoard = runner as? WallBoard
    let shown =
      wallBoard.map { $0.layout.assemble(frame.parts) } ?? part
    guard shown.frame.rows == board.rows, shown.frame.cols == board.cols else { return .noPart }
    let now = clock.now()
    // The monotonic instant of `now`, read with it: the instant is converted against this
    // pair, so the time the frame's keeping (an fsync) and planning take below does not
    // shift the start late (it did, by 2 to 10 ms on a VM's disk).
    let nowRaw = MonotonicTickClock.raw()
    let verdict = wall.order.admit(frame.stamp, landAt: frame.landAt, now: now)
    guard case .show = verdict else {
      following = wall
      return .refused(verdict)
    }
    wall.showing = frame.stamp
    wall.showingLandAt = frame.landAt
    following = wall
    wallBoard?.take(frame)
    do {
      try store.save(.wallFrame, frame.stamp, at: now)
    } catch {
      logger.warning("could not keep the wall's frame \(frame.stamp) over a restart: \(error)")
    }
    screen = shown
    pendingTransition = frame.transition
    let start = startForLanding(
      shown, transition: frame.transition, at: frame.landAt, now: now, nowRaw: nowRaw)
    if let start {
      landingInstant = (frame.landAt, true)
      landingNotBefore = start
    }
    step()
    // The loop follows the move (board state, the landing's lateness) as for its own changes.
    wakeLoop()
    guard homed else { return .afterHoming }
    return start == nil ? .late : .aimed
  }

  /// How late the latest frame landed against its instant (real milliseconds), once it has;
  /// nil while it moves, when it was shown late, or when it moved nothing.
  public var wallFrameLanding: Double? {
    guard let landing = lastLanding, landing.instant == following?.showingLandAt else { return nil }
    return landing.lateMilliseconds
  }

  /// The last frame taken, for the member's report and to keep over a restart.
  public var wallFrameShown: WallFrameStamp? { following?.showing ?? following?.order.last }

  /// When to start a change so that it settles at `instant` (`MonotonicTickClock.raw`
  /// nanoseconds); nil when it cannot start in time (then it starts at once). `nowRaw` is
  /// the monotonic instant read with `now`.
  private func startForLanding(
    _ screen: Screen, transition: Transition, at instant: Date, now: Date, nowRaw: Int
  ) -> Int? {
    guard homed, instant > now else { return nil }
    let speed = Double(max(1, runner.speed))
    let move = runner.landingMicroseconds(
      to: screen, transition: transition, reduceMotion: config.reduceMotion)
    // As a landing of the member's own content: the board's ticks from the start to the
    // stop being seen (Display+Landing.swift).
    let ticks = Double(runner.landingLatencyNanoseconds) / 1e9
    let seconds = instant.timeIntervalSince(now) / speed - Double(move) / 1e6 / speed - ticks
    let start = nowRaw + Int(seconds * 1e9)
    guard start > MonotonicTickClock.raw() else { return nil }
    return start
  }
}
