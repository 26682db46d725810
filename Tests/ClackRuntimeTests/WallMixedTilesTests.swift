import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackRuntimeTestSupport
import Foundation
import Testing

@testable import ClackRuntime

/// A wall of mixed tiles (docs/walls.md): a 2×8 flap board of 40 flaps (capitals, digits and
/// `. , '`) beside the shipped simulated LED panel (the built-in font: punctuation and colour
/// blocks too). Each zone takes the symbols of its tile: a `?` is refused for the headline
/// when the message is sent, not found unshowable later, and shown on the ticker; a line too
/// long for the ticker scrolls there, on the panel alone. (ZoneAreasTests shows lower case kept on a panel whose font has it.) The leader and a member following it each run the one runtime on
/// their `WallBoard`, in virtual time, over recording boards.
@Suite struct WallMixedTilesTests {
  typealias MemoryWallLink = WallLeaderTests.MemoryWallLink

  struct Wall {
    var layout: WallLayout
    var flaps: BoardDefinition
    var panel: BoardDefinition
    var config: RuntimeConfig
  }

  static func wall() throws -> Wall {
    let flaps = try BoardDefinition.parse(
      yaml: BuiltinBoard.yaml.replacingOccurrences(of: "rows: 6", with: "rows: 2")
        .replacingOccurrences(of: "cols: 22", with: "cols: 8")
        .replacingOccurrences(of: "flaps: vestaboard", with: "flaps: classic-40"),
      file: "flaps.yaml")
    let panel = try BoardFile.load(
      path: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../boards/sim-pixels-64x16.yaml").standardized.path)
    let layout = try WallLayout(tiles: [
      WallTile(name: "flaps", member: "flaps", row: 0, col: 0, rows: 2, cols: 8),
      WallTile(
        name: "ticker", member: "ticker", row: 0, col: 8, rows: panel.rows, cols: panel.cols,
        scrolls: true),
    ])
    var config = RuntimeHarness.unscheduled(dwell: 300)
    config.zones = [
      ZoneSpec(name: "headline", row: 0, col: 0, rows: 2, cols: 8),
      ZoneSpec(name: "ticker", row: 0, col: 8, rows: panel.rows, cols: panel.cols),
    ]
    return Wall(layout: layout, flaps: flaps, panel: panel, config: config)
  }

  static func message(_ text: String, zone: String) -> NewMessage {
    var message = NewMessage(sender: zone, body: .text(text))
    message.zone = zone
    return message
  }

  /// The flaps' member leading the wall, homed: its runtime over a recording board.
  static func homedLeader(configure: (inout RuntimeConfig) -> Void = { _ in }) async throws -> (
    Wall, WallLeaderTests.Leader
  ) {
    var wall = try Self.wall()
    configure(&wall.config)
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let raw = WallLeaderTests.RawClock()
    let local = RecordingBoard(board: wall.flaps)
    let link = MemoryWallLink()
    let board = try WallBoard(
      wall: "cafe", member: "flaps", layout: wall.layout, local: local,
      remoteBoards: ["ticker": wall.panel], link: link, term: 3, now: { clock.now() },
      raw: { raw.read() })
    let runtime = try await RuntimeHarness.runtime(on: board, wall.config, clock: clock)
    await runtime.display.step()
    raw.advance(seconds: 1)
    await runtime.display.step()
    return (
      wall,
      WallLeaderTests.Leader(runtime: runtime, local: local, wall: board, link: link, raw: raw)
    )
  }

  /// The member that drives the panel, following the flaps' member: its runtime over a
  /// recording board of the panel.
  static func followingTicker() async throws -> (
    Wall, Runtime, RecordingBoard, ManualDaemonClock
  ) {
    let wall = try Self.wall()
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let local = RecordingBoard(board: wall.panel)
    let board = try WallBoard(
      wall: "cafe", member: "ticker", layout: wall.layout, local: local,
      remoteBoards: ["flaps": wall.flaps], link: MemoryWallLink(), role: .following("flaps"),
      now: { clock.now() })
    let runtime = try await RuntimeHarness.runtime(on: board, wall.config, clock: clock)
    await runtime.display.step()
    await runtime.display.followWall(
      WallMembership(wall: "cafe", tile: "ticker", leader: "flaps"), last: nil)
    return (wall, runtime, local, clock)
  }

  /// The leader's frame giving the ticker `ticker` (and the flaps blanks), landing 5 s on.
  static func frame(ticker: Screen, at now: Date) -> WallFrame {
    WallFrame(
      wall: "cafe", leader: "flaps", stamp: WallFrameStamp(term: 3, sequence: 2),
      landAt: now + 5, sentAt: now, transition: Transition(),
      parts: ["flaps": Screen(rows: 2, cols: 8), "ticker": ticker])
  }

  static let long =
    "Showers moving in from the west by mid afternoon, clearing before the evening rush"

  @Test func eachZoneIsLaidOutInItsTilesSymbolsAndTheTickerScrolls() async throws {
    let (wall, leader) = try await Self.homedLeader()
    let (runtime, local, link, board) = (leader.runtime, leader.local, leader.link, leader.wall)
    #expect(board.scrollCapacity != nil, "the ticker scrolls")
    #expect(board.areas.map(\.scrolls) == [false, true])

    _ = try await runtime.messages.accept(
      Self.message("Rain", zone: "headline"))
    let headline = try #require(link.frames.last?.parts["flaps"])
    #expect(WallLeaderTests.text(headline.frame).contains("RAIN"))
    #expect(local.framesShown.last == headline.frame)

    // "?" (code 60) is no flap of the 40, and a glyph of the panel's font.
    var codes = Array(repeating: Array(repeating: 0, count: 8), count: 2)
    codes[0][0] = 60
    var asked = NewMessage(sender: "t", body: .codes(codes))
    asked.zone = "headline"
    let refusal = await #expect(throws: (any Error).self) {
      _ = try await runtime.messages.accept(asked)
    }
    #expect("\(refusal.map { String(describing: $0) } ?? "")".contains("not on this board"))
    // As text: refused naming the character, in the flaps' set.
    do {
      _ = try await runtime.messages.accept(Self.message("SOUP?", zone: "headline"))
      Issue.record("a ? was taken for the flaps")
    } catch {
      guard case .layout(.unsupportedCharacters(let characters, let flapSet), "headline") = error
      else { throw error }
      #expect(characters.map(\.text) == ["?"] && flapSet == "classic-40")
    }
    asked.zone = "ticker"
    asked.sender = "ticker"  // the long line below replaces it
    asked.body = .codes(
      [[60] + Array(repeating: 0, count: wall.panel.cols - 1)]
        + Array(
          repeating: Array(repeating: 0, count: wall.panel.cols), count: wall.panel.rows - 1))
    _ = try await runtime.messages.accept(asked)
    #expect(link.frames.last?.parts["ticker"]?.frame[0, 0] == .glyph("?"))

    _ = try await runtime.messages.accept(
      Self.message(Self.long, zone: "ticker"))
    let frame = try #require(link.frames.last)
    let ticker = try #require(frame.parts["ticker"])
    // Laid out in the font's symbols, and the line longer than the panel scrolls on it.
    #expect(ticker.frame.cells.allSatisfy { wall.panel.flapSet.contains($0) })
    let line = try #require(ticker.scrolling.values.first)
    #expect(line.count > wall.panel.cols)
    #expect(frame.parts["flaps"]?.scrolling.isEmpty == true)
    #expect(frame.parts["flaps"]?.frame == headline.frame, "the headline stays")
    // Its time on show counts from when the line has been seen whole: after the landing
    // and the line's first pass across the panel.
    let pass = TileForecast(board: wall.panel).firstPassMilliseconds(of: ticker)
    #expect(pass > 1000)
    let seenWhole = try #require(
      board.seenWholeMilliseconds(wall.layout.assemble(frame.parts), reduceMotion: false))
    #expect(seenWhole >= pass)
  }

  @Test func aChangeOfTheTickerAloneHoldsNothingBackOnTheFlaps() async throws {
    let (_, leader) = try await Self.homedLeader()
    let (runtime, local, link, board, raw) = (
      leader.runtime, leader.local, leader.link, leader.wall, leader.raw
    )
    let homing = local.requests.count

    // A ticker line leaves the flaps as they are: the flaps' board is handed nothing. A
    // command for it would wait for the frame's instant, and hold the headline below
    // behind it (half a second late, on the real executor's queue).
    _ = try await runtime.messages.accept(Self.message("OPEN UNTIL SIX", zone: "ticker"))
    #expect(link.frames.last?.parts["ticker"]?.frame.cells.contains(.glyph("X")) == true)
    #expect(local.requests.count == homing)
    // The display still sees its change taken: the wall counts it applied.
    #expect(board.state.commandsApplied == local.state.commandsApplied + 1)
    #expect(await runtime.display.commandsSent == board.state.commandsApplied)

    _ = try await runtime.messages.accept(Self.message("SOUP", zone: "headline"))
    #expect(local.requests.count == homing + 1)
    let frame = try #require(link.frames.last)
    #expect(local.framesShown.last == frame.parts["flaps"]?.frame)
    #expect(await runtime.display.commandsSent == board.state.commandsApplied)
    // Started so that it lands at the frame's instant: the lead (300 ms) after now, its own
    // move being the longest, less the board's ticks to take it.
    #expect(local.starts.last == raw.read() + 300_000_000 - local.landingLatencyNanoseconds)
  }

  @Test func theMemberOnThePanelScrollsTheLeadersLine() async throws {
    let (wall, runtime, local, clock) = try await Self.followingTicker()

    var ticker = Screen(rows: wall.panel.rows, cols: wall.panel.cols)
    let line = Array(Self.long.uppercased()).map(Symbol.character)
    for (col, symbol) in line.prefix(wall.panel.cols).enumerated() { ticker.frame[1, col] = symbol }
    ticker.scrolling = [1: line]
    let frame = Self.frame(ticker: ticker, at: clock.now())
    #expect(await runtime.display.follow(frame) == .aimed)
    let shown = try #require(local.screensShown.last)
    #expect(shown == ticker, "the panel got its part with the line that scrolls")
  }
}

