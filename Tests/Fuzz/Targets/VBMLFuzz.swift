import ClackCore
import Foundation

extension FuzzTarget {
  /// A VBML document (docs/vbml.md) composed for a 6×22 board, random colours from a fixed
  /// seed so a run replays exactly.
  static let vbml = FuzzTarget(name: "vbml", reads: "a VBML document (JSON), composed on 6×22") {
    bytes in
    guard let json = JSONValue.parse(bytes), let document = try? VBMLDocument(json: json) else {
      return false
    }
    var random = SplitMix64(seed: 1)
    guard let frame = try? VBMLComposer(rows: 6, cols: 22).frame(document, random: &random) else {
      return false
    }
    expect(
      frame.rows == (document.height ?? 6) && frame.cols == (document.width ?? 22),
      "a frame of another size than the document's")
    return true
  }
}
