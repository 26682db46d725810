import ClackCore
import Foundation
import Testing

@testable import ClackBoard

/// Colour panels in board files: chains of WS2812, SK6812 or APA102 LEDs on SPI and
/// FlaschenTaschen displays; their layout, ink and supply, and every mistake named.
@Suite struct ColourBoardFileTests {
  static let boards = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../boards").standardized

  static func board(_ chips: String, width: Int = 16, height: Int = 8, extra: String = "")
    throws(BoardFileError) -> PixelBoardDefinition
  {
    try PixelBoardDefinition.parse(
      yaml: "name: t\npanel: {width: \(width), height: \(height)}\nchips:\n\(chips)\(extra)",
      file: "t.yaml")
  }

  static func message(_ chips: String, width: Int = 16, height: Int = 8, extra: String = "")
    -> String
  {
    do {
      _ = try board(chips, width: width, height: height, extra: extra)
      return "no error"
    } catch {
      return error.description
    }
  }

  @Test func theShippedColourPanelsRead() throws {
    let expected: [(String, PixelChips.Kind, Int)] = [
      ("ws2812-16x16.yaml", .ws2812, 256), ("ws2812-8x32.yaml", .ws2812, 256),
      ("sk6812-rgbw-32x8.yaml", .sk6812RGBW, 256), ("apa102-16x8.yaml", .apa102, 128),
      ("flaschen-taschen-64x32.yaml", .flaschenTaschen, 2048),
    ]
    for (file, kind, leds) in expected {
      let board = try PixelBoardDefinition.load(
        path: Self.boards.appendingPathComponent(file).path)
      let colour = try #require(board.chips.colour, "\(file)")
      #expect(board.chips.kind == kind && board.depth == .palette)
      #expect(colour.layout.ledCount == leds, "\(file)")
    }
  }

  @Test func aChainFollowsItsOrderAndSerpentineAndPanelsTile() throws {
    let columns = try Self.board(
      "  type: ws2812\n  spi_device: /dev/spidev0.0\n  order: columns\n", width: 32)
    let layout = try #require(columns.chips.colour?.layout)
    // Down the first column, up the second.
    #expect(Array(layout.pixelOfLED.prefix(10)) == [0, 32, 64, 96, 128, 160, 192, 224, 225, 193])
    #expect(columns.chips.colour?.spiSpeedHz == 2_400_000)
    let tiled = try Self.board(
      """
        type: apa102
        spi_device: /dev/spidev0.1
        spi_speed_hz: 4000000
        serpentine: false
        panels:
          - {width: 8, height: 8, x: 8}
          - {width: 8, height: 8, x: 0, rotation: 180}

      """)
    let tiles = try #require(tiled.chips.colour)
    #expect(tiles.spiSpeedHz == 4_000_000 && tiles.layout.panels.count == 2)
    #expect(tiles.layout.pixelOfLED[0] == 8, "the first panel sits on the right")
    #expect(tiles.layout.pixelOfLED[64] == 7 * 16 + 7, "the second is turned: its first LED")
  }

  @Test func inkAndPowerAreRead() throws {
    let board = try Self.board(
      "  type: sk6812-rgbw\n  spi_device: /dev/spidev0.0\n",
      extra: "ink: \"#00ff80\"\npower: {supply_amps: 3, reserved_amps: 0.5, channel_amps: 0.012}\n")
    let colour = try #require(board.chips.colour)
    #expect(colour.ink == RGB(0, 255, 128))
    #expect(colour.budget?.supplyMilliamps == 2500)
    #expect(colour.budget?.channelMilliamps == 12 && colour.budget?.idleMilliamps == 1)
    #expect(board.power == nil && board.maxBrightness == 15, "a chain is dimmed frame by frame")
  }

  @Test func aFlaschenTaschenDisplayHasAHostAPortAndAnOffset() throws {
    let board = try Self.board(
      "  type: flaschen-taschen\n  host: ft.local\n  offset: {x: 4, y: 2, layer: 3}\n")
    let colour = try #require(board.chips.colour)
    #expect(colour.host == "ft.local" && colour.port == 1337)
    #expect(colour.offset == .init(x: 4, y: 2, layer: 3))
    #expect(board.chips.device == "ft.local:1337")
  }

  @Test func mistakesAreNamed() {
    let chain = "  type: ws2812\n  spi_device: /dev/spidev0.0\n"
    let cases: [(String, String)] = [
      (
        Self.message(chain + "  spi_speed_hz: 8000000\n"),
        "chips.spi_speed_hz: a ws2812 chain's clock is fixed at 2.4 MHz"
      ),
      (Self.message(chain + "  addresses: [0x70]\n"), "chips.addresses: unknown field"),
      (Self.message("  type: ws2812\n"), "chips: the field 'spi_device' is missing"),
      (
        Self.message(chain + "  panels:\n    - {width: 8, height: 8}\n"),
        "the panels make a 8×8 picture with 64 LEDs; the panel is 16×8"
      ),
      (
        Self.message(
          chain + "  panels:\n    - {width: 8, height: 8}\n    - {width: 8, height: 8}\n"),
        "panel 1 overlaps panel 0"
      ),
      (Self.message(chain, extra: "ink: orange\n"), "ink: 'orange' is not a colour such as"),
      (Self.message(chain, extra: "ink: \"#000000\"\n"), "black ink would draw nothing"),
      (
        Self.message(chain, extra: "power: {supply_amps: 0.1}\n"),
        "cannot light the panel: its 128 LEDs draw 0.128 A dark"
      ),
      (
        Self.message(chain, extra: "power: {supply_amps: 1, reserved_amps: 2}\n"),
        "power.reserved_amps: leaves nothing"
      ),
      (
        Self.message(
          "  type: flaschen-taschen\n  host: ft.local\n", width: 256, height: 128),
        "more than one UDP datagram carries"
      ),
      (
        Self.message(
          "  type: flaschen-taschen\n  host: ft.local\n", extra: "power: {supply_amps: 4}\n"),
        "power: a FlaschenTaschen display's server drives its LEDs"
      ),
      (
        Self.message(
          "  type: ht16k33\n  bus: /dev/i2c-1\n  addresses: [0x70]\n", extra: "ink: \"#ff0000\"\n"),
        "ink: only a colour panel has an ink colour"
      ),
      (Self.message("  bus: /dev/i2c-1\n"), "chips: needs a type: ht16k33, is31fl3731"),
      (Self.message("  type: neopixel\n"), "chips.type: 'neopixel' is not one of"),
    ]
    for (message, expected) in cases {
      #expect(message.contains(expected), "\(message)")
    }
    var turned = "name: t\npanel: {width: 16, height: 8, rotation: 90}\nchips:\n" + chain
    #expect(
      (try? PixelBoardDefinition.parse(yaml: turned, file: "t.yaml")) == nil,
      "a colour panel is turned panel by panel")
    turned = turned.replacingOccurrences(of: ", rotation: 90", with: "")
    #expect((try? PixelBoardDefinition.parse(yaml: turned, file: "t.yaml")) != nil)
  }
}