extension WallMixedTilesTests {
  static let dot = Picture(
    width: 1, height: 1, frames: [.init(rgba: [255, 0, 0, 255], milliseconds: 0)])

  /// A picture page in the ticker's zone (exactly the panel): the leader's frame gives the
  /// picture to the ticker's part alone, and the flaps' board is handed nothing.
  @Test func aPicturePageGoesToThePanelsPart() async throws {
    let page = Page(name: "dot", template: .picture(Self.dot, file: "dot.png"))
    let (wall, leader) = try await Self.homedLeader { config in
      config.pages = [page]
      config.schedules = [
        ScheduleEntry(cadence: .rotation, zone: "ticker", content: .page(page), dwell: 60)
      ]
    }
    let (link, local) = (leader.link, leader.local)
    #expect(wall.config.pictureRefusal(wall.config.schedules[0], board: leader.wall.board) == nil)
    let frame = try #require(link.frames.last { $0.parts["ticker"]?.picture != nil })
    #expect(frame.parts["ticker"]?.picture == Self.dot)
    #expect(frame.parts["flaps"]?.picture == nil)
    #expect(local.screensShown.allSatisfy { $0.picture == nil })
  }

  /// The member that drives the panel shows the picture the leader's frame gives its part.
  @Test func theMemberOnThePanelShowsThePicture() async throws {
    let (wall, runtime, local, clock) = try await Self.followingTicker()
    let ticker = Screen(
      frame: Frame(rows: wall.panel.rows, cols: wall.panel.cols), picture: Self.dot)
    let frame = Self.frame(ticker: ticker, at: clock.now())
    #expect(await runtime.display.follow(frame) == .aimed)
    #expect(local.screensShown.last == ticker, "the panel got the picture over the whole of it")
  }
}
