import Foundation
import Testing

@testable import ClackCore

/// Who leads a wall, decided alike by every member from what the broker tells them all.
@Suite struct WallSuccessionTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)
  static func succession(_ me: String) -> WallSuccession {
    WallSuccession(order: ["left", "middle", "right"], me: me, handoverAfter: 3, listen: 1)
  }
  static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

  @Test func nobodyDecidesBeforeListeningToTheBroker() {
    let view = WallSuccession.View(connectedAt: Self.start)
    #expect(Self.succession("left").decide(view, now: Self.at(0.5)) == .wait)
    #expect(
      Self.succession("left").decide(WallSuccession.View(connectedAt: nil), now: Self.at(10))
        == .wait)
  }

  @Test func withNoClaimTheConfiguredLeaderLeadsAndTheOthersWaitForIt() {
    let view = WallSuccession.View(online: ["middle", "right"], connectedAt: Self.start)
    let decision = Self.succession("left").decide(view, now: Self.at(1))
    #expect(decision == .lead(term: 1_800_000_001_000), "its term is the time, in milliseconds")
    // The configured leader is online but has not claimed yet: follow it.
    let others = WallSuccession.View(online: ["left", "right"], connectedAt: Self.start)
    #expect(Self.succession("middle").decide(others, now: Self.at(1)) == .follow("left"))
  }

  @Test func aClaimedLeaderThatIsOnlineIsFollowedEvenWhenItIsNotTheConfiguredOne() {
    let view = WallSuccession.View(
      claim: WallLeaderClaim(member: "middle", term: 7), online: ["middle", "right"],
      connectedAt: Self.start)
    #expect(Self.succession("left").decide(view, now: Self.at(5)) == .follow("middle"))
    #expect(Self.succession("right").decide(view, now: Self.at(5)) == .follow("middle"))
  }

  @Test func aLeaderOfflineForTheHandoverTimeIsSucceededByTheNextOnlineMemberOnly() {
    let claim = WallLeaderClaim(member: "left", term: 1_900_000_000_000)
    let view = WallSuccession.View(
      claim: claim, online: ["middle", "right"], leaderOfflineSince: Self.at(10),
      connectedAt: Self.start, lastTerm: claim.term)
    #expect(Self.succession("middle").decide(view, now: Self.at(12.9)) == .wait)
    #expect(
      Self.succession("middle").decide(view, now: Self.at(13)) == .lead(term: claim.term + 1),
      "a term after the last one, though the clock is behind it")
    #expect(Self.succession("right").decide(view, now: Self.at(13)) == .wait)
    // With the next one offline too, the one after it takes over.
    var fewer = view
    fewer.online = ["right"]
    #expect(
      Self.succession("right").decide(fewer, now: Self.at(13)) == .lead(term: claim.term + 1))
  }

  @Test func aLeaderFoundOfflineAtConnectionIsTimedFromThen() {
    let view = WallSuccession.View(
      claim: WallLeaderClaim(member: "left", term: 5), online: ["right"],
      connectedAt: Self.at(100))
    #expect(Self.succession("middle").decide(view, now: Self.at(102)) == .wait)
    #expect(
      Self.succession("middle").decide(view, now: Self.at(103))
        == .lead(term: 1_800_000_103_000))
  }

  @Test func aMemberThatFindsItsOwnClaimFromAnEarlierRunLeadsAgainUnderANewTerm() {
    let view = WallSuccession.View(
      claim: WallLeaderClaim(member: "middle", term: 1_800_000_050_000), online: ["left"],
      connectedAt: Self.start, lastTerm: 1_800_000_050_000)
    #expect(
      Self.succession("middle").decide(view, now: Self.at(1)) == .lead(term: 1_800_000_050_001))
  }

  @Test func theConfiguredLeaderBackAfterAHandoverFollowsTheNewLeader() {
    let view = WallSuccession.View(
      claim: WallLeaderClaim(member: "middle", term: 9), online: ["middle", "right"],
      connectedAt: Self.start)
    #expect(Self.succession("left").decide(view, now: Self.at(60)) == .follow("middle"))
  }
}
