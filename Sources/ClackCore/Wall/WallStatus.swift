/// How a wall stands, as a member sees it (docs/walls.md): the leader knows every member's
/// last report; a member knows its wall and its leader.
public struct WallStatus: Sendable, Hashable {
  public var wall: String
  public var leader: String
  /// This controller's name among the members.
  public var member: String
  /// Each member's tile and last report (nil: never heard from), on the leader; empty on a
  /// member.
  public var members: [Member]

  public struct Member: Sendable, Hashable {
    public var name: String
    public var tile: String
    public var report: WallMemberReport?

    public init(name: String, tile: String, report: WallMemberReport?) {
      self.name = name
      self.tile = tile
      self.report = report
    }

    /// Why the member's tile is not as it should be; nil when it is.
    public var problem: String? {
      guard let report else { return "not heard from" }
      guard report.online else { return "offline" }
      if let fault = report.faults.first { return fault }
      if case .outOfTolerance(let offset) = report.clock {
        let milliseconds = (offset * 1000 * 10).rounded() / 10
        return
          "its clock is \(abs(milliseconds)) ms \(offset > 0 ? "behind" : "ahead of") the leader's"
      }
      return nil
    }
  }

  public init(wall: String, leader: String, member: String, members: [Member]) {
    self.wall = wall
    self.leader = leader
    self.member = member
    self.members = members
  }

  /// Some member is offline, faulted or out of clock tolerance.
  public var degraded: Bool { members.contains { $0.problem != nil } }
}
