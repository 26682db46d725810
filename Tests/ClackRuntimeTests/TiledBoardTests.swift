import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackRuntimeTestSupport
import Testing

@testable import ClackRuntime

/// A wall of one controller (docs/walls.md): two 2×8 boards side by side, both driven here
/// through one `TiledBoard`. A screen is cut into the tiles' parts, each tile starts so that
/// they all land at one instant, a tile left as it was takes no command, a retry after a busy
/// tile hands nothing twice, and the state is the canvas's. Recording boards, virtual time.
@Suite struct TiledBoardTests {
  typealias RawClock = WallLeaderTests.RawClock

  struct Tiled {
    var board: TiledBoard
    var left: RecordingBoard
    var right: RecordingBoard
    var raw: RawClock
  }

  static func tiled() throws -> Tiled {
    let small = try RuntimeHarness.smallBoard()
    let layout = try WallLayout(tiles: [
      WallTile(name: "left", member: "home", row: 0, col: 0, rows: 2, cols: 8),
      WallTile(name: "right", member: "home", row: 0, col: 8, rows: 2, cols: 8),
    ])
    let left = RecordingBoard(board: small)
    let right = RecordingBoard(board: small)
    let raw = RawClock()
    let board = try TiledBoard(
      name: "notes", layout: layout, boards: ["left": left, "right": right],
      raw: { raw.read() })
    return Tiled(board: board, left: left, right: right, raw: raw)
  }

  /// A canvas screen with `top` on its first row, from column 0.
  static func screen(_ top: String) -> Screen {
    var frame = Frame(rows: 2, cols: 16)
    for (col, character) in top.enumerated() where character != " " {
      frame[0, col] = .glyph(character)
    }
    return Screen(frame: frame)
  }

  static func text(_ frame: Frame) -> String {
    frame.notations().map { $0.joined() }.joined(separator: "|")
  }

  @Test func eachTileShowsItsPartAndAllLandAtOneInstant() throws {
    let tiled = try Self.tiled()
    #expect(tiled.board.board.rows == 2 && tiled.board.board.cols == 16)
    #expect(tiled.board.home(showing: Frame(rows: 2, cols: 16)))
    #expect(tiled.left.requests.count == 1 && tiled.right.requests.count == 1)
    // Three modules change on the left, eight on the right: 1.5 s and 4 s of moves.
    let screen = Self.screen("     ABCDEFGHIJK")
    let handover = tiled.board.show(
      screen, transition: Transition(), reduceMotion: false, notBefore: 0)
    let now = tiled.raw.read()
    // Both land two ticks (the recording boards' latency) after the longest move.
    let landRaw = now + 2_000_000 + 4_000_000_000
    #expect(handover == .sent(microseconds: (landRaw - now) / 1000))
    #expect(tiled.left.starts == [landRaw - 1_500_000_000 - 2_000_000])
    #expect(tiled.right.starts == [landRaw - 4_000_000_000 - 2_000_000])
    #expect(Self.text(try #require(tiled.left.framesShown.last)).hasPrefix("     ABC|"))
    #expect(Self.text(try #require(tiled.right.framesShown.last)).hasPrefix("DEFGHIJK|"))
    // The state is the canvas: both parts, and a change counted applied once both took it.
    let state = tiled.board.state
    #expect(tiled.board.shownFrame(state) == screen.frame)
    #expect(state.commandsApplied == 2, "homing, then the change")
    #expect(!state.idle, "idle only once the instant has passed")
    tiled.raw.advance(seconds: 5)
    #expect(tiled.board.state.idle)
  }

  @Test func aTileLeftAsItWasTakesNoCommand() throws {
    let tiled = try Self.tiled()
    #expect(tiled.board.home(showing: Frame(rows: 2, cols: 16)))
    _ = tiled.board.show(
      Self.screen("ONE     TWO"), transition: Transition(), reduceMotion: false, notBefore: 0)
    // Only the right tile changes: the left is handed nothing, which would hold a later
    // change behind this one's instant.
    _ = tiled.board.show(
      Self.screen("ONE     SIX"), transition: Transition(), reduceMotion: false, notBefore: 0)
    #expect(tiled.left.requests.count == 2 && tiled.right.requests.count == 3)
    #expect(tiled.right.starts.count == 2 && tiled.left.starts.count == 1)
    #expect(tiled.board.state.commandsApplied == 3, "every change the display handed over")
    // A change that moves no tile is counted, but never seen to settle.
    _ = tiled.board.show(
      Self.screen("ONE     SIX"), transition: Transition(), reduceMotion: false, notBefore: 0)
    let state = tiled.board.state
    #expect(state.commandsApplied == 4)
    #expect(state.lastAppliedAt > state.settledAt)
  }

