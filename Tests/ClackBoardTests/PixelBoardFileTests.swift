import ClackCore
import Foundation
import Testing

@testable import ClackBoard

@Suite struct PixelBoardFileTests {
  static let boards = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../boards").standardized

  @Test(arguments: [
    ("ht16k33-16x8.yaml", 16, 8, 1), ("ht16k33-32x8.yaml", 32, 8, 4),
    ("is31fl3731-16x9.yaml", 16, 9, 1), ("max7219-32x8.yaml", 32, 8, 4),
    ("max7219-32x8-gpio.yaml", 32, 8, 4),
    ("sim-pixels-64x16.yaml", 64, 16, 8), ("sim-runes-64x16.yaml", 64, 16, 8),
  ])
  func everyShippedPixelBoardReads(file: String, width: Int, height: Int, chips: Int) throws {
    let path = Self.boards.appendingPathComponent(file).path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(PixelBoardDefinition.isPixelBoard(yaml: text))
    let board = try PixelBoardDefinition.load(path: path)
    #expect(board.geometry.width == width && board.geometry.height == height)
    #expect(board.chips.count == chips)
    let grid = try PixelGrid(width: width, height: height, font: .builtin5x7)
    #expect(grid.rows >= 1 && grid.cols >= 2)
  }

  @Test func chipsTileThePanelLeftToRightThenDown() throws {
    let board = try PixelBoardDefinition.load(
      path: Self.boards.appendingPathComponent("sim-pixels-64x16.yaml").path)
    #expect(board.chips.placements.map(\.x) == [0, 16, 32, 48, 0, 16, 32, 48])
    #expect(board.chips.placements.map(\.y) == [0, 0, 0, 0, 8, 8, 8, 8])
    #expect(board.simulatedOnly && board.depth == .mono && board.transition == .flap)
  }

  @Test func aFlapBoardIsNotAPixelBoard() throws {
    let text = try String(
      contentsOfFile: Self.boards.appendingPathComponent("sim-6x22.yaml").path, encoding: .utf8)
    #expect(!PixelBoardDefinition.isPixelBoard(yaml: text))
  }

  static let base = """
    name: t
    panel: {width: 32, height: 8}
    chips:
      type: ht16k33
      bus: /dev/i2c-1
      backpack: 8x8
      addresses: [0x70, 0x71, 0x72, 0x73]

    """

  @Test(arguments: [
    (
      "addresses: [0x70, 0x71, 0x72, 0x73]", "addresses: [0x70, 0x71, 0x72]",
      "t.yaml:7:14: chips.addresses: 3 chips of 8×8 do not tile a 32×8 panel (it takes 4 across and 1 down)"
    ),
    (
      "0x73]", "0x78]",
      "t.yaml:7:33: chips.addresses[3]: 0x78 is not an address an HT16K33 can have (0x70-0x77)"
    ),
    ("0x73]", "0x70]", "t.yaml:7:33: chips.addresses[3]: 0x70 is listed twice"),
    (
      "backpack: 8x8", "backpack: 9x9",
      "t.yaml:6:13: chips.backpack: '9x9' is not one of: 16x8, 8x8, bicolor-8x8"
    ),
    (
      "type: ht16k33", "type: ws2811",
      "t.yaml:4:9: chips.type: 'ws2811' is not one of: ht16k33, is31fl3731, max7219, ws2812"
    ),
    (
      "height: 8", "height: 8, rotation: 45",
      "t.yaml:2:41: panel.rotation: '45' is not one of: 0, 90, 180, 270"
    ),
    (
      "bus: /dev/i2c-1", "bus: /dev/i2c-1\n  clock_hz: 5000000",
      "t.yaml:6:13: chips.clock_hz: 5000000 is out of range 10000-1000000"
    ),
  ])
  func mistakesNameFileLineAndField(find: String, replace: String, message: String) {
    let yaml = Self.base.replacingOccurrences(of: find, with: replace)
    do {
      _ = try PixelBoardDefinition.parse(yaml: yaml, file: "t.yaml")
      Issue.record("accepted: \(replace)")
    } catch {
      #expect("\(error)".hasPrefix(message), "\(error)")
    }
  }

