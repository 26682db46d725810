import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackRuntimeTestSupport
import ClackScheduler
import Foundation
import Testing

@testable import ClackRuntime

/// A member of a wall of several controllers may drive several tiles (two boards on one Pi):
/// its `WallBoard` sits over a `TiledBoard` of the whole canvas that drives only its own
/// tiles. Three 2×8 boards side by side; member `ends` drives the left and right ones, member
/// `middle` the one between. Virtual time, recording boards and a link in memory.
@Suite struct WallSeveralTilesTests {
  typealias MemoryWallLink = WallLeaderTests.MemoryWallLink

  struct Ends {
    var runtime: Runtime
    var left: RecordingBoard
    var right: RecordingBoard
    var wall: WallBoard
    var link: MemoryWallLink
    var raw: WallLeaderTests.RawClock
  }

  static func layout() throws -> WallLayout {
    try WallLayout(tiles: [
      WallTile(name: "left", member: "ends", row: 0, col: 0, rows: 2, cols: 8),
      WallTile(name: "middle", member: "middle", row: 0, col: 8, rows: 2, cols: 8),
      WallTile(name: "right", member: "ends", row: 0, col: 16, rows: 2, cols: 8),
    ])
  }

  /// Member `ends`, leading or following `middle`, homed.
  static func ends(role: WallRole, clock: ManualDaemonClock) async throws -> Ends {
    let small = try RuntimeHarness.smallBoard()
    let layout = try layout()
    let (left, right) = (RecordingBoard(board: small), RecordingBoard(board: small))
    let raw = WallLeaderTests.RawClock()
    let tiled = try TiledBoard(
      name: "lobby", layout: layout, boards: ["left": left, "right": right], drivesAll: false,
      raw: { raw.read() })
    let link = MemoryWallLink()
    let wall = try WallBoard(
      wall: "lobby", member: "ends", layout: layout, local: tiled,
      remoteBoards: ["middle": small], link: link, role: role, term: 4, now: { clock.now() },
      raw: { raw.read() })
    let runtime = try await RuntimeHarness.runtime(
      on: wall, RuntimeHarness.unscheduled(dwell: 300), clock: clock)
    await runtime.display.step()
    raw.advance(seconds: 1)
    await runtime.display.step()
    return Ends(runtime: runtime, left: left, right: right, wall: wall, link: link, raw: raw)
  }

  @Test func aLeaderWithTwoTilesShowsBothPartsAndSendsTheMiddle() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let ends = try await Self.ends(role: .leading, clock: clock)
    #expect(ends.wall.board.cols == 24)
    #expect(ends.wall.localTiles.map(\.name) == ["left", "right"])
    #expect(ends.left.requests.count == 1 && ends.right.requests.count == 1, "both tiles home")

