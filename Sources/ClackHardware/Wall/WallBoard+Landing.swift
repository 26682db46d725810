import ClackCore
import ClackScheduler

extension WallBoard {
  /// How the leader's own tile landed its latest change against the frame's instant, in real
  /// milliseconds (negative: early), once it has settled; what the leader reports beside its
  /// members' figures, so the wall's spread can be read: of the latest frame that changed
  /// the local tile. Nil until one has settled, or when it moved nothing.
  public func ownLanding() -> (stamp: WallFrameStamp, lateMilliseconds: Double)? {
    let state = local.state
    return ledger.withLock { ledger in
      // The latest frame that moved the local tile (a frame of other tiles' changes alone
      // leaves the tile's landing as it was).
      guard let target = ledger.ownTarget else { return ledger.landing }
      if let landing = ledger.landing, landing.stamp == target.stamp { return landing }
      guard state.commandsApplied == target.command, state.idle, state.settledAt > 0,
        state.settledAt >= state.lastAppliedAt
      else { return ledger.landing }
      ledger.landing = (target.stamp, Double(state.settledAt - target.landRaw) / 1e6)
      return ledger.landing
    }
  }
}

extension WallBoard {
  /// What the leader says of its own tile, beside its members' reports: its latest landing
  /// and its board's faults (its clock is the wall's, so always in tolerance).
  public func ownReport() -> WallMemberReport {
    let landing = ownLanding()
    return WallMemberReport(
      online: true, shown: landing?.stamp, landedMilliseconds: landing?.lateMilliseconds,
      faults: Array(local.state.faults.compactMap { $0?.description }.prefix(8)),
      clock: .inTolerance(0))
  }

  /// Every member's tile and last report: the leader's own from its board here, a following
  /// member's as it last said it (with its clock measured against the leader's).
  public var wallStatus: WallStatus? {
    let reports = link.reports()
    let own = role == .leading ? ownReport() : reports[member] ?? ownReport()
    return WallStatus(
      wall: wall, leader: leader, member: member,
      members: layout.tiles.map { tile in
        WallStatus.Member(
          name: tile.member, tile: tile.name,
          report: tile.member == member ? own : reports[tile.member])
      })
  }
}
