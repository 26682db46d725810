import ClackCore
import Foundation
import Testing

@testable import ClackContent

/// A wall of mixed tiles: 6×22 flaps (capitals only) with a 2×16 LED ticker beside their
/// bottom rows, whose font has lower case. Each zone is laid out in the symbols of the tile
/// under it, and lines scroll only in a zone as wide as the ticker.
@Suite struct ZoneAreasTests {
  static let font: FlapSet = {
    let characters = " ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.,!?'-"
    return try! FlapSet(name: "font-5x7", symbols: characters.map(Symbol.character))  // safe: fixed
  }()

  static let renderer: ZoneRenderer = {
    let flaps = FlapSet.classic40
    let union = try! FlapSet(  // safe: fixed symbols, no duplicates
      name: "wall", symbols: flaps.symbols + font.symbols.filter { !flaps.contains($0) })
    return ZoneRenderer(
      flapSet: union, timeZone: TimeZone(identifier: "UTC")!, scrolling: (38, 256),
      areas: [
        BoardArea(row: 0, col: 0, rows: 6, cols: 22, flapSet: flaps, scrolls: false),
        BoardArea(row: 4, col: 22, rows: 2, cols: 16, flapSet: font, scrolls: true),
      ])
  }()

  static let headline = ZoneSpec(name: "headline", row: 0, col: 0, rows: 6, cols: 22)
  static let ticker = ZoneSpec(name: "ticker", row: 4, col: 22, rows: 2, cols: 16)

  @Test func aZoneOnTheFlapsIsLaidOutInTheFlapsSymbols() throws {
    let renderer = Self.renderer
    #expect(renderer.flapSet(for: Self.headline) == .classic40)
    let frame = try renderer.frame(for: .text("Rain later"), in: Self.headline, lenient: true)
    // Lower case has no flaps: it is laid out in capitals there, which the flaps can show.
    #expect(frame.cells.allSatisfy { FlapSet.classic40.contains($0) })
    #expect(frame.cells.contains(.glyph("R")) && !frame.cells.contains(.glyph("a")))
  }

  @Test func aZoneOnThePanelKeepsItsFontsLowerCase() throws {
    let renderer = Self.renderer
    #expect(renderer.flapSet(for: Self.ticker) == Self.font)
    let frame = try renderer.frame(for: .text("Rain later"), in: Self.ticker)
    #expect(frame.cells.contains(.glyph("a")))
  }

  @Test func aLongLineScrollsOnlyInAZoneAsWideAsThePanel() throws {
    let renderer = Self.renderer
    // Longer than even the flaps hold (6×22).
    let long = MessageBody.text(
      String(
        repeating: "Showers moving in from the west by mid afternoon, clearing later. ", count: 3))
    #expect(renderer.scrolls(Self.ticker))
    let screen = try renderer.screen(for: long, in: Self.ticker)
    #expect(screen.longestLine > 16)
    // Half the ticker's width does not scroll; nor do the flaps, nor a zone over both.
    let half = ZoneSpec(name: "half", row: 4, col: 22, rows: 2, cols: 8)
    let across = ZoneSpec(name: "across", row: 4, col: 0, rows: 2, cols: 38)
    for zone in [half, Self.headline, across] {
      #expect(!renderer.scrolls(zone), "zone \(zone.name)")
      #expect(throws: LayoutError.self) { try renderer.screen(for: long, in: zone) }
    }
  }

  @Test func aZoneOverBothIsLaidOutInWhatBothShow() throws {
    let renderer = Self.renderer
    let across = ZoneSpec(name: "across", row: 4, col: 0, rows: 2, cols: 38)
    let shared = renderer.flapSet(for: across)
    #expect(shared.symbols.allSatisfy { FlapSet.classic40.contains($0) && Self.font.contains($0) })
    #expect(shared.contains(.glyph("A")) && !shared.contains(.glyph("a")))
    let frame = try renderer.frame(for: .text("Rain later"), in: across, lenient: true)
    #expect(frame.cells.allSatisfy { shared.contains($0) })
    // A code one tile lacks ("?", code 60, has no flap) is refused over both; on the ticker
    // alone it is shown.
    var codes = Array(repeating: Array(repeating: 0, count: 38), count: 2)
    codes[0][0] = 60
    #expect(throws: RenderError.self) { try renderer.frame(for: .codes(codes), in: across) }
    let onTicker = [[60] + Array(repeating: 0, count: 15), Array(repeating: 0, count: 16)]
    #expect(try renderer.frame(for: .codes(onTicker), in: Self.ticker)[0, 0] == .glyph("?"))
  }
}

