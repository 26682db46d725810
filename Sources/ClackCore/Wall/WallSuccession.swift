import Foundation

/// A member's claim to lead its wall, retained on the broker: the latest one names the
/// leader. Each leader's term comes after every earlier one's, and numbers its frames.
public struct WallLeaderClaim: Sendable, Hashable {
  public var member: String
  public var term: Int

  public init(member: String, term: Int) {
    self.member = member
    self.term = term
  }
}

/// Who leads a wall (docs/walls.md): the member the latest claim names, while it is online.
/// With no claim yet, the first in the order (the configured leader). A leader offline for
/// `handoverAfter` is succeeded by the first online member after it in the order, which
/// claims a new term; every member decides alike from what the broker tells them all, so only
/// that one claims. A member decides nothing until it has listened for `listen` after
/// connecting: the broker's retained claim and statuses arrive in that time.
public struct WallSuccession: Sendable, Hashable {
  /// The members in the order they lead: the configured leader first.
  public let order: [String]
  public let me: String
  public let handoverAfter: TimeInterval
  public let listen: TimeInterval

  public init(order: [String], me: String, handoverAfter: TimeInterval, listen: TimeInterval = 1) {
    self.order = order
    self.me = me
    self.handoverAfter = handoverAfter
    self.listen = listen
  }

  /// What a member knows of its wall.
  public struct View: Sendable, Hashable {
    public var claim: WallLeaderClaim?
    /// The other members connected now, by their statuses.
    public var online: Set<String>
    /// Since when the claimed leader has been offline, if it has been seen online before.
    public var leaderOfflineSince: Date?
    /// When this member last connected to the broker; nil while it is not connected.
    public var connectedAt: Date?
    /// The highest term seen in a claim or a frame.
    public var lastTerm: Int

    public init(
      claim: WallLeaderClaim? = nil, online: Set<String> = [], leaderOfflineSince: Date? = nil,
      connectedAt: Date?, lastTerm: Int = 0
    ) {
      self.claim = claim
      self.online = online
      self.leaderOfflineSince = leaderOfflineSince
      self.connectedAt = connectedAt
      self.lastTerm = lastTerm
    }
  }

  public enum Decision: Sendable, Hashable {
    /// Lead; a member not leading yet claims `term`.
    case lead(term: Int)
    /// Show what `leader` sends.
    case follow(String)
    /// Change nothing yet.
    case wait
  }

  /// The leader the member should have now.
  public func decide(_ view: View, now: Date) -> Decision {
    guard let connected = view.connectedAt, now.timeIntervalSince(connected) >= listen else {
      return .wait
    }
    let term = max(view.lastTerm + 1, Int((now.timeIntervalSince1970 * 1000).rounded(.down)))
    let leader = view.claim?.member ?? order.first ?? me
    if leader == me { return .lead(term: term) }
    if view.online.contains(leader) { return .follow(leader) }
    let since = max(view.leaderOfflineSince ?? connected, connected)
    guard now.timeIntervalSince(since) >= handoverAfter else { return .wait }
    let next = order.first { $0 != leader && ($0 == me || view.online.contains($0)) }
    return next == me ? .lead(term: term) : .wait
  }
}
