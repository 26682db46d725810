import ClackCore
import Foundation

extension FuzzTarget {
  static let bdf = FuzzTarget(name: "bdf", reads: "a BDF font, then a line drawn with it") {
    bytes in
    guard
      let font = try? BDFFontParser(file: "font.bdf").parse(String(decoding: bytes, as: UTF8.self))
    else { return false }
    drawSample(font)
    return true
  }

  static let pcf = FuzzTarget(name: "pcf", reads: "a PCF font, then a line drawn with it") {
    bytes in
    guard let font = try? PCFFontParser(file: "font.pcf").parse([UInt8](bytes)) else {
      return false
    }
    drawSample(font)
    return true
  }

  static let hex = FuzzTarget(
    name: "hex", reads: "a GNU Unifont .hex font, then a line drawn with it"
  ) { bytes in
    guard
      let font = try? UnifontHexParser(file: "font.hex").parse(
        String(decoding: bytes, as: UTF8.self))
    else { return false }
    drawSample(font)
    return true
  }

  /// Draws a line with every glyph the font has (up to 64) onto a panel, as a pixel board
  /// draws text: each glyph's bitmap must be its declared size, and drawing clips, never
  /// writes outside the canvas.
  static func drawSample(_ font: PixelFont) {
    var canvas = PixelCanvas(width: 64, height: 16)
    let renderer = PixelTextRenderer(font: font)
    let scalars = font.glyphs.keys.sorted { $0.value < $1.value }.prefix(64)
    for scalar in scalars {
      let glyph = font.glyphs[scalar]!
      expect(glyph.width >= 0 && glyph.height >= 0, "a glyph of negative size")
      renderer.draw(glyph, into: &canvas, x: 0, baseline: font.ascent)
    }
    let line = String(String.UnicodeScalarView(scalars))
    renderer.draw(lines: [line], into: &canvas)
    _ = renderer.width(of: line)
  }
}
