import ClackAPI
import ClackBoard
import ClackContent
import ClackCore
import ClackTestSupport
import Foundation
import Testing

@testable import ClackMQTTFace
@testable import ClackRuntime

/// A picture page under the daemon's runtime: a PNG in the run of show shows on a colour
/// panel's twin, every LED read back from the chain model in the cube colour `PictureFit`
/// gives it; an animated GIF's frames take turns; `GET /api/v1/pages` says what the picture
/// is; and a picture page is refused where it cannot show.
@Suite(.serialized) struct PicturePageFacesTests {
  /// A PNG of `canvas`, written where the test can read it; the picture as `PictureFile` reads it.
  static func png(_ canvas: ColourCanvas) throws -> (path: String, picture: Picture) {
    try file(PNGEncoder.encode(canvas))
  }

  /// A picture page of a `size` × `size` PNG, dark but for one red pixel at (`at`, `at`);
  /// its picture and the file to remove.
  static func redDotPage(_ name: String, size: Int, at: Int) throws
    -> (page: Page, picture: Picture, path: String)
  {
    var canvas = ColourCanvas(width: size, height: size)
    canvas[at, at] = RGB(255, 0, 0)
    let (path, picture) = try png(canvas)
    return (Page(name: name, template: .picture(picture, file: path)), picture, path)
  }

