import ClackCore
import ClackTestSupport
import Foundation
import Testing

@testable import ClackBoard

/// Pictures read through libpng and giflib: a PNG as written by Clack's own encoder, GIFs
/// written here byte by byte (an animation whose frames draw over each other, with a
/// transparent colour, disposal and delays), and every file that is not one named.
@Suite struct PictureFileTests {
  static func file(_ suffix: String, _ bytes: [UInt8]) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-picture-\(UUID())\(suffix)")
    try Data(bytes).write(to: url)
    return url.path
  }

  @Test func aPNGReadsBackAsWritten() throws {
    var canvas = ColourCanvas(width: 5, height: 3)
    for y in 0..<3 {
      for x in 0..<5 { canvas[x, y] = RGB(UInt8(x * 50), UInt8(y * 100), UInt8(255 - x * 40)) }
    }
    let path = try Self.file(".png", PNGEncoder.encode(canvas))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let picture = try PictureFile.load(path)
    #expect(picture.width == 5 && picture.height == 3 && !picture.isAnimated)
    for y in 0..<3 {
      for x in 0..<5 {
        let (r, g, b, a) = picture.pixel(frame: 0, x: x, y: y)
        #expect(RGB(r, g, b) == canvas[x, y] && a == 255, "(\(x), \(y))")
      }
    }
  }

  @Test func aGIFsFramesDrawOverEachOtherAsTheirControlBlocksSay() throws {
    let red: UInt8 = 1
    let blue: UInt8 = 2
    let green: UInt8 = 3
    let bytes = TestGIF.bytes(
      width: 4, height: 3, colours: [(0, 0, 0), (255, 0, 0), (0, 0, 255), (0, 255, 0)],
      frames: [
        (0, 0, 4, [UInt8](repeating: red, count: 12), 5, 1, nil),
        // Two pixels at (1, 1): blue, then the transparent index; cleared afterwards.
        (1, 1, 2, [blue, 9], 0, 2, 9),
        (0, 0, 1, [green], 20, 1, nil),
      ])
    let path = try Self.file(".gif", bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let picture = try PictureFile.load(path)
    #expect(picture.width == 4 && picture.height == 3 && picture.frames.count == 3)
    #expect(picture.frames.map(\.milliseconds) == [50, 100, 200], "a 0 delay shows for 100 ms")
    #expect(picture.loopMilliseconds == 350)
    func colour(_ frame: Int, _ x: Int, _ y: Int) -> [UInt8] {
      let (r, g, b, a) = picture.pixel(frame: frame, x: x, y: y)
      return [r, g, b, a]
    }
    #expect(colour(0, 3, 2) == [255, 0, 0, 255])
    #expect(colour(1, 1, 1) == [0, 0, 255, 255], "the blue pixel")
    #expect(colour(1, 2, 1) == [255, 0, 0, 255], "transparent: the red below shows")
    // The second image was disposed of to the background (transparent) before the third.
    #expect(colour(2, 1, 1) == [0, 0, 0, 0] && colour(2, 2, 1) == [0, 0, 0, 0])
    #expect(colour(2, 0, 0) == [0, 255, 0, 255] && colour(2, 3, 0) == [255, 0, 0, 255])
  }

  @Test func aLongStillGIFNeedsItsClearCodes() throws {
    // 30 × 10: more codes than one table holds, so the clear codes are read too.
    let indices = (0..<300).map { UInt8($0 % 3) }
    let bytes = TestGIF.bytes(
      width: 30, height: 10, colours: [(10, 20, 30), (40, 50, 60), (70, 80, 90)],
      frames: [(0, 0, 30, indices, 0, 0, nil)])
    let path = try Self.file(".gif", bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let picture = try PictureFile.load(path)
    #expect(!picture.isAnimated && picture.frames[0].milliseconds == 0)
    let (r, g, b, _) = picture.pixel(frame: 0, x: 29, y: 9)  // index 299 % 3 = 2
    #expect([r, g, b] == [70, 80, 90])
  }

  @Test func filesThatAreNotPicturesAreNamed() throws {
    let text = try Self.file(".png", Array("hello".utf8))
    let truncated = try Self.file(".gif", Array("GIF89a".utf8) + [4, 0])
    let other = try Self.file(".bmp", [0x42, 0x4D])
    defer {
      for path in [text, truncated, other] { try? FileManager.default.removeItem(atPath: path) }
    }
    for (path, expected) in [
      (text, "\(text): not a PNG libpng can read: "),
      (truncated, "\(truncated): not a GIF giflib can read: "),
      (other, "\(other): a picture is a .png or a .gif file"),
      ("/nonexistent/logo.gif", "/nonexistent/logo.gif: no such picture file"),
    ] {
      do {
        _ = try PictureFile.load(path)
        Issue.record("\(path) read as a picture")
      } catch {
        #expect(error.description.hasPrefix(expected), "\(error)")
      }
    }
  }
}
