import Testing

@testable import ClackCore

/// A wall is degraded while a member is offline, never heard from, faulted or out of clock
/// tolerance, and each member's trouble is said in words.
@Suite struct WallStatusTests {
  static func status(_ right: WallMemberReport?) -> WallStatus {
    WallStatus(
      wall: "lobby", leader: "left", member: "left",
      members: [
        .init(name: "left", tile: "left", report: WallMemberReport(online: true)),
        .init(name: "right", tile: "right", report: right),
      ])
  }

  @Test func eachTroubleIsNamed() {
    let cases: [(WallMemberReport?, String?)] = [
      (WallMemberReport(online: true, clock: .inTolerance(0.002)), nil),
      (nil, "not heard from"),
      (WallMemberReport(online: false), "offline"),
      (
        WallMemberReport(online: true, faults: ["module 3: no home pulse"]),
        "module 3: no home pulse"
      ),
      (
        WallMemberReport(online: true, clock: .outOfTolerance(-0.25)),
        "its clock is 250.0 ms ahead of the leader's"
      ),
      (
        WallMemberReport(online: true, clock: .outOfTolerance(0.0412)),
        "its clock is 41.2 ms behind the leader's"
      ),
    ]
    for (report, problem) in cases {
      let status = Self.status(report)
      #expect(status.members[1].problem == problem)
      #expect(status.degraded == (problem != nil))
    }
  }
}
