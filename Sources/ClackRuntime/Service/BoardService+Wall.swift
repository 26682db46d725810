import ClackCore
import ClackHardware
import ClackStore
import Foundation

/// A wall member's side of the service (docs/walls.md): the MQTT face hands it the frames
/// its leader publishes and reports what became of them.
extension BoardService {
  /// Makes this daemon a member of `membership`'s wall: its board shows what the leader sends
  /// from now on, starting after the last frame it showed before a restart.
  public func followWall(_ membership: WallMembership) async {
    let last: WallFrameStamp?
    do {
      last = try store.value(of: .wallFrame)
    } catch {
      last = nil
    }
    await display.followWall(membership, last: last)
  }

  /// Shows this member's part of `frame` at its instant (once, in order).
  public func follow(_ frame: WallFrame) async -> Display.FollowOutcome {
    await display.follow(frame)
  }

  /// What this member tells its leader: the last frame shown, how its landing went, and its
  /// board's faults. `clock` is the member's own measure of its clock against the leader's.
  public func wallReport(clock: ClockJudgement) async -> WallMemberReport {
    let shown = await display.wallFrameShown
    let landing = await display.wallFrameLanding
    // Each module's fault in words ("module 3: no home pulse"), at most a handful.
    let faults = display.runner.state.faults.compactMap { $0?.description }
    return WallMemberReport(
      online: true, shown: shown, landedMilliseconds: landing,
      faults: Array(faults.prefix(8)), clock: clock)
  }
}
