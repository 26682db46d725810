import Foundation
import Testing

@testable import ClackCore

/// A member shows each frame of its wall once and in order, whatever the broker delivers
/// again, and a member that was away shows the current frame at once.
@Suite struct WallFrameOrderTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  func stamp(_ term: Int, _ sequence: Int) -> WallFrameStamp {
    WallFrameStamp(term: term, sequence: sequence)
  }

  @Test func framesAreShownOnceInOrder() {
    var order = WallFrameOrder()
    let soon = now.addingTimeInterval(2)
    #expect(order.admit(stamp(1, 1), landAt: soon, now: now) == .show(late: false))
    #expect(order.admit(stamp(1, 2), landAt: soon, now: now) == .show(late: false))
    #expect(order.admit(stamp(1, 2), landAt: soon, now: now) == .duplicate)
    #expect(order.admit(stamp(1, 1), landAt: soon, now: now) == .outOfOrder(last: stamp(1, 2)))
    #expect(order.last == stamp(1, 2))
  }

  @Test func aNewLeadersTermComesAfterEveryFrameOfTheOld() {
    var order = WallFrameOrder(last: stamp(1, 40))
    #expect(order.admit(stamp(2, 1), landAt: now, now: now) == .show(late: true))
    // A frame from the replaced leader, delivered late, is refused.
    #expect(order.admit(stamp(1, 41), landAt: now, now: now) == .outOfOrder(last: stamp(2, 1)))
  }

  @Test func aFrameWhoseInstantHasPassedIsShownLate() {
    var order = WallFrameOrder(last: stamp(3, 7))
    let past = now.addingTimeInterval(-30)
    #expect(order.admit(stamp(3, 9), landAt: past, now: now) == .show(late: true))
  }
}