  @Test func anI2CPanelsBusClockIsThePisDefaultUnlessGiven() throws {
    let base = try PixelBoardDefinition.parse(yaml: Self.base, file: "t.yaml")
    #expect(base.chips.i2cClockHz == 100_000)
    let raised = Self.base.replacingOccurrences(
      of: "bus: /dev/i2c-1", with: "bus: /dev/i2c-1\n  clock_hz: 400000")
    #expect(
      try PixelBoardDefinition.parse(yaml: raised, file: "t.yaml").chips.i2cClockHz == 400_000)
    let shipped = try PixelBoardDefinition.load(
      path: Self.boards.appendingPathComponent("is31fl3731-16x9.yaml").path)
    #expect(shipped.chips.i2cClockHz == 400_000)
    let spi = """
      name: m
      panel: {width: 32, height: 8}
      chips: {type: max7219, spi_device: /dev/spidev0.0, blocks: 4, clock_hz: 400000}
      """
    do {
      _ = try PixelBoardDefinition.parse(yaml: spi, file: "m.yaml")
      Issue.record("a MAX7219 took an I2C clock")
    } catch {
      #expect("\(error)".contains("clock_hz is an I2C bus's clock; a MAX7219's is spi_speed_hz"))
    }
  }

  @Test func aMAX7219CascadeMustMatchThePanel() {
    let yaml = """
      name: m
      panel: {width: 32, height: 8}
      chips: {type: max7219, spi_device: /dev/spidev0.0, blocks: 3}
      """
    do {
      _ = try PixelBoardDefinition.parse(yaml: yaml, file: "m.yaml")
      Issue.record("a 24-pixel cascade on a 32-pixel panel")
    } catch {
      #expect("\(error)".contains("3 blocks of 8×8 make a 24×8 panel; the panel is 32×8"))
    }
  }
}

@Suite struct PixelBoardAsFlapBoardTests {
  @Test func aPixelBoardWhereAFlapBoardIsNeededSaysSo() {
    do {
      _ = try BoardDefinition.parse(yaml: PixelBoardFileTests.base, file: "t.yaml")
      Issue.record("a pixel board read as a flap board")
    } catch {
      let expected =
        "t.yaml: is a pixel (LED) board: 'clack board check', 'clack render', 'clack run' and "
        + "'clack sim' take it; this command needs a split-flap board"
      #expect("\(error)".hasPrefix(expected))
    }
  }
}

@Suite struct PixelBoardFontTests {
  @Test func aMissingFontNamesTheFieldAndTheDebianPackage() throws {
    let yaml = PixelBoardFileTests.base + "font: /nonexistent/unifont.hex\n"
    let board = try PixelBoardDefinition.parse(yaml: yaml, file: "t.yaml")
    do {
      _ = try board.characterGrid(file: "t.yaml")
      Issue.record("a missing font was accepted")
    } catch {
      #expect(
        "\(error)"
          == "t.yaml: font: /nonexistent/unifont.hex: no such font file (GNU Unifont is in Debian's 'unifont' package: sudo apt install unifont)"
      )
    }
  }

  @Test func theBuiltInFaceMakesTheGrid() throws {
    let board = try PixelBoardDefinition.parse(yaml: PixelBoardFileTests.base, file: "t.yaml")
    let grid = try board.characterGrid(file: "t.yaml")
    #expect(grid.rows == 1 && grid.cols == 5 && grid.text.font.name == "builtin-5x7")
  }
}

/// The real GNU Unifont from Debian's `unifont` package (scripts/test.sh installs it), read
/// whole: its glyphs are the ones the font's authors drew, 8 or 16 pixels wide, 16 high.
@Suite struct DebianUnifontTests {
  static let path = "/usr/share/unifont/unifont.hex"

  @Test func theWholeFontLoadsWithItsKnownGlyphs() throws {
    let font = try PixelFontFile.load(Self.path)
    #expect(font.glyphs.count > 50_000, "\(font.glyphs.count) glyphs")
    #expect(font.lineHeight == 16)
    // 'A' in Unifont: 0041:0000000018242442427E424242420000.
    let a = try #require(font.glyph(for: "A"))
    let rows = (0..<16).map { y in (0..<8).map { a.isLit(x: $0, y: y) ? "#" : "." }.joined() }
    #expect(rows[4] == "...##...")
    #expect(rows[9] == ".######.")
    #expect(a.width == 8 && a.advance == 8)
    // Runes (U+16A0 FEHU) and a CJK ideograph (16 wide) are there too.
    #expect(font.glyph(for: "ᚠ") != nil)
    #expect(font.glyph(for: "一")?.width == 16)
  }

