import Foundation

/// A screen of a wall as its leader hands it to the members: each tile's part, the instant
/// every tile lands on, and where the frame stands in the leader's order.
public struct WallFrame: Hashable, Sendable {
  /// The wall's name.
  public var wall: String
  /// The member that leads (sent this frame).
  public var leader: String
  /// Where the frame stands: a new leader starts a later term, and numbers its frames anew.
  public var stamp: WallFrameStamp
  /// The instant the last cell of every tile settles, on the leader's clock (which the
  /// members' clocks follow, kept in step by NTP).
  public var landAt: Date
  /// When the leader sent it, on its clock: a member that was away shows a frame whose
  /// instant has passed at once (catching up), rather than never.
  public var sentAt: Date
  public var transition: Transition
  /// Each tile's part, by tile name.
  public var parts: [String: Screen]

  public init(
    wall: String, leader: String, stamp: WallFrameStamp, landAt: Date, sentAt: Date,
    transition: Transition, parts: [String: Screen]
  ) {
    self.wall = wall
    self.leader = leader
    self.stamp = stamp
    self.landAt = landAt
    self.sentAt = sentAt
    self.transition = transition
    self.parts = parts
  }
}

/// A frame's place in a wall's order: the leader's term, then its number in that term.
public struct WallFrameStamp: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var term: Int
  public var sequence: Int

  public init(term: Int, sequence: Int) {
    self.term = term
    self.sequence = sequence
  }

  public static func < (a: Self, b: Self) -> Bool {
    (a.term, a.sequence) < (b.term, b.sequence)
  }

  public var description: String { "\(term).\(sequence)" }
}

/// A member's rule for the frames it receives: each is shown once, in order. A frame at or
/// before the last one shown is refused (the broker delivers again after a reconnect, and
/// a retained frame arrives again at every subscription); a frame of an earlier term comes
/// from a leader that has been replaced.
public struct WallFrameOrder: Hashable, Sendable {
  /// The last frame shown; nil before the first (or when none was kept over a restart).
  public private(set) var last: WallFrameStamp?

  public init(last: WallFrameStamp? = nil) { self.last = last }

  public enum Verdict: Equatable, Sendable {
    /// Show it; `late` when its instant has passed (a member catching up shows it at once).
    case show(late: Bool)
    /// Already shown (the same stamp).
    case duplicate
    /// Older than the last frame shown.
    case outOfOrder(last: WallFrameStamp)
  }

  /// Judges `frame` received at `now` (the member's clock) and, when it is to be shown,
  /// takes it as the last.
  public mutating func admit(_ frame: WallFrameStamp, landAt: Date, now: Date) -> Verdict {
    if let last {
      if frame == last { return .duplicate }
      if frame < last { return .outOfOrder(last: last) }
    }
    last = frame
    return .show(late: landAt <= now)
  }
}