    _ = try await ends.runtime.messages.accept(
      NewMessage(sender: "t", body: .text("ONE WALL OF THREE BOARDS SIDE BY SIDE")))
    let frame = try #require(ends.link.frames.last)
    #expect(frame.stamp == WallFrameStamp(term: 4, sequence: 2))
    // Each of the member's boards got its own tile's part; the frame carries every part.
    #expect(ends.left.framesShown.last == frame.parts["left"]?.frame)
    #expect(ends.right.framesShown.last == frame.parts["right"]?.frame)
    #expect(frame.parts["middle"]?.frame != Frame(rows: 2, cols: 8))
    // Both local tiles start so that they land at the frame's instant, as the middle does.
    // The raw clock stands still: the frame's instant is this far on from it.
    let landRaw =
      ends.raw.read() + Int((frame.landAt.timeIntervalSince(frame.sentAt) * 1e9).rounded())
    for (board, name) in [(ends.left, "left"), (ends.right, "right")] {
      let before = board.framesShown[board.framesShown.count - 2].cells
      let after = try #require(frame.parts[name]).frame.cells
      let landing = zip(before, after).count { $0 != $1 } * board.moduleMoveMicroseconds
      let start = try #require(board.starts.last)
      // Its ticks from the start to the stop being seen come before the instant too.
      let expected = landRaw - landing * 1000 - board.landingLatencyNanoseconds
      #expect(abs(start - expected) < 1000, "tile \(name)")
    }
    // The wall's state is the whole canvas: the local tiles as their boards report them
    // once moved, the middle as it was sent.
    ends.left.finishMoves()
    ends.right.finishMoves()
    let canvas = ends.wall.layout.assemble(frame.parts.mapValues(\.frame))
    #expect(ends.runtime.display.runner.shownFrame(ends.wall.state) == canvas)
  }

  @Test func aChangeOfTheMiddleAloneGivesTheLocalTilesNothing() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let ends = try await Self.ends(role: .leading, clock: clock)
    // Short text is centred on the wall: on the middle tile alone.
    _ = try await ends.runtime.messages.accept(NewMessage(sender: "t", body: .text("HI")))
    let frame = try #require(ends.link.frames.last)
    #expect(WallLeaderTests.text(try #require(frame.parts["middle"]).frame).contains("HI"))
    #expect(ends.left.starts.isEmpty && ends.right.starts.isEmpty)
  }

  @Test func aFollowingMemberShowsBothOfItsPartsAtTheInstant() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let ends = try await Self.ends(role: .following("middle"), clock: clock)
    let membership = WallMembership(
      wall: "lobby", member: "ends", tile: "left", tiles: ["left", "right"], leader: "middle")
    await ends.runtime.display.followWall(membership, last: nil)
    #expect(
      membership.description
        == "this member's boards are tiles 'left', 'right' of wall 'lobby', which shows what its leader 'middle' sends: send messages to the leader"
    )
    func part(_ text: String) -> Screen {
      var frame = Frame(rows: 2, cols: 8)
      for (col, character) in text.enumerated() { frame[0, col] = .character(character) }
      return Screen(frame: frame)
    }
    let before = MonotonicTickClock.raw()
    let now = clock.now()
    let frame = WallFrame(
      wall: "lobby", leader: "middle", stamp: WallFrameStamp(term: 5, sequence: 1),
      landAt: now + 30, sentAt: now, transition: Transition(),
      parts: ["left": part("WEST"), "middle": part("MID"), "right": part("EAST")])
    #expect(await ends.runtime.display.follow(frame) == .aimed)
    #expect(ends.left.framesShown.last == frame.parts["left"]?.frame)
    #expect(ends.right.framesShown.last == frame.parts["right"]?.frame)
    // Neither board starts at once: each is held so that both land at the instant, 30 s on.
    let (left, right) = (try #require(ends.left.starts.last), try #require(ends.right.starts.last))
    #expect(left > before + 20_000_000_000 && right > before + 20_000_000_000)
    // Four modules change on each: they start together.
    #expect(left == right)
    // The membership names the member's first tile; the state shows the leader's middle.
    ends.left.finishMoves()
    ends.right.finishMoves()
    let shown = ends.runtime.display.runner.shownFrame(ends.wall.state)
    #expect(shown == ends.wall.layout.assemble(frame.parts.mapValues(\.frame)))
  }

  @Test func aMemberWithSeveralTilesNeedsABoardOfThemAll() throws {
    let small = try RuntimeHarness.smallBoard()
    let layout = try Self.layout()
    #expect(throws: WallBoardError.ownTiles(member: "ends", count: 2)) {
      try WallBoard(
        wall: "lobby", member: "ends", layout: layout, local: RecordingBoard(board: small),
        remoteBoards: ["middle": small], link: MemoryWallLink())
    }
    // A tiled board of the left tile alone is not one of both.
    let leftOnly = try TiledBoard(
      name: "lobby", layout: layout, boards: ["left": RecordingBoard(board: small)],
      drivesAll: false)
    #expect(throws: WallBoardError.ownTiles(member: "ends", count: 2)) {
      try WallBoard(
        wall: "lobby", member: "ends", layout: layout, local: leftOnly,
        remoteBoards: ["middle": small], link: MemoryWallLink())
    }
    #expect(
      WallBoardError.ownTiles(member: "ends", count: 2).description
        == "member 'ends' has 2 tiles, so its board must drive all of them (a wall's canvas over their boards)"
    )
  }
}
