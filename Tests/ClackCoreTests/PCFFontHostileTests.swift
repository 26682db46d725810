import ClackCore
import ClackTestSupport
import Foundation
import Testing

/// A PCF font's table of contents and tables give offsets and ranges the file itself sets:
/// each out of its place is an error naming the file, never a trap (the fuzz target `pcf`
/// found these).
@Suite struct PCFFontHostileTests {
  static func tiny() throws -> [UInt8] {
    [UInt8](
      try Data(contentsOf: FuzzInputs.directory.appendingPathComponent("corpus/pcf/tiny.pcf")))
  }

  /// The table of contents' entry for `type`: where its offset is kept.
  static func offsetField(of type: UInt32, in bytes: [UInt8]) -> Int? {
    let count = Int(bytes[4]) | Int(bytes[5]) << 8
    for entry in 0..<count {
      let at = 8 + entry * 16
      let kind = UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8
      if kind == type { return at + 12 }
    }
    return nil
  }

  @Test func theSeedReads() throws {
    // bdftopcf gave every glyph the font's box (pcf2bdf reads "I" back as BBX 4 7 0 -2).
    let font = try PCFFontParser(file: "tiny.pcf").parse(try Self.tiny())
    let glyph = try #require(font.glyph(for: "I"))
    #expect(glyph.width == 4 && glyph.height == 7)
    #expect((0..<4).map { glyph.isLit(x: $0, y: 0) } == [true, true, true, false])
  }

  @Test func aTableBeforeTheStartOfTheFileIsAnError() throws {
    var bytes = try Self.tiny()
    let field = try #require(Self.offsetField(of: 1 << 5, in: bytes))  // the encodings
    bytes.replaceSubrange(field..<field + 4, with: [0xF0, 0xFF, 0xFF, 0xFF])  // -16
    #expect(throws: FontFileError.self) { try PCFFontParser(file: "bad.pcf").parse(bytes) }
  }

  @Test func anEncodingBeyondTwoBytesIsAnError() throws {
    var bytes = try Self.tiny()
    let field = try #require(Self.offsetField(of: 1 << 5, in: bytes))
    let table = Int(bytes[field]) | Int(bytes[field + 1]) << 8
    // The table's format word, then min and max of the low byte: the min made negative.
    bytes.replaceSubrange(table + 4..<table + 6, with: [0xFF, 0xFF])
    do {
      _ = try PCFFontParser(file: "bad.pcf").parse(bytes)
      Issue.record("a negative encoding was read")
    } catch {
      #expect(error.description.hasPrefix("bad.pcf"), "\(error)")
    }
  }
}
