import Testing

@testable import ClackCore

/// Text too long for a pixel board's grid is laid into its rows as lines that scroll: as short
/// as the rows allow, each starting in the frame; text that fits is laid out as ever.
@Suite struct ScrollingLayoutTests {
  static let flaps = try! FlapSet.named("splitflap-52")  // safe: a built-in set

  static func text(_ symbols: [Symbol]) -> String {
    String(symbols.map { if case .glyph(let c) = $0 { c } else { " " } })
  }

  @Test func textThatFitsIsLaidOutAsEver() throws {
    let layout = TextLayout(rows: 2, cols: 10, flapSet: Self.flaps)
    let screen = try layout.scrollingLayout("HELLO", maxCells: 256)
    #expect(screen.scrolling.isEmpty)
    #expect(screen.frame == (try layout.layout("HELLO").frame))
  }

  @Test func oneRowScrollsTheWholeTextWithItsStartInTheFrame() throws {
    let layout = TextLayout(rows: 1, cols: 5, flapSet: Self.flaps)
    let screen = try layout.scrollingLayout("hello   world", maxCells: 256)
    #expect(Self.text(try #require(screen.scrolling[0])) == "HELLO WORLD")
    #expect(Self.text(Array(screen.frame.row(0))) == "HELLO")
    #expect(screen.longestLine == 11)
  }

  @Test func twoRowsGetLinesOfAboutEqualLength() throws {
    let layout = TextLayout(rows: 2, cols: 10, flapSet: Self.flaps)
    let text = "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG"
    let screen = try layout.scrollingLayout(text, maxCells: 256)
    let lines = (0..<2).map { screen.scrolling[$0].map(Self.text) }
    #expect(lines == ["THE QUICK BROWN FOX", "JUMPS OVER THE LAZY DOG"])
    // Each line is no longer than needed: one character narrower and it takes three rows.
    #expect(throws: LayoutError.self) {
      _ = try TextLayout(rows: 2, cols: 10, flapSet: Self.flaps)
        .scrollingLayout(text, maxCells: 22)
    }
  }

  @Test func aLineThatFitsBesideOneThatScrollsIsPlacedAsUsual() throws {
    let layout = TextLayout(rows: 2, cols: 10, flapSet: Self.flaps)
    let screen = try layout.scrollingLayout(
      "HI\nA LINE MUCH TOO LONG", options: LayoutOptions(justify: .center), maxCells: 256)
    #expect(screen.scrolling[0] == nil)
    #expect(Self.text(Array(screen.frame.row(0))) == "    HI    ")
    #expect(Self.text(try #require(screen.scrolling[1])) == "A LINE MUCH TOO LONG")
  }

  @Test func textTooLongEvenToScrollSaysHowMuchIsLeftOver() {
    let layout = TextLayout(rows: 1, cols: 5, flapSet: Self.flaps)
    #expect(throws: LayoutError.tooLongToScroll(rows: 1, maxCells: 8, overflowCharacters: 4)) {
      _ = try layout.scrollingLayout("ABCDEFGH ABCD", maxCells: 8)
    }
  }
}
