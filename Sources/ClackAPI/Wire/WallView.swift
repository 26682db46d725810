import ClackCore

/// The wall a board is part of, in `GET /api/v1/status` (docs/walls.md): on the leader, every
/// member's last report; on a member, its wall and leader (`members` empty).
public struct WallView: Codable, Sendable, Hashable {
  public var name: String
  public var leader: String
  /// This controller's name among the members.
  public var member: String
  /// Some member is offline, faulted or out of clock tolerance.
  public var degraded: Bool
  public var members: [Member]

  public struct Member: Codable, Sendable, Hashable {
    public var name: String
    public var tile: String
    /// Nil before the member was first heard from.
    public var online: Bool?
    /// What is wrong with its tile, in words; absent when all is well.
    public var problem: String?
    /// The last frame it showed (the leader's term and the frame's number).
    public var term: Int?
    public var seq: Int?
    /// How late that frame landed against its instant (negative: early).
    public var landedMilliseconds: Double?
    /// Its clock against the leader's (positive: behind), and whether within tolerance.
    public var clockOffsetMilliseconds: Double?
    public var clockInTolerance: Bool?
    public var faults: [String]

    enum CodingKeys: String, CodingKey {
      case name, tile, online, problem, term, seq, faults
      case landedMilliseconds = "landed_ms"
      case clockOffsetMilliseconds = "clock_offset_ms"
      case clockInTolerance = "clock_in_tolerance"
    }
  }

  public init(_ status: WallStatus) {
    name = status.wall
    leader = status.leader
    member = status.member
    degraded = status.degraded
    members = status.members.map { member in
      let report = member.report
      var view = Member(
        name: member.name, tile: member.tile, online: report?.online, problem: member.problem,
        term: report?.shown?.term, seq: report?.shown?.sequence,
        landedMilliseconds: report?.landedMilliseconds, faults: report?.faults ?? [])
      switch report?.clock {
      case .inTolerance(let offset)?:
        view.clockOffsetMilliseconds = (offset * 1e6).rounded() / 1000
        view.clockInTolerance = true
      case .outOfTolerance(let offset)?:
        view.clockOffsetMilliseconds = (offset * 1e6).rounded() / 1000
        view.clockInTolerance = false
      case .unknown?, nil: break
      }
      return view
    }
  }
}
