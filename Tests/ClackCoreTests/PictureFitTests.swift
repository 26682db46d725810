import Testing

@testable import ClackCore

/// A picture's frame on a panel: fitted whole and centred, averaged when scaled down, its
/// transparent parts dark, and its colours as each kind of panel holds them.
@Suite struct PictureFitTests {
  /// A picture of one frame from a colour per pixel (alpha 255 unless given).
  static func picture(
    width: Int, height: Int, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)
  ) -> Picture {
    var rgba: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        let (r, g, b, a) = colour(x, y)
        rgba += [r, g, b, a]
      }
    }
    return Picture(width: width, height: height, frames: [.init(rgba: rgba, milliseconds: 0)])
  }

  @Test func aWidePictureIsCentredAndColouredFromTheCube() {
    // Red on the left half, blue on the right, 4 × 2: on an 8 × 8 panel it is 8 × 4, rows 2–5.
    let picture = Self.picture(width: 4, height: 2) { x, _ in
      x < 2 ? (255, 0, 0, 255) : (0, 0, 255, 255)
    }
    let fit = PictureFit(width: 8, height: 8)
    #expect(fit.placement(of: picture) == (0, 2, 8, 4))
    var canvas = PixelCanvas(width: 8, height: 8, depth: .palette)
    fit.draw(picture, frame: 0, into: &canvas)
    let red = ColourPalette.cubeIndex(red: 255, green: 0, blue: 0)
    let blue = ColourPalette.cubeIndex(red: 0, green: 0, blue: 255)
    #expect(red == 16 + 36 * 5 && blue == 16 + 5)
    #expect(canvas[0, 2] == red && canvas[3, 5] == red && canvas[4, 2] == blue)
    #expect(canvas[7, 5] == blue)
    #expect(canvas[0, 1] == 0 && canvas[7, 6] == 0, "above and below the picture: dark")
    let palette = ColourPalette()
    #expect(palette[red] == RGB(255, 0, 0) && palette[blue] == RGB(0, 0, 255))
  }

  @Test func scalingDownAveragesAndTransparentIsDark() {
    // A 4 × 4 checkerboard of black and white: on 2 × 2 every LED is half light.
    let checker = Self.picture(width: 4, height: 4) { x, y in
      (x + y) % 2 == 0 ? (255, 255, 255, 255) : (0, 0, 0, 255)
    }
    var grey = PixelCanvas(width: 2, height: 2, depth: .grey)
    PictureFit(width: 2, height: 2).draw(checker, frame: 0, into: &grey)
    #expect(grey.pixels.allSatisfy { (126...128).contains($0) }, "\(grey.pixels)")
    // White but transparent on the left: dark there, lit on the right.
    let half = Self.picture(width: 2, height: 1) { x, _ in (255, 255, 255, x == 0 ? 0 : 255) }
    var mono = PixelCanvas(width: 2, height: 1, depth: .mono)
    PictureFit(width: 2, height: 1).draw(half, frame: 0, into: &mono)
    #expect(mono.pixels == [0, PixelCanvas.full])
  }

  @Test func aSingleColourPanelLightsFromHalfLightness() {
    let ramp = Self.picture(width: 4, height: 1) { x, _ in
      let level = UInt8([0, 100, 140, 255][x])
      return (level, level, level, 255)
    }
    var mono = PixelCanvas(width: 4, height: 1, depth: .mono)
    PictureFit(width: 4, height: 1).draw(ramp, frame: 0, into: &mono)
    #expect(mono.pixels == [0, 0, PixelCanvas.full, PixelCanvas.full])
  }
}
