/// What a member last said of itself.
public struct WallMemberReport: Sendable, Hashable {
  /// Connected to the broker (its last will says when it is not).
  public var online: Bool
  /// The last frame it showed.
  public var shown: WallFrameStamp?
  /// How late (+) or early (−) that frame landed against its instant, in milliseconds, by
  /// the member's clock.
  public var landedMilliseconds: Double?
  /// Its tile's faults, in words (empty when all is well).
  public var faults: [String]
  /// Its clock against the leader's.
  public var clock: ClockJudgement

  public init(
    online: Bool, shown: WallFrameStamp? = nil, landedMilliseconds: Double? = nil,
    faults: [String] = [], clock: ClockJudgement = .unknown
  ) {
    self.online = online
    self.shown = shown
    self.landedMilliseconds = landedMilliseconds
    self.faults = faults
    self.clock = clock
  }
}