  @Test func aRetryAfterABusyTileHandsNothingTwice() throws {
    let tiled = try Self.tiled()
    #expect(tiled.board.home(showing: Frame(rows: 2, cols: 16)))
    tiled.right.refuseNext(1)
    let screen = Self.screen("ABCDEFGHIJKLMNOP")
    #expect(
      tiled.board.show(screen, transition: Transition(), reduceMotion: false, notBefore: 0)
        == .busy)
    #expect(tiled.board.state.commandsApplied == 1, "the busy change is not counted")
    tiled.raw.advance(seconds: 1)
    guard
      case .sent = tiled.board.show(
        screen, transition: Transition(), reduceMotion: false, notBefore: 0)
    else {
      Issue.record("the retry is taken")
      return
    }
    #expect(tiled.left.requests.count == 2, "the left tile took its part once")
    #expect(tiled.right.requests.count == 2)
    // Both still aim at the instant worked out first.
    #expect(tiled.left.starts.first == tiled.right.starts.last)
    #expect(tiled.board.state.commandsApplied == 2)
    #expect(tiled.board.shownFrame(tiled.board.state) == screen.frame)
  }

  @Test func aFaultIsNamedByItsTileAndCell() throws {
    let tiled = try Self.tiled()
    #expect(tiled.board.home(showing: Frame(rows: 2, cols: 16)))
    tiled.right.fault(9, "no home pulse")
    let state = tiled.board.state
    // The right tile's module 9 is its row 1, column 1: the canvas's row 1, column 9.
    let fault = try #require(state.faults[16 + 9])
    #expect(fault.module == 25)
    #expect(fault.message == "tile 'right' module 9: no home pulse")
    #expect(state.faults.compactMap { $0 }.count == 1)
  }

  /// The display forecasts homing as modules ÷ budget × a module's homing: on tiles that
  /// home side by side, that is the slowest tile's homing.
  @Test func theHomingForecastIsTheSlowestTiles() throws {
    let layout = try WallLayout(tiles: [
      WallTile(name: "left", member: "home", row: 0, col: 0, rows: 2, cols: 8),
      WallTile(name: "right", member: "home", row: 0, col: 8, rows: 2, cols: 8),
    ])
    // 16 modules, 2 at a time, beside 16 modules, 8 at a time: the left takes 8 rounds.
    let board = try TiledBoard(
      name: "w", layout: layout,
      boards: [
        "left": RecordingBoard(board: try RuntimeHarness.smallBoard(maxMoving: 2)),
        "right": RecordingBoard(board: try RuntimeHarness.smallBoard(maxMoving: 8)),
      ])
    #expect(board.powerBudget == 4, "32 modules ÷ 4 = the left tile's 8 rounds")
  }

  @Test func aWallIsRefusedWhenATileHasNoBoardOfItsSize() throws {
    let small = try RuntimeHarness.smallBoard()
    let layout = try WallLayout(tiles: [
      WallTile(name: "left", member: "home", row: 0, col: 0, rows: 2, cols: 8),
      WallTile(name: "right", member: "home", row: 0, col: 8, rows: 3, cols: 8),
    ])
    #expect(throws: WallBoardError.sizeMismatch(tile: "right", tileSize: "3×8", boardSize: "2×8")) {
      try TiledBoard(
        name: "w", layout: layout,
        boards: ["left": RecordingBoard(board: small), "right": RecordingBoard(board: small)])
    }
    #expect(throws: WallBoardError.noBoard(tile: "right")) {
      try TiledBoard(name: "w", layout: layout, boards: ["left": RecordingBoard(board: small)])
    }
  }

  /// The one runtime on the tiled board: a message laid out over the whole canvas, each
  /// board handed its part.
  @Test func theRuntimeLaysAMessageOverBothTiles() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let tiled = try Self.tiled()
    let runtime = try await RuntimeHarness.runtime(
      on: tiled.board, RuntimeHarness.unscheduled(dwell: 300), clock: clock)
    await runtime.display.step()
    tiled.raw.advance(seconds: 1)
    await runtime.display.step()
    _ = try await runtime.messages.accept(
      NewMessage(sender: "t", body: .text("TWO NOTES AS ONE BOARD")))
    let shown = tiled.board.shownFrame(tiled.board.state)
    #expect(Self.text(shown).contains("TWO NOTES"), "\(Self.text(shown))")
    let left = try #require(tiled.left.framesShown.last)
    let right = try #require(tiled.right.framesShown.last)
    #expect(tiled.board.layout.assemble(["left": left, "right": right]) == shown)
    #expect(left != Frame(rows: 2, cols: 8) && right != Frame(rows: 2, cols: 8))
  }
}
