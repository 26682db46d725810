import Testing

@testable import ClackCore

@Suite struct FramePictureTests {
  @Test func theBuiltInFontDrawsEveryCharacterOfTheCodeTableDistinctly() {
    let font = BitmapFont.dotMatrix5x7
    var seen: [[Bool]: Character] = [:]
    for case .glyph(let character) in VestaboardCode.table.map(\.symbol) {
      guard let pixels = font.pixels(of: character) else {
        Issue.record("no glyph for \(character)")
        continue
      }
      #expect(pixels.contains(true), "\(character) draws nothing")
      #expect(seen[pixels] == nil, "\(character) looks like \(seen[pixels].map(String.init) ?? "")")
      seen[pixels] = character
    }
    #expect(seen.count == 56)
  }

  @Test func aFlapShowsItsGlyphInWhiteCutByTheSplitLine() throws {
    let picture = FramePicture(scale: 2)
    let frame = try Frame(codes: [[12, 63]])  // L, then a red tile
    let bitmap = picture.draw(frame)
    // Two flaps of (5+4)×(7+6) font pixels, one pixel apart, inside a three-pixel border, all
    // at two image pixels per font pixel.
    #expect(bitmap.width == 2 * 6 + 2 * 18 + 2)
    #expect(bitmap.height == 2 * 6 + 26)
    let flapX = 6
    let flapY = 6
    let glyphX = flapX + 4
    let glyphY = flapY + 6
    let character = FramePicture.Ink.character.rawValue
    // L: the left column is lit all the way down, the rest of the top row is not.
    #expect(bitmap[glyphX, glyphY] == character)
    #expect(bitmap[glyphX + 1, glyphY + 2 * 6 + 1] == character)
    #expect(bitmap[glyphX + 2 * 2, glyphY] == FramePicture.Ink.flap.rawValue)
    #expect(bitmap[glyphX + 2 * 4, glyphY + 2 * 6] == character)
    // The split line runs across the middle of the flap, over the glyph.
    let splitY = flapY + 12
    #expect(bitmap[glyphX, splitY] == FramePicture.Ink.split.rawValue)
    #expect(bitmap[flapX + 1, splitY] == FramePicture.Ink.split.rawValue)
    // The housing shows between flaps and at the flap's rounded corner.
    #expect(bitmap[flapX + 18, flapY + 5] == FramePicture.Ink.board.rawValue)
    #expect(bitmap[flapX, flapY] == FramePicture.Ink.board.rawValue)
    // The second flap is a solid red tile.
    let red = bitmap[flapX + 20 + 9, flapY + 4]
    #expect(bitmap.palette[Int(red)] == FramePicture.tileColor(.red))
  }

  @Test func aCharacterTheFontLacksIsOutlinedAndReported() throws {
    let runes = try FlapSet(name: "runes", notation: " ᚠA")
    let frame = try TextLayout(rows: 1, cols: 2, flapSet: runes).layout("ᚠA").frame
    let picture = FramePicture(scale: 1)
    #expect(picture.missingCharacters(in: frame) == ["ᚠ"])
    let bitmap = picture.draw(frame)
    #expect(bitmap[3 + 2, 3 + 3] == FramePicture.Ink.missing.rawValue)
  }
}
