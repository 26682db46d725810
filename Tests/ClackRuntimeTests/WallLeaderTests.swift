import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackRuntimeTestSupport
import Synchronization
import Testing

@testable import ClackRuntime

/// A wall's leader runs the one runtime on a `WallBoard`: its queue lays a message out over
/// the whole canvas, its own tile gets its part, the other tiles' parts go out in numbered
/// frames, and every tile is aimed at one instant. Virtual time, a recording board for the
/// leader's tile and a link in memory for the others.
@Suite struct WallLeaderTests {
  /// A link that keeps what was published, with reports the test sets.
  final class MemoryWallLink: WallLink {
    private let memory = Mutex<(frames: [WallFrame], reports: [String: WallMemberReport])>(
      ([], [:]))
    func publish(_ frame: WallFrame) { memory.withLock { $0.frames.append(frame) } }
    func reports() -> [String: WallMemberReport] { memory.withLock { $0.reports } }
    var frames: [WallFrame] { memory.withLock { $0.frames } }
    func report(_ member: String, _ report: WallMemberReport) {
      memory.withLock { $0.reports[member] = report }
    }
  }

  /// The monotonic clock, stood still where the test puts it.
  final class RawClock: Sendable {
    let value = Mutex(5_000_000_000)
    func read() -> Int { value.withLock { $0 } }
    func advance(seconds: Int) { value.withLock { $0 += seconds * 1_000_000_000 } }
  }

  struct Leader {
    var runtime: Runtime
    var local: RecordingBoard
    var wall: WallBoard
    var link: MemoryWallLink
    var raw: RawClock
  }

  /// Three 2×8 boards side by side; the leader drives the left one.
  static func leader(clock: ManualDaemonClock) async throws -> Leader {
    let small = try RuntimeHarness.smallBoard()
    let layout = try WallLayout(tiles: [
      WallTile(name: "left", member: "left", row: 0, col: 0, rows: 2, cols: 8),
      WallTile(name: "middle", member: "middle", row: 0, col: 8, rows: 2, cols: 8),
      WallTile(name: "right", member: "right", row: 0, col: 16, rows: 2, cols: 8),
    ])
    let local = RecordingBoard(board: small)
    let link = MemoryWallLink()
    let raw = RawClock()
    let wall = try WallBoard(
      wall: "lobby", member: "left", layout: layout, local: local,
      remoteBoards: ["middle": small, "right": small], link: link, term: 7,
      now: { clock.now() }, raw: { raw.read() })
    let runtime = try await RuntimeHarness.runtime(
      on: wall, RuntimeHarness.unscheduled(dwell: 300), clock: clock)
    return Leader(runtime: runtime, local: local, wall: wall, link: link, raw: raw)
  }

  /// Homes: the leader's tile at once, and the wall once the start screen's instant passed.
  static func homed(_ leader: Leader) async {
    await leader.runtime.display.step()
    leader.raw.advance(seconds: 1)
    await leader.runtime.display.step()
  }

  static func text(_ frame: Frame) -> String {
    frame.notations().map { $0.joined() }.joined(separator: "|")
  }

  @Test func aMessageIsLaidOutOverTheWallAndEachTileGetsItsPart() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let leader = try await Self.leader(clock: clock)
    #expect(leader.runtime.display.runner.board.rows == 2)
    #expect(leader.runtime.display.runner.board.cols == 24)
    await Self.homed(leader)
    let homing = try #require(leader.link.frames.first, "the start screen goes to the members")
    #expect(homing.stamp == WallFrameStamp(term: 7, sequence: 1))

