import ClackAPI
import ClackCore
import Testing

@testable import ClackCommands

/// `clack status` on a wall's leader: the wall, whether it is degraded, and a line a member.
@Suite struct StatusWallTests {
  @Test func theLeaderListsEachMemberWithItsTrouble() {
    let status = WallStatus(
      wall: "lobby", leader: "left", member: "left",
      members: [
        .init(
          name: "left", tile: "left",
          report: WallMemberReport(
            online: true, shown: WallFrameStamp(term: 1, sequence: 41), landedMilliseconds: 1.24,
            clock: .inTolerance(0))),
        .init(name: "right", tile: "right", report: WallMemberReport(online: false)),
      ])
    #expect(
      StatusCommand.describe(WallView(status)) == [
        "wall lobby, led by left (this is left): DEGRADED",
        "  left (tile left): frame 41, landed +1.2 ms, clock +0.0 ms",
        "  right (tile right): offline",
      ])
  }
}
