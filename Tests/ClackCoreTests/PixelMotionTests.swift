import Testing

@testable import ClackCore

@Suite struct PixelTransitionTests {
  /// An 8×8 picture: the old one lit on its left column, the new one on every column.
  static let old: PixelCanvas = {
    var canvas = PixelCanvas(width: 8, height: 8)
    canvas.fill(x: 0, y: 0, width: 1, height: 8, brightness: 255)
    return canvas
  }()
  static let new: PixelCanvas = {
    var canvas = PixelCanvas(width: 8, height: 8)
    canvas.fill(x: 0, y: 0, width: 8, height: 4, brightness: 255)
    return canvas
  }()

  static func play(_ kind: PixelTransitionKind, at elapsed: Int) -> (PixelCanvas, Bool) {
    var output = PixelCanvas(width: 8, height: 8)
    let done = PixelTransition(kind: kind, milliseconds: 800, cellHeight: 8).render(
      from: old, to: new, elapsed: elapsed, into: &output)
    return (output, done)
  }

  @Test(arguments: PixelTransitionKind.allCases)
  func everyTransitionStartsFromTheOldPictureAndEndsOnTheNew(kind: PixelTransitionKind) {
    let (end, done) = Self.play(kind, at: 800)
    #expect(done && end == Self.new)
    if kind != .instant {
      let (start, started) = Self.play(kind, at: 0)
      #expect(!started && start == Self.old, "\(kind) shows the old picture at first")
    }
  }

  @Test func halfwayEachMovesTheWayItSays() {
    let wipe = PixelTextTests.picture(Self.play(.wipe, at: 400).0)
    #expect(wipe[0] == "####...." && wipe[6] == "........", "the left half is new")
    let scroll = PixelTextTests.picture(Self.play(.scroll, at: 400).0)
    #expect(scroll[0] == "#......." && scroll[4] == "########", "the new picture came up half way")
    let flap = PixelTextTests.picture(Self.play(.flap, at: 400).0)
    #expect(flap[0] == "########" && flap[7] == "#.......", "top halves new, bottom halves old")
  }

  @Test func reduceMotionMakesEveryTransitionInstant() {
    let wipe = PixelTransition(kind: .wipe).honouring(reduceMotion: true)
    #expect(wipe.kind == .instant && wipe.milliseconds == 0)
    #expect(PixelTransition(kind: .wipe).honouring(reduceMotion: false).kind == .wipe)
  }
}

@Suite struct MarqueeTests {
  let renderer = PixelTextRenderer(font: .builtin5x7)

  @Test func aLongLineScrollsAcrossThePanelAndIsSeenWhole() throws {
    // 11 cells of 6 pixels, less the last cell's spacing: 65 pixels for a 32-pixel panel.
    let marquee = try #require(
      Marquee(
        line: "HELLO WORLD", renderer: renderer, panelWidth: 32, height: 8, pixelsPerSecond: 20,
        restMilliseconds: 1000))
    #expect(marquee.travel == 33)
    #expect(marquee.seenWholeAfterMilliseconds == 1000 + 1650)
    #expect(marquee.offset(at: 500) == 0 && marquee.offset(at: 1500) == 10)
    #expect(marquee.offset(at: 2650) == 33 && marquee.offset(at: 3500) == 33)
    #expect(marquee.offset(at: marquee.cycleMilliseconds) == 0, "and starts again")
    var first = PixelCanvas(width: 32, height: 8)
    marquee.render(at: 0, into: &first)
    var expected = PixelCanvas(width: 32, height: 8)
    renderer.draw("HELLO WORLD", into: &expected, x: 0, baseline: 7)
    #expect(first == expected, "it starts with the beginning of the text at the left edge")
    var last = PixelCanvas(width: 32, height: 8)
    marquee.render(at: 2650, into: &last)
    expected.clear()
    renderer.draw("HELLO WORLD", into: &expected, x: -33, baseline: 7)
    #expect(last == expected, "and ends with its end at the right edge")
  }

  @Test func aLineThatFitsDoesNotScroll() {
    #expect(Marquee(line: "HELLO", renderer: renderer, panelWidth: 32, height: 8) == nil)
  }
}

@Suite struct PanelPictureTests {
  @Test func litLEDsAreBrightDotsAndDarkOnesDim() {
    var canvas = PixelCanvas(width: 2, height: 1, depth: .grey)
    canvas[0, 0] = 255
    let picture = PanelPicture(pitch: 10)
    let bitmap = picture.draw(canvas)
    #expect(bitmap.width == 2 * 10 + 20 && bitmap.height == 10 + 20)
    let lit = bitmap.palette[Int(bitmap[15, 15])]
    let dark = bitmap.palette[Int(bitmap[25, 15])]
    #expect(lit == picture.color, "full brightness is the LED colour")
    #expect(dark.red < 40 && dark.red > 0, "a dark LED is a dim dot, not nothing")
    #expect(bitmap[10, 10] == 0, "the corner of a cell is background")
  }

  @Test func halfBlocksShowTwoRowsPerLine() {
    var canvas = PixelCanvas(width: 4, height: 2)
    canvas[0, 0] = 255
    canvas[1, 1] = 255
    canvas.fill(x: 2, y: 0, width: 1, height: 2, brightness: 255)
    #expect(HalfBlockPicture.render(canvas) == "▀▄█·\n")
  }
}
