import ClackBoard
import ClackCore
import ClackTestSupport
import Foundation
import Testing

@testable import ClackHardware

/// A colour panel's twin reads back what it was shown, colour by colour: every colour of the
/// cube a picture uses and the named ones, at the board's brightness and when the supply dims
/// a bright frame, on every shipped colour board.
@Suite struct ColourTwinReadBackTests {
  @Test(arguments: [
    "ws2812-16x16.yaml", "ws2812-8x32.yaml", "sk6812-rgbw-32x8.yaml", "apa102-16x8.yaml",
    "flaschen-taschen-64x32.yaml",
  ])
  func everyCubeAndNamedColourReadsBack(file: String) throws {
    let board = try PixelBoardDefinition.load(
      path: boardsDirectory.appendingPathComponent(file).path)
    let twin = try SimulatedPixelBoard(board: board)
    twin.log.isEnabled = false
    twin.panel.start(brightness: 12)
    let (width, height) = (board.geometry.width, board.geometry.height)
    // Every palette colour in turn across the panel (a full, bright frame: the WS2812 panels'
    // 4 A supplies dim it).
    let colours = (1...10).map(UInt8.init) + (16...231).map(UInt8.init)
    var offset = 0
    while offset < colours.count {
      var canvas = PixelCanvas(width: width, height: height, depth: .palette)
      for pixel in 0..<(width * height) {
        canvas[pixel % width, pixel / width] = colours[(offset + pixel) % colours.count]
      }
      twin.panel.show(canvas)
      let seen = twin.seen()
      let palette = ColourPalette(ink: try #require(board.chips.colour?.ink))
      // Colours a level or two apart (this board's ink #ffb000 and the cube's #ffaf00) give
      // the same duties: the LEDs cannot tell them apart, nor can a twin.
      let wrong = (0..<(width * height)).filter {
        let (a, b) = (palette[seen.pixels[$0]], palette[canvas.pixels[$0]])
        return abs(Int(a.red) - Int(b.red)) > 2 || abs(Int(a.green) - Int(b.green)) > 2
          || abs(Int(a.blue) - Int(b.blue)) > 2
      }
      let example = wrong.first.map { "index \(canvas.pixels[$0]) read as \(seen.pixels[$0])" }
      #expect(wrong.isEmpty, "\(file): \(wrong.count) pixels wrong, e.g. \(example ?? "")")
      offset += width * height
    }
  }
}