  @Test func aPanelInUnifontHasItsGrid() throws {
    let yaml =
      PixelBoardFileTests.base.replacingOccurrences(of: "height: 8", with: "height: 16")
      .replacingOccurrences(
        of: "addresses: [0x70, 0x71, 0x72, 0x73]",
        with: "addresses: [0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77]")
      + "font: \(Self.path)\n"
    let board = try PixelBoardDefinition.parse(yaml: yaml, file: "u.yaml")
    let grid = try board.characterGrid(file: "u.yaml")
    // Cells of Unifont's usual 8 pixels: four on 32; its double-width glyphs do not fit one.
    #expect(grid.rows == 1 && grid.cols == 4, "\(grid.rows)×\(grid.cols)")
    let symbols = grid.symbolSet()
    #expect(symbols.contains(.glyph("A")) && symbols.contains(.glyph("ᚠ")))
    #expect(!symbols.contains(.glyph("一")))
  }
}

/// Debian `xfonts-unifont`'s `unifont_csur.pcf.gz`: Unifont with the ConScript Unicode
/// Registry's private-use scripts, the font a pixel board writes Cirth in, read by Clack's own
/// PCF reader and checked glyph by glyph against `pcf2bdf`'s reading of the same file.
@Suite struct DebianUnifontCSURTests {
  static let path = "/usr/share/fonts/X11/misc/unifont_csur.pcf.gz"

  @Test func cirthAndRunesAreThereWithTheirBits() throws {
    let font = try PixelFontFile.load(Self.path)
    #expect(font.glyphs.count > 59_000, "\(font.glyphs.count) glyphs")
    #expect(font.ascent == 14 && font.descent == 2)
    // U+E080, Cirth 1 (p): a stem with a closed bow, as the font's BDF has it.
    let p = try #require(font.glyph(for: "\u{E080}"))
    #expect(p.width == 8 && p.height == 16 && p.advance == 8 && p.yOffset == -2)
    let rows = (0..<16).map { y in
      (0..<8).reduce(0) { $0 << 1 | (p.isLit(x: $1, y: y) ? 1 : 0) }
    }
    #expect(
      rows == [0, 0, 0, 0, 0x70, 0x4C, 0x42, 0x4C, 0x70, 0x40, 0x40, 0x40, 0x40, 0x40, 0, 0])
    for scalar in Cirth.table.map(\.codePoint) {
      #expect(font.glyphs[Unicode.Scalar(scalar)!] != nil, "U+\(String(scalar, radix: 16))")
    }
    #expect(font.glyph(for: "ᚠ") != nil && font.glyph(for: "A") != nil)
  }

  @Test func everyGlyphMatchesPcf2bdf() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -dc '\(Self.path)' | pcf2bdf"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let bdf = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "pcf2bdf (Debian 'pcf2bdf') failed")
    let reference = try BDFFontParser(file: "pcf2bdf").parse(bdf)
    let font = try PixelFontFile.load(Self.path)
    #expect(font.glyphs.count == reference.glyphs.count)
    let differing = reference.glyphs.filter { font.glyphs[$0.key] != $0.value }.map(\.key)
    #expect(differing.isEmpty, "\(differing.count) glyphs differ, such as \(differing.prefix(5))")
    #expect(font.ascent == reference.ascent && font.descent == reference.descent)
  }

  @Test func aMissingPCFFontNamesItsPackage() {
    let error = #expect(throws: FontFileError.self) {
      try PixelFontFile.load("/nonexistent/fonts/X11/misc/unifont_csur.pcf.gz")
    }
    #expect("\(error!)".contains("sudo apt install xfonts-unifont"), "\(error!)")
    #expect(throws: FontFileError.self) {
      _ = try PCFFontParser(file: "x.pcf").parse([1, 0x66, 0x63, 0x70, 9, 0, 0, 0])
    }
  }
}
