import ClackBoard
import ClackCore
import Foundation
import Testing

@testable import ClackCommands

/// `clack board check --simulate` on pixel boards: every shipped one starts its simulated chips
/// and reads a test picture back from their registers; a missing chip fails, named.
@Suite struct PixelBoardCheckTests {
  let boards = BoardCommandTests().boards

  @Test(arguments: [
    "ht16k33-16x8.yaml", "ht16k33-32x8.yaml", "is31fl3731-16x9.yaml", "max7219-32x8.yaml",
    "max7219-32x8-gpio.yaml", "sim-pixels-64x16.yaml", "sim-runes-64x16.yaml",
  ])
  func everyShippedPixelBoardPassesItsSelfTest(file: String) throws {
    let path = boards.appendingPathComponent(file).path
    let output = try parse(BoardCheckCommand.self, ["board", "check", path, "--simulate"])
      .output()
    #expect(output.contains("valid pixel board"))
    #expect(output.contains("reads back with 0 of"))
  }

  @Test(arguments: [
    "ws2812-16x16.yaml", "ws2812-8x32.yaml", "sk6812-rgbw-32x8.yaml", "apa102-16x8.yaml",
    "flaschen-taschen-64x32.yaml",
  ])
  func everyShippedColourPanelReadsBackItsColours(file: String) throws {
    let path = boards.appendingPathComponent(file).path
    let output = try parse(BoardCheckCommand.self, ["board", "check", path, "--simulate"])
      .output()
    #expect(output.contains("(palette)"))
    #expect(output.contains("read back with 0 of"), "\(output)")
    #expect(output.contains("pixels in the wrong colour"))
  }

  @Test func aColourChainWithItsDataLineOffFailsAndAServerThatRefusesIsNamed() throws {
    for (file, named) in [
      ("ws2812-8x32.yaml", "not one LED lit: check the data line"),
      ("flaschen-taschen-64x32.yaml", "the display on localhost:1337: "),
    ] {
      var yaml = try String(contentsOf: boards.appendingPathComponent(file), encoding: .utf8)
      yaml += "simulation: {missing_chips: [0]}\n"
      let path = try BoardCommandTests().temporaryBoard(yaml)
      do {
        _ = try parse(BoardCheckCommand.self, ["board", "check", path, "--simulate"]).output()
        Issue.record("\(file): a missing chain or server passed the self-test")
      } catch {
        #expect("\(error)".contains(named), "\(error)")
      }
    }
  }

  @Test func aMissingChipFailsNamingItWhileTheOthersShow() throws {
    var yaml = try String(
      contentsOf: boards.appendingPathComponent("ht16k33-32x8.yaml"), encoding: .utf8)
    yaml += "simulation: {missing_chips: [2]}\n"
    let path = try BoardCommandTests().temporaryBoard(yaml)
    do {
      _ = try parse(BoardCheckCommand.self, ["board", "check", path, "--simulate"]).output()
      Issue.record("a missing chip passed the self-test")
    } catch {
      #expect("\(error)".contains("3 of 4 chips answered"))
      #expect("\(error)".contains("chip 2 (0x72): "))
    }
  }
}

@Suite struct PixelRenderTests {
  let boards = BoardCommandTests().boards

  @Test func textIsLaidOutInTheBoardsGridAndDrawnAsHalfBlocks() throws {
    let path = boards.appendingPathComponent("ht16k33-16x8.yaml").path
    let output = try parse(RenderCommand.self, ["render", "HI", "--board", path])
      .output(isTerminal: false)
    let lines = output.split(separator: "\n")
    #expect(lines.count == 5, "8 rows of LEDs are 4 lines, then the summary")
    #expect(lines[0] == "··█···█··▀█▀····")
    #expect(lines[4].hasPrefix("2 of 2 characters, 1 of 1 rows: ht16k33-16x8"))
  }