    _ = try await leader.runtime.messages.accept(
      NewMessage(sender: "t", body: .text("ONE WALL OF THREE BOARDS SIDE BY SIDE")))
    let frame = try #require(leader.link.frames.last)
    #expect(frame.stamp == WallFrameStamp(term: 7, sequence: 2))
    #expect(frame.wall == "lobby" && frame.leader == "left")
    let canvas = leader.wall.layout.assemble(frame.parts.mapValues(\.frame))
    #expect(Self.text(canvas).contains("ONE WALL OF THREE"), "\(Self.text(canvas))")
    // The leader's own tile was handed the left part, and nothing else.
    #expect(leader.local.framesShown.last == frame.parts["left"]?.frame)
    // What the wall reports showing is the canvas, the others' cells as they were sent.
    #expect(leader.runtime.display.runner.shownFrame(leader.wall.state) == canvas)
  }

  @Test func everyTileIsAimedAtOneInstant() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let leader = try await Self.leader(clock: clock)
    await Self.homed(leader)
    // Short text is centred on the wall: on the middle tile alone, so the landing the
    // leader aims at is the middle tile's, forecast from its board file.
    _ = try await leader.runtime.messages.accept(NewMessage(sender: "t", body: .text("HI")))
    let frame = try #require(leader.link.frames.last)
    // The middle and right tiles' landings, as their own controllers would plan them.
    let small = try RuntimeHarness.smallBoard()
    let forecast = TileForecast(board: small)
    let homing = try #require(leader.link.frames.first)
    var remote: [Int] = []
    for name in ["middle", "right"] {
      let part = try #require(frame.parts[name])
      let landing = forecast.landingMicroseconds(
        from: homing.parts[name], to: part, transition: frame.transition, reduceMotion: false)
      remote.append(try #require(landing))
    }
    // The recording board takes half a second for each module that changes.
    let before = try #require(homing.parts["left"]).frame.cells
    let after = try #require(frame.parts["left"]).frame.cells
    let own = zip(before, after).count { $0 != $1 } * leader.local.moduleMoveMicroseconds
    let longest = max(own, remote.max() ?? 0)
    #expect(own == 0 && remote[0] > 0 && remote[1] == 0, "only the middle tile changes")
    // Lands the lead (300 ms) plus the longest landing after now; the frame says so on the
    // leader's clock, and the local tile starts so that it lands then too.
    let landRaw = leader.raw.read() + 300_000_000 + longest * 1000
    #expect(
      abs(frame.landAt.timeIntervalSince(frame.sentAt) - Double(landRaw - leader.raw.read()) / 1e9)
        < 1e-6)
    #expect(frame.sentAt == clock.now())
    // The leader's own tile stays as it was: its board is handed nothing, which would hold
    // a later change behind this one's instant (WallMixedTilesTests).
    #expect(leader.local.starts.isEmpty)
  }

  @Test func aMemberThatIsOfflineMarksItsTileFaulted() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let leader = try await Self.leader(clock: clock)
    await leader.runtime.display.step()
    leader.link.report("middle", WallMemberReport(online: true))
    leader.link.report("right", WallMemberReport(online: false))
    let state = leader.wall.state
    let faulted = Set(state.faults.compactMap { $0?.module })
    // The right tile is columns 16–23 of both rows.
    let right = Set((0..<2).flatMap { row in (16..<24).map { row * 24 + $0 } })
    #expect(faulted == right)
    #expect(state.faults[16]?.message == "wall member 'right' is offline")
    leader.link.report("right", WallMemberReport(online: true, faults: ["module 3: no home pulse"]))
    #expect(leader.wall.state.faults[16]?.message == "wall member 'right': module 3: no home pulse")
    leader.link.report("right", WallMemberReport(online: true))
    #expect(leader.wall.state.faults.allSatisfy { $0 == nil })
  }

  @Test func aWallIsRefusedWhenItsTilesDoNotFitTheirBoards() throws {
    let small = try RuntimeHarness.smallBoard()
    let layout = try WallLayout(tiles: [
      WallTile(name: "left", member: "left", row: 0, col: 0, rows: 2, cols: 8),
      WallTile(name: "right", member: "right", row: 0, col: 8, rows: 3, cols: 8),
    ])
    #expect(throws: WallBoardError.sizeMismatch(tile: "right", tileSize: "3×8", boardSize: "2×8")) {
      try WallBoard(
        wall: "w", member: "left", layout: layout, local: RecordingBoard(board: small),
        remoteBoards: ["right": small], link: MemoryWallLink(), term: 1)
    }
    #expect(throws: WallBoardError.noBoard(tile: "right")) {
      try WallBoard(
        wall: "w", member: "left", layout: layout, local: RecordingBoard(board: small),
        remoteBoards: [:], link: MemoryWallLink(), term: 1)
    }
    #expect(throws: WallBoardError.ownTiles(member: "nobody", count: 0)) {
      try WallBoard(
        wall: "w", member: "nobody", layout: layout, local: RecordingBoard(board: small),
        remoteBoards: ["right": small], link: MemoryWallLink(), term: 1)
    }
  }
}
