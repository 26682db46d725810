import ClackBoard
import ClackCore
import ClackScheduler

/// How long a wall's tile driven by another controller takes to land a change, worked out
/// from the tile's board file the way its own controller works it out (the planner for flaps,
/// the panel's transition, a Vestaboard's steps and settling): the leader aims every tile at
/// one instant without asking each member first. The tile is taken to rest on what it was
/// last sent, which a member that follows the wall does.
public struct TileForecast: Sendable {
  public let board: BoardDefinition
  private let planner: Planner?
  /// A panel's character grid (its font), for how long its lines take to scroll by.
  private let grid: PixelGrid?

  public init(board: BoardDefinition) {
    self.board = board
    planner = board.pixels == nil && !Self.isMessageBoard(board) ? Planner(board: board) : nil
    grid = board.pixels.flatMap { try? $0.characterGrid(file: board.name) }
  }

  /// Board milliseconds the longest line of a panel's `screen` takes to have been on show
  /// whole once it starts to scroll; 0 when nothing scrolls (or on flaps, which never do).
  public func firstPassMilliseconds(of screen: Screen) -> Int {
    guard let grid, let pixels = board.pixels else { return 0 }
    return PixelDrive.firstPassMilliseconds(of: screen, grid: grid, definition: pixels)
  }

  private static func isMessageBoard(_ board: BoardDefinition) -> Bool {
    if case .vestaboard = board.hardware { return true }
    return false
  }

  /// Board microseconds from the start of the change to `to` until it is seen done (the last
  /// flap stops stepping; a panel's transition ends; a Vestaboard settles). `from` nil: the
  /// tile's flaps are not known (a member that just joined), so every module is taken to be
  /// one flap past its target, the longest way round. Nil when the tile cannot show `to`.
  public func landingMicroseconds(
    from: Screen?, to: Screen, transition: Transition, reduceMotion: Bool
  ) -> Int? {
    guard let targets = board.flaps(for: to.frame) else { return nil }
    let origins = from.flatMap { board.flaps(for: $0.frame) }
    if let pixels = board.pixels {
      if origins == targets && from?.scrolling == to.scrolling && from?.picture == to.picture {
        return 0
      }
      return PixelTransition(kind: pixels.transition, milliseconds: pixels.transitionMilliseconds)
        .honouring(reduceMotion: reduceMotion).milliseconds * 1000
    }
    if case .vestaboard(let wiring) = board.hardware {
      guard origins != targets else { return 0 }
      let animation = reduceMotion ? nil : MessageBoardTiming.animation(transition)
      let timing = MessageBoardTiming(
        rows: board.rows, cols: board.cols, settleMicroseconds: wiring.settleMilliseconds * 1000)
      // Only whether anything changes matters to the timing, not the codes.
      return timing.microseconds(from: [origins ?? []], to: [targets], animation: animation)
    }
    guard let planner else { return nil }
    let count = board.flapSet.count
    let start = origins ?? targets.map { ($0 + 1) % count }
    let move = planner.plan(fromFlaps: start, to: targets, transition: transition)
      .makespanMicroseconds
    return max(0, move - (move > 0 ? planner.timing.settleMicroseconds : 0))
  }
}