extension ZoneAreasTests {
  /// A picture page in the ticker's zone covers the ticker alone: a headline placed after it
  /// leaves it there, and text placed over the ticker's cells ends it.
  @Test func aPictureCoversItsTileAndWhatIsPlacedOverItEndsIt() {
    let dot = Picture(
      width: 1, height: 1, frames: [.init(rgba: [255, 0, 0, 255], milliseconds: 0)])
    var board = Screen(rows: 6, cols: 38)
    ZoneRenderer.place(
      Screen(frame: Frame(rows: 2, cols: 16), picture: dot), of: Self.ticker, into: &board)
    #expect(board.picture == dot)
    #expect(board.pictureArea == CellArea(row: 4, col: 22, rows: 2, cols: 16))
    var headline = Frame(rows: 6, cols: 22)
    headline[0, 0] = .glyph("A")
    ZoneRenderer.place(Screen(frame: headline), of: Self.headline, into: &board)
    #expect(board.picture == dot, "the headline's cells are beside the ticker")
    ZoneRenderer.place(Screen(frame: Frame(rows: 2, cols: 16)), of: Self.ticker, into: &board)
    #expect(board.picture == nil && board.pictureArea == nil)
    // On a board that is one panel, the picture's zone is the whole board: no area.
    var panel = Screen(rows: 2, cols: 16)
    ZoneRenderer.place(
      Screen(frame: Frame(rows: 2, cols: 16), picture: dot),
      of: ZoneSpec(name: "main", row: 0, col: 0, rows: 2, cols: 16), into: &panel)
    #expect(panel.picture == dot && panel.pictureArea == nil)
  }
}

extension ZoneAreasTests {
  /// The ticker beside the flaps' bottom rows leaves rows 1–4, columns 23–38 of the canvas to
  /// no tile: a message that would put a symbol there is refused, naming the cells, rather
  /// than shown in part; one that stays on the tiles is not.
  @Test func aMessageReachingCellsNoTileShowsIsRefused() throws {
    let renderer = Self.renderer
    let whole = ZoneSpec(name: "main", row: 0, col: 0, rows: 6, cols: 38)
    // Centred on the canvas, a short line sits on rows 3 and 4, over the gap's columns.
    // Its 25 characters from column 7: 'HOWS THIS' in columns 23–31.
    #expect(throws: UnshownCells(row: 3, firstCol: 23, lastCol: 31)) {
      try renderer.frame(for: .text("THE WHOLE WALL SHOWS THIS"), in: whole)
    }
    #expect(
      UnshownCells(row: 3, firstCol: 23, lastCol: 26).description
        == "the message reaches row 3, columns 23–26 of the wall, where no tile shows it: send it to a zone within the tiles, or make it shorter"
    )
    // At the top left, within the flaps' 22 columns, a line shows; 25 characters do not.
    let left = try renderer.frame(
      for: .text("RAIN AFTER NOON", justify: .left, align: .top), in: whole)
    #expect(left[0, 0] == .glyph("R"))
    #expect(throws: UnshownCells(row: 1, firstCol: 23, lastCol: 25)) {
      try renderer.frame(
        for: .text("THE WHOLE WALL SHOWS THIS", justify: .left, align: .top), in: whole)
    }
    // Codes over the gap are refused too; a blank there is nothing lost.
    var codes = Array(repeating: Array(repeating: 0, count: 38), count: 6)
    #expect(throws: Never.self) { try renderer.frame(for: .codes(codes), in: whole) }
    codes[1][30] = 1
    #expect(throws: UnshownCells(row: 2, firstCol: 31, lastCol: 31)) {
      try renderer.frame(for: .codes(codes), in: whole)
    }
    // A zone inside a tile is never refused for it; content laid out leniently (scheduled,
    // or a stored message laid out again) is not checked.
    #expect(throws: Never.self) { try renderer.frame(for: .text("RAIN LATER"), in: Self.headline) }
    #expect(throws: Never.self) {
      try renderer.frame(for: .text("THE WHOLE WALL SHOWS THIS"), in: whole, lenient: true)
    }
  }
}
