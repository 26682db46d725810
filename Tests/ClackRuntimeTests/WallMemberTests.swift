import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackRuntimeTestSupport
import ClackScheduler
import ClackStore
import Foundation
import Testing

@testable import ClackRuntime

/// A wall member's display shows what its leader sends: its tile's part of each frame, once
/// and in order, started so that it lands at the frame's instant, or at once when that has
/// passed; and messages sent to the member are refused with the leader's name.
@Suite struct WallMemberTests {
  static let membership = WallMembership(wall: "lobby", tile: "middle", leader: "left")

  static func member(clock: ManualDaemonClock) async throws -> (Runtime, RecordingBoard) {
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(
      RuntimeHarness.unscheduled(dwell: 300), clock: clock)
    await runtime.display.step()
    await runtime.display.followWall(Self.membership, last: nil)
    return (runtime, board)
  }

  /// A frame of the three-tile wall whose middle part shows `text`.
  static func frame(
    _ text: String, sequence: Int, landAt: Date, sentAt: Date, term: Int = 1
  ) -> WallFrame {
    var middle = Frame(rows: 2, cols: 8)
    for (col, character) in text.enumerated() { middle[0, col] = .character(character) }
    return WallFrame(
      wall: "lobby", leader: "left", stamp: WallFrameStamp(term: term, sequence: sequence),
      landAt: landAt, sentAt: sentAt, transition: Transition(.column),
      parts: [
        "left": Screen(rows: 2, cols: 8), "middle": Screen(frame: middle),
        "right": Screen(rows: 2, cols: 8),
      ])
  }

  @Test func itsPartIsStartedToLandAtTheFramesInstant() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await Self.member(clock: clock)
    let frame = Self.frame("HELLO", sequence: 1, landAt: clock.now() + 10, sentAt: clock.now())
    let before = MonotonicTickClock.raw()
    #expect(await runtime.display.follow(frame) == .aimed)
    guard case .show(let shown, let transition) = board.requests.last else {
      Issue.record("not shown: \(board.requests)")
      return
    }
    #expect(shown == frame.parts["middle"]?.frame)
    #expect(transition.kind == .column, "the leader's transition")
    // Five modules change, half a second each on the recording board: it starts 2.5 s
    // (and two 1 ms ticks) before the instant, 10 s from now.
    let start = try #require(board.starts.last)
    let expected = before + Int((10 - 2.5 - 0.002) * 1e9)
    #expect(abs(start - expected) < 200_000_000, "start \(start - before) ns from now")
    #expect(await runtime.display.wallFrameShown == frame.stamp)
  }

  @Test func eachFrameIsShownOnceAndInOrder() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await Self.member(clock: clock)
    let display = runtime.display
    let first = Self.frame("ONE", sequence: 1, landAt: clock.now() + 5, sentAt: clock.now())
    let second = Self.frame("TWO", sequence: 2, landAt: clock.now() + 5, sentAt: clock.now())
    #expect(await display.follow(first) == .aimed)
    #expect(await display.follow(second) == .aimed)
    let shows = board.framesShown.count
    #expect(await display.follow(second) == .refused(.duplicate))
    #expect(
      await display.follow(first)
        == .refused(.outOfOrder(last: WallFrameStamp(term: 1, sequence: 2))))
    #expect(board.framesShown.count == shows, "nothing shown again")
    #expect(board.lastShownText == "TWO|")
    // A new leader's first frame follows every frame of the old one's.
    let handedOver = Self.frame(
      "NEW", sequence: 1, landAt: clock.now() + 5, sentAt: clock.now(), term: 2)
    #expect(await display.follow(handedOver) == .aimed)
    #expect(board.lastShownText == "NEW|")
  }

  @Test func aFrameWhoseInstantHasPassedIsShownAtOnce() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await Self.member(clock: clock)
    // A member that was away gets the retained frame long after its instant.
    let frame = Self.frame("NOW", sequence: 9, landAt: clock.now() - 60, sentAt: clock.now() - 61)
    #expect(await runtime.display.follow(frame) == .late)
    #expect(board.starts.last == 0, "started at the next tick")
    #expect(board.lastShownText == "NOW|")
  }

  @Test func aFrameKeptOverARestartIsNotShownAgain() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(
      RuntimeHarness.unscheduled(dwell: 300), clock: clock)
    await runtime.display.step()
    await runtime.display.followWall(Self.membership, last: WallFrameStamp(term: 1, sequence: 9))
    let retained = Self.frame(
      "NOW", sequence: 9, landAt: clock.now() - 60, sentAt: clock.now() - 61)
    #expect(await runtime.display.follow(retained) == .refused(.duplicate))
    #expect(board.framesShown.count == 1, "only the homing")
  }

  @Test func messagesSentToAMemberAreRefusedWithTheLeadersName() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, _) = try await Self.member(clock: clock)
    await #expect {
      _ = try await runtime.messages.accept(NewMessage(sender: "t", body: .text("HI")))
    } throws: { error in
      guard case .wallMember(let membership) = error as? AcceptError else { return false }
      return membership == Self.membership
        && membership.description.contains("send messages to the leader")
    }
  }

  @Test func aFrameWithoutThisTilesPartIsNotShown() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await Self.member(clock: clock)
    var frame = Self.frame("X", sequence: 1, landAt: clock.now() + 5, sentAt: clock.now())
    frame.parts["middle"] = nil
    #expect(await runtime.display.follow(frame) == .noPart)
    frame.parts["middle"] = Screen(rows: 3, cols: 8)
    #expect(await runtime.display.follow(frame) == .noPart, "a part of another size")
    #expect(board.framesShown.count == 1)
  }
}
