/// The topics a wall's members coordinate on (docs/walls.md), all under
/// `<prefix>/wall/<wall>/`.
public struct WallTopics: Sendable, Hashable {
  public let base: String

  public init(prefix: String, wall: String) { base = "\(prefix)/wall/\(wall)" }

  /// The leader's frames, retained: a member that connects gets the current one.
  public var frame: String { "\(base)/frame" }
  /// A member's status, retained; its last will says it is offline.
  public func member(_ name: String) -> String { "\(base)/member/\(name)" }
  /// Every member's status, for the leader.
  public var members: String { "\(base)/member/+" }
  /// A member's clock probes, to the leader, and the leader's answers.
  public func probe(_ name: String) -> String { "\(base)/probe/\(name)" }
  public var probes: String { "\(base)/probe/+" }
  public func answer(_ name: String) -> String { "\(base)/answer/\(name)" }

  /// The latest claim to lead, retained: it names the leader.
  public var leader: String { "\(base)/leader" }
  /// A message of the wall's queue (its row), retained while it is live; emptied once it is
  /// done, so the broker holds the queue as the leader has it.
  public func queue(_ id: Int64) -> String { "\(base)/queue/\(id)" }
  public var queueAll: String { "\(base)/queue/+" }

  /// The message a `queue/<id>` topic is about; nil for another topic.
  public func queueID(in topic: String) -> Int64? {
    memberName(in: topic, kind: "queue").flatMap { Int64($0) }
  }

  /// The member a `member/<name>` or `probe/<name>` topic is about; nil for another topic.
  public func memberName(in topic: String, kind: String) -> String? {
    let head = "\(base)/\(kind)/"
    guard topic.hasPrefix(head) else { return nil }
    let name = topic.dropFirst(head.count)
    return name.isEmpty || name.contains("/") ? nil : String(name)
  }
}