  @Test func aColourPanelsPNGIsInItsColours() throws {
    let path = boards.appendingPathComponent("ws2812-8x32.yaml").path
    let png = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-led-\(UUID()).png"
    ).path
    defer { try? FileManager.default.removeItem(atPath: png) }
    _ = try parse(RenderCommand.self, ["render", "{red}", "--board", path, "--png", png])
      .output(isTerminal: false)
    // Read back through libpng: the red tile's LEDs are dots of its colour.
    let picture = try PictureFile.load(png)
    #expect(picture.width == 340 && picture.height == 100)
    var colours: [[UInt8]: Int] = [:]
    for y in 0..<picture.height {
      for x in 0..<picture.width {
        let (r, g, b, _) = picture.pixel(frame: 0, x: x, y: y)
        colours[[r, g, b], default: 0] += 1
      }
    }
    let red = ColourPalette()[ColourPalette.index(of: .red)]
    #expect(colours[[red.red, red.green, red.blue], default: 0] > 5 * 7 * 10, "\(colours.count)")
    #expect(colours[[0x1E, 0x1E, 0x1E], default: 0] > 0, "dark LEDs dim grey")
  }

  @Test func aPictureIsFittedToThePanel() throws {
    // A 4 × 1 PNG, red then blue halves: on the 32 × 8 colour panel it is 32 × 8, red left.
    var canvas = ColourCanvas(width: 4, height: 1)
    for x in 0..<4 { canvas[x, 0] = x < 2 ? RGB(255, 0, 0) : RGB(0, 0, 255) }
    let directory = FileManager.default.temporaryDirectory
    let source = directory.appendingPathComponent("clack-picture-\(UUID()).png").path
    let png = directory.appendingPathComponent("clack-led-\(UUID()).png").path
    try Data(PNGEncoder.encode(canvas)).write(to: URL(fileURLWithPath: source))
    defer {
      for path in [source, png] { try? FileManager.default.removeItem(atPath: path) }
    }
    let path = boards.appendingPathComponent("ws2812-8x32.yaml").path
    let output = try parse(
      RenderCommand.self, ["render", "--picture", source, "--board", path, "--png", png]
    ).output(isTerminal: false)
    #expect(output.contains("4×1 px: 32×8 LEDs at (0, 0) of ws2812-8x32's 32×8"), "\(output)")
    let drawn = try PictureFile.load(png)
    // The LEDs' centres (10 px a LED, a 10 px border): red on the left, blue on the right.
    let left = drawn.pixel(frame: 0, x: 10 + 5, y: 10 + 5)
    let right = drawn.pixel(frame: 0, x: 10 + 31 * 10 + 5, y: 10 + 5)
    #expect(
      [left.0, left.1, left.2] == [255, 0, 0] && [right.0, right.1, right.2] == [0, 0, 255])

    let flaps = boards.appendingPathComponent("sim-6x22.yaml").path
    #expect(throws: CommandFailure.self) {
      try parse(RenderCommand.self, ["render", "--picture", source, "--board", flaps])
        .output(isTerminal: false)
    }
    #expect(throws: CommandFailure.self) {
      try parse(
        RenderCommand.self, ["render", "--picture", source, "--frame", "2", "--board", path]
      )
      .output(isTerminal: false)
    }
  }

  @Test func pngDrawsThePanelsLEDs() throws {
    let path = boards.appendingPathComponent("max7219-32x8.yaml").path
    let png = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-led-\(UUID()).png"
    ).path
    defer { try? FileManager.default.removeItem(atPath: png) }
    let output = try parse(RenderCommand.self, ["render", "OK", "--board", path, "--png", png])
      .output(isTerminal: false)
    #expect(output.contains("wrote \(png) (340×100 px, "))
  }

  @Test func aCharacterTheFontLacksIsNamed() throws {
    let path = boards.appendingPathComponent("ht16k33-16x8.yaml").path
    #expect(throws: CommandFailure.self) {
      try parse(RenderCommand.self, ["render", "A€", "--board", path]).output(isTerminal: false)
    }
  }
}
