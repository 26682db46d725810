import ClackAPI
import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackRuntimeTestSupport
import ClackStore
import ClackTestSupport
import Foundation
import Logging
import Testing

@testable import ClackRuntime

/// A picture page on a wall's LED tile (docs/walls.md): one controller drives the built-in
/// simulated 2 × 8 flap board with a 16 × 16 colour panel under it (`TiledBoard`, both twins on
/// their own threads). The picture page in the panel's zone lights the panel's LEDs as on a
/// panel of its own, while a message shows on the flaps above; a picture page is refused for
/// a zone that is not exactly an LED tile.
@Suite(.serialized) struct WallPictureTests {
  struct Wall {
    var board: TiledBoard
    var flaps: BoardRunner
    var panel: BoardRunner
    var config: RuntimeConfig
    var path: String
    var picture: Picture
  }

  static func wall() throws -> Wall {
    let flaps = try BoardRunner(board: try RuntimeHarness.smallBoard(), simulate: true, speed: 20)
    let panelBoard = try loadBoardFile("ws2812-16x16.yaml")
    let panel = try BoardRunner(board: panelBoard, simulate: true, speed: 20)
    let layout = try WallLayout(tiles: [
      WallTile(name: "flaps", member: "pi", row: 0, col: 0, rows: 2, cols: 8),
      WallTile(
        name: "panel", member: "pi", row: 2, col: 0, rows: panelBoard.rows, cols: panelBoard.cols,
        scrolls: true),
    ])
    let board = try TiledBoard(
      name: "cafe", layout: layout, boards: ["flaps": flaps, "panel": panel])
    let (page, picture, path) = try PicturePageFacesTests.redDotPage("dot", size: 4, at: 1)
    var config = RuntimeConfig()
    config.dwell = 1
    config.reduceMotion = true
    config.zones = [
      ZoneSpec(name: "headline", row: 0, col: 0, rows: 2, cols: 8),
      ZoneSpec(name: "panel", row: 2, col: 0, rows: panelBoard.rows, cols: panelBoard.cols),
    ]
    config.pages = [page]
    config.schedules = [
      ScheduleEntry(cadence: .rotation, zone: "panel", content: .page(page), dwell: 60)
    ]
    return Wall(
      board: board, flaps: flaps, panel: panel, config: config, path: path, picture: picture)
  }

  @Test func aPicturePageLightsTheLEDTileAndTheFlapsShowText() async throws {
    let wall = try Self.wall()
    defer {
      _ = wall.board.stop()
      try? FileManager.default.removeItem(atPath: wall.path)
    }
    let panel = wall.panel.board
    #expect(
      wall.board.board.pictureAreas == [
        CellArea(row: 2, col: 0, rows: panel.rows, cols: panel.cols)
      ])
    #expect(wall.config.pictureRefusal(wall.config.schedules[0], board: wall.board.board) == nil)
    let runtime = await Runtime(
      config: wall.config, runner: wall.board, store: try ClackStore(inMemory: "wall-\(UUID())"),
      clock: ManualDaemonClock(Date(timeIntervalSince1970: 1_800_000_000)),
      logger: Logger(label: "test"))
    let loop = Task { await runtime.display.run() }
    defer { loop.cancel() }
    var message = NewMessage(sender: "t", body: .text("SOUP"))
    message.zone = "headline"
    _ = try await runtime.messages.accept(message)

    let expected = try PicturePageFacesTests.expected(
      wall.picture, frame: 0, board: wall.panel.board)
    #expect(expected.joined().contains { $0 != 0 }, "the red dot lights some LED")
    let giveUp = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < giveUp {
      let lit = wall.panel.picture(wall.panel.state).map { lit in
        (0..<lit.canvas.height).map { y in (0..<lit.canvas.width).map { Int(lit.canvas[$0, y]) } }
      }
      let text = Self.text(wall.flaps.shownFrame(wall.flaps.state))
      if lit == expected, text.contains("SOUP") { break }
      try await Task.sleep(for: .milliseconds(5))
    }
    let lit = try #require(wall.panel.picture(wall.panel.state))
    #expect(
      (0..<lit.canvas.height).map { y in (0..<lit.canvas.width).map { Int(lit.canvas[$0, y]) } }
        == expected, "the panel shows the picture, fitted to it as on a panel of its own")
    #expect(Self.text(wall.flaps.shownFrame(wall.flaps.state)).contains("SOUP"))
  }

  @Test func aPicturePageIsRefusedForAZoneThatIsNotAnLEDTile() throws {
    let wall = try Self.wall()
    defer {
      _ = wall.board.stop()
      try? FileManager.default.removeItem(atPath: wall.path)
    }
    var config = wall.config
    config.zones[1] = ZoneSpec(name: "panel", row: 2, col: 0, rows: 1, cols: 1)
    let why = try #require(config.pictureRefusal(config.schedules[0], board: wall.board.board))
    #expect(
      why.hasPrefix(
        "page 'dot' is a picture, shown on one LED tile of the wall: zone 'panel' (rows 3-3, cols 1-1) is not an LED tile's"
      ), "\(why)")
    let panel = wall.panel.board
    #expect(
      why.contains("(rows 3-\(2 + panel.rows), cols 1-\(panel.cols))"),
      "names the LED tiles: \(why)")
    // On the flaps, no picture at all.
    config.schedules[0].zone = "headline"
    #expect(config.pictureRefusal(config.schedules[0], board: wall.board.board) != nil)
  }

  static func text(_ frame: Frame) -> String {
    frame.notations().map { $0.joined() }.joined(separator: "|")
  }
}