  /// PNG bytes written to a file, and read back.
  static func file(_ png: [UInt8]) throws -> (path: String, picture: Picture) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-page-\(UUID()).png")
    try Data(png).write(to: url)
    return (url.path, try PictureFile.load(url.path))
  }

  /// The palette indices a panel of `board` shows for frame `frame` of `picture`.
  static func expected(_ picture: Picture, frame: Int, board: BoardDefinition) throws -> [[Int]] {
    let pixels = try #require(board.pixels)
    let grid = try pixels.characterGrid(file: board.name)
    var canvas = PixelCanvas(width: grid.width, height: grid.height, depth: .palette)
    PictureFit(width: grid.width, height: grid.height).draw(picture, frame: frame, into: &canvas)
    return (0..<grid.height).map { y in (0..<grid.width).map { Int(canvas[$0, y]) } }
  }

  static func config(showing page: Page) -> RuntimeConfig {
    var config = RuntimeConfig()
    config.dwell = 1
    config.reduceMotion = true
    config.pages = [page]
    config.schedules = [ScheduleEntry(cadence: .rotation, content: .page(page), dwell: 60)]
    return config
  }

  @Test func aPNGPageShowsInTheCubesColours() async throws {
    let board = try loadBoardFile("ws2812-16x16.yaml")
    // Eight wide, four high: stripes of cube colours, fitted up to 16 × 8 in the middle.
    var canvas = ColourCanvas(width: 8, height: 4)
    for y in 0..<4 {
      for x in 0..<8 { canvas[x, y] = RGB(UInt8(x * 36), y < 2 ? 255 : 0, UInt8(255 - y * 85)) }
    }
    let (path, picture) = try Self.png(canvas)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let page = Page(name: "stripes", template: .picture(picture, file: path))
    let daemon = try await InProcessDaemon(config: Self.config(showing: page), board: board)
    let display = daemon.runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }

    let expected = try Self.expected(picture, frame: 0, board: board)
    #expect(Set(expected.flatMap { $0 }).count > 8, "many colours, not a blank")
    let shown = try await PixelBoardFacesTests.until(display, "the picture") {
      $0.pixels?.rows == expected
    }
    #expect(shown.pixels?.rows[0].allSatisfy { $0 == 0 } == true, "dark above the picture")

    let (status, body) = try await daemon.request("GET", "/api/v1/pages")
    #expect(status == .ok)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let pages = try decoder.decode(PagesView.self, from: Data(body.utf8))
    #expect(pages.pages.first?.kind == "picture")
    let facts = PictureView(file: path, width: 8, height: 4, frames: 1, loopMilliseconds: 0)
    #expect(pages.pages.first?.picture == facts)
    let (previewed, previewBody) = try await daemon.request(
      "GET", "/api/v1/pages/stripes/preview")
    #expect(previewed == .ok, "\(previewBody)")
    let preview = try decoder.decode(PagePreviewView.self, from: Data(previewBody.utf8))
    #expect(preview.picture == facts && preview.zone == "main")

    // Home Assistant's image entity gets the picture, not the blank cells behind it.
    let png = try #require(await display.picture())
    let (pngPath, drawn) = try Self.file(png)
    defer { try? FileManager.default.removeItem(atPath: pngPath) }
    let colours = Set(
      (0..<drawn.height).flatMap { y in
        (0..<drawn.width).map { x in
          let (r, g, b, _) = drawn.pixel(frame: 0, x: x, y: y)
          return [r, g, b]
        }
      })
    #expect(colours.count > 8, "the picture's colours in the PNG: \(colours.count)")

    // A message takes the board from the picture, and its text shows in place of it.
    let (posted, answer) = try await daemon.post("/api/v1/messages", #"{"text": "HI"}"#)
    #expect(posted == .created, "\(answer)")
    let text = try ColourPanelFacesTests.expected("HI", board: board)
    _ = try await PixelBoardFacesTests.until(display, "the message over the picture") {
      $0.pixels?.rows == text
    }
  }

  @Test func homeAssistantsImageFollowsAPicturePageAfterABlankBoard() async throws {
    let board = try loadBoardFile("ws2812-16x16.yaml")
    let (page, picture, path) = try Self.redDotPage("dot", size: 4, at: 1)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var config = Self.config(showing: page)
    config.schedules = []
    let daemon = try await InProcessDaemon(config: config, board: board)
    let display = daemon.runtime.display
    let image = daemon.topics.image
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    // A blank board, settled: its image goes out.
    _ = try await PixelBoardFacesTests.until(display, "a blank board") {
      $0.homed && $0.moving == 0 && $0.pixels?.rows.allSatisfy { $0.allSatisfy { $0 == 0 } } == true
    }
    await daemon.bridge.publishState()
    #expect(daemon.published(on: image).count == 1)
    let (status, body) = try await daemon.request(
      "PUT", "/api/v1/run-of-show", #"{"run_of_show": [{"page": "dot"}]}"#)
    #expect(status == .ok, "\(body)")
    let expected = try Self.expected(picture, frame: 0, board: board)
    _ = try await PixelBoardFacesTests.until(display, "the picture") { $0.pixels?.rows == expected }
    // The picture page's cells are as blank as before, but the board shows something new.
    await daemon.bridge.publishState()
    #expect(daemon.published(on: image).count == 2, "the picture's image goes out")
  }

  @Test func anAnimatedGIFsFramesTakeTurns() async throws {
    let board = try loadBoardFile("ws2812-8x32.yaml")
    // Two frames of 4 × 2, red then blue, 60 ms each.
    let bytes = TestGIF.bytes(
      width: 4, height: 2, colours: [(0, 0, 0), (255, 0, 0), (0, 0, 255)],
      frames: [
        (0, 0, 4, [UInt8](repeating: 1, count: 8), 6, 1, nil),
        (0, 0, 4, [UInt8](repeating: 2, count: 8), 6, 1, nil),
      ])
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-page-\(UUID()).gif")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let picture = try PictureFile.load(url.path)
    let page = Page(name: "blink", template: .picture(picture, file: url.path))
    let daemon = try await InProcessDaemon(config: Self.config(showing: page), board: board)
    let display = daemon.runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }

    let red = try Self.expected(picture, frame: 0, board: board)
    let blue = try Self.expected(picture, frame: 1, board: board)
    #expect(red != blue)
    for round in 1...2 {
      _ = try await PixelBoardFacesTests.until(display, "red, round \(round)") {
        $0.pixels?.rows == red
      }
      _ = try await PixelBoardFacesTests.until(display, "blue, round \(round)") {
        $0.pixels?.rows == blue
      }
    }
  }

  @Test func aPicturePageIsRefusedWhereItCannotShow() throws {
    let (page, _, path) = try Self.redDotPage("logo", size: 2, at: 0)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var config = Self.config(showing: page)

    let flaps = try BuiltinBoard.load()
    let onFlaps = config.pictureRefusal(config.schedules[0], board: flaps)
    #expect(
      onFlaps?.contains("only a pixel (LED) board shows pictures") == true, "\(onFlaps ?? "")")

    let panel = try loadBoardFile("ws2812-16x16.yaml")
    #expect(config.pictureRefusal(config.schedules[0], board: panel) == nil)
    config.zones = [ZoneSpec(name: "top", row: 0, col: 0, rows: 1, cols: panel.cols)]
    let inZone = ScheduleEntry(cadence: .rotation, zone: "top", content: .page(page))
    let why = config.pictureRefusal(inZone, board: panel)
    #expect(why?.contains("zone 'top' (rows 1-1, cols 1-\(panel.cols)) is not the whole") == true)

    // Set at run time, the same rule names the entry.
    #expect(throws: RunOfShowError.self) {
      try config.resolveRunOfShow(
        [RunOfShowItem(page: "logo", zone: "top")], zones: ["top"], board: panel)
    }
  }
}
