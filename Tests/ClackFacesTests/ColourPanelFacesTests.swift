import ClackAPI
import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import Foundation
import Testing

@testable import ClackRuntime

/// Every shipped colour panel under the daemon's runtime: a page in the run of show and a
/// message over REST show on its twin, every LED read back from the chain's or the server's
/// model in the colour it was drawn in (text in the board's ink, tiles in theirs).
@Suite(.serialized) struct ColourPanelFacesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized

  /// The palette indices the board's grid draws for `text`.
  static func expected(_ text: String, board: BoardDefinition) throws -> [[Int]] {
    let pixels = try #require(board.pixels)
    let grid = try pixels.characterGrid(file: board.name)
    let frame = try TextLayout(rows: board.rows, cols: board.cols, flapSet: board.flapSet)
      .layout(text).frame
    var canvas = PixelCanvas(width: grid.width, height: grid.height, depth: .palette)
    grid.draw(frame, into: &canvas)
    return (0..<grid.height).map { y in (0..<grid.width).map { Int(canvas[$0, y]) } }
  }

  @Test(arguments: [
    "ws2812-16x16.yaml", "ws2812-8x32.yaml", "sk6812-rgbw-32x8.yaml", "apa102-16x8.yaml",
    "flaschen-taschen-64x32.yaml",
  ])
  func pagesAndMessagesShowInTheirColours(file: String) async throws {
    let board = try BoardFile.load(path: Self.root.appendingPathComponent("boards/\(file)").path)
    let colour = try #require(board.pixels?.chips.colour)
    var config = RuntimeConfig()
    config.dwell = 1
    config.reduceMotion = true
    let page = Page(name: "tiles", template: .text("{green}{violet}"))
    config.pages = [page]
    config.schedules = [ScheduleEntry(cadence: .rotation, content: .page(page), dwell: 60)]
    let daemon = try await InProcessDaemon(config: config, board: board)
    let display = daemon.runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }

    let tiles = try Self.expected("{green}{violet}", board: board)
    let shown = try await PixelBoardFacesTests.until(display, "the page's tiles") {
      $0.pixels?.rows == tiles
    }
    let pixels = try #require(shown.pixels)
    #expect(pixels.depth == .palette)
    let palette = try #require(pixels.palette)
    #expect(palette[1] == colour.ink.hex, "the board's ink")
    #expect(palette[Int(ColourPalette.index(of: .green))] == "#2e9e4f")

    let (status, body) = try await daemon.post("/api/v1/messages", #"{"text": "H{red}"}"#)
    #expect(status == .created, "\(body)")
    let message = try Self.expected("H{red}", board: board)
    let seen = try await PixelBoardFacesTests.until(display, "the message") {
      $0.pixels?.rows == message
    }
    let indices = Set((seen.pixels?.rows ?? []).flatMap { $0 })
    #expect(indices == [0, 1, Int(ColourPalette.index(of: .red))], "dark, ink and red")
  }
}
