import Testing

@testable import ClackCore

/// The colour pipeline's pure parts: where each LED of a chain shows, the lightness curve, and
/// the current budget that dims a frame as a whole.
@Suite struct ColourPipelineTests {
  typealias Panel = LEDChainLayout.Panel

  func point(_ layout: LEDChainLayout, _ led: Int) -> [Int] {
    let pixel = layout.pixelOfLED[led]
    return [pixel % layout.canvasWidth, pixel / layout.canvasWidth]
  }

  @Test func aSerpentineOfRowsRunsBackOnEveryOtherRow() throws {
    let layout = try LEDChainLayout(panels: [Panel(width: 4, height: 3)])
    #expect(point(layout, 0) == [0, 0] && point(layout, 3) == [3, 0])
    #expect(point(layout, 4) == [3, 1] && point(layout, 7) == [0, 1])
    #expect(point(layout, 8) == [0, 2])
    let progressive = try LEDChainLayout(panels: [Panel(width: 4, height: 3, serpentine: false)])
    #expect(point(progressive, 4) == [0, 1])
  }

  /// The common 8 × 32 panel: its chain runs down the first column, up the second.
  @Test func anEightByThirtyTwoPanelRunsInColumns() throws {
    let layout = try LEDChainLayout(panels: [Panel(width: 32, height: 8, order: .columns)])
    #expect(layout.canvasWidth == 32 && layout.canvasHeight == 8 && layout.ledCount == 256)
    #expect(point(layout, 0) == [0, 0] && point(layout, 7) == [0, 7])
    #expect(point(layout, 8) == [1, 7] && point(layout, 15) == [1, 0])
    #expect(point(layout, 255) == [31, 0])
  }

  @Test func aPanelMountedUpsideDownOrSidewaysShowsThePictureUpright() throws {
    let half = try LEDChainLayout(panels: [Panel(width: 4, height: 2, rotation: .half)])
    #expect(point(half, 0) == [3, 1])
    let quarter = try LEDChainLayout(panels: [Panel(width: 4, height: 2, rotation: .quarter)])
    #expect(quarter.canvasWidth == 2 && quarter.canvasHeight == 4)
    let mirrored = try LEDChainLayout(panels: [Panel(width: 4, height: 2, mirrorX: true)])
    #expect(point(mirrored, 0) == [3, 0])
  }

  /// Four 8 × 8 panels of different wiring tile a 16 × 16 picture: every pixel is shown by
  /// exactly one LED, and the chain goes on from panel to panel.
  @Test func panelsTileOnePicture() throws {
    let layout = try LEDChainLayout(panels: [
      Panel(width: 8, height: 8),
      Panel(width: 8, height: 8, order: .columns, x: 8),
      Panel(width: 8, height: 8, rotation: .half, x: 8, y: 8),
      Panel(width: 8, height: 8, serpentine: false, rotation: .quarter, mirrorY: true, y: 8),
    ])
    #expect(layout.canvasWidth == 16 && layout.canvasHeight == 16)
    #expect(Set(layout.pixelOfLED) == Set(0..<256) && layout.ledCount == 256)
    #expect(point(layout, 64) == [8, 0])
    #expect(point(layout, 128) == [15, 15])
  }

  @Test func aLayoutThatCannotBeNamesItsPanel() {
    #expect(throws: LEDChainLayoutError.noPanels) { try LEDChainLayout(panels: []) }
    #expect(throws: LEDChainLayoutError.overlap(1, 0)) {
      try LEDChainLayout(panels: [Panel(width: 8, height: 8), Panel(width: 8, height: 8, x: 4)])
    }
    #expect(throws: LEDChainLayoutError.emptyPanel(0)) {
      try LEDChainLayout(panels: [Panel(width: 0, height: 8)])
    }
    #expect(throws: LEDChainLayoutError.offCanvas(0)) {
      try LEDChainLayout(panels: [Panel(width: 8, height: 8, x: -1)])
    }
    #expect(LEDChainLayoutError.overlap(1, 0).description.contains("panel 1 overlaps panel 0"))
  }

  @Test func lightnessRisesEvenlyToTheEye() {
    let curve = LightnessCurve()
    #expect(curve[0] == 0 && curve[255] == 255)
    #expect(zip(curve.duty, curve.duty.dropFirst()).allSatisfy { $0 <= $1 })
    // Half the lightness is under a fifth of the light (CIE 1931: Y = 0.184 at L* = 50).
    #expect((45...49).contains(curve[128]))
    #expect(curve[20] <= 3)
  }

  /// 256 LEDs at full white draw about 15.6 A; on a 4 A supply the frame is dimmed as a whole
  /// to fit, its colours kept; a frame that fits is left alone.
  @Test func aFrameOverTheSupplyIsDimmedToFitWithItsColoursKept() {
    let budget = LEDCurrentBudget(supplyMilliamps: 4000, channelMilliamps: 20, idleMilliamps: 1)
    var white = [UInt8](repeating: 255, count: 256 * 3)
    let before = white.withUnsafeBufferPointer { budget.milliamps(of: $0, leds: 256) }
    #expect(Int(before) == 256 * 60 + 256)
    let factor = white.withUnsafeMutableBufferPointer { budget.fit($0, leds: 256) }
    #expect(factor > 0.24 && factor < 0.25)
    let after = white.withUnsafeBufferPointer { budget.milliamps(of: $0, leds: 256) }
    #expect(after <= 4000 && after > 3900)

    var colour = [UInt8]([200, 100, 50] + [UInt8](repeating: 255, count: 255 * 3))
    colour.withUnsafeMutableBufferPointer { _ = budget.fit($0, leds: 256) }
    #expect(
      abs(Int(colour[0]) - 2 * Int(colour[1])) <= 1 && abs(Int(colour[1]) - 2 * Int(colour[2])) <= 1
    )

    var dim = [UInt8](repeating: 10, count: 256 * 3)
    let kept = dim.withUnsafeMutableBufferPointer { budget.fit($0, leds: 256) }
    #expect(kept == 1 && dim.allSatisfy { $0 == 10 })
  }
}

/// A colour canvas printed for a 24-bit terminal: two pixels a character, each in its colour.
@Suite struct ColourHalfBlockTests {
  @Test func eachCharacterCarriesItsTwoPixelsColours() {
    var canvas = ColourCanvas(width: 2, height: 3)
    canvas[0, 0] = RGB(255, 0, 0)
    canvas[0, 1] = RGB(0, 0, 255)
    canvas[1, 2] = RGB(1, 2, 3)
    let text = HalfBlockPicture.render(canvas)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀"))
    #expect(lines[0].hasSuffix("\u{1B}[38;2;0;0;0m\u{1B}[48;2;0;0;0m▀\u{1B}[0m"))
    // The last row has no pixel below it: black.
    #expect(lines[1].contains("\u{1B}[38;2;1;2;3m\u{1B}[48;2;0;0;0m▀"))
    #expect(lines.allSatisfy { $0.filter { $0 == "▀" }.count == 2 })
  }
}
