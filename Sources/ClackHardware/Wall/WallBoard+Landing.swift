import ClackCore
import ClackScheduler

extension WallBoard {
  /// How the leader's own tile landed its latest change against the frame's instant, in real
  /// milliseconds (negative: early), once it has settled; what the leader reports beside its
  /// members' figures, so the wall's spread can be read. Nil while it moves, or when the
  /// latest change moved nothing.
  public func ownLanding() -> (stamp: WallFrameStamp, lateMilliseconds: Double)? {
    let state = local.state
    return ledger.withLock { ledger in
      if let landing = ledger.landing, landing.stamp == ledger.stamp { return landing }
      guard state.commandsApplied == ledger.localCommands, state.idle, state.settledAt > 0,
        state.settledAt >= state.lastAppliedAt
      else { return ledger.landing }
      ledger.landing = (ledger.stamp, Double(state.settledAt - ledger.landRaw) / 1e6)
      return ledger.landing
    }
  }
}
