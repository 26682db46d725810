import ArgumentParser
import Foundation
import Testing

@testable import ClackCommands

/// `clack render --vbml FILE`: a VBML document composed for the chosen board.
struct VBMLRenderTests {
  static func file(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("clack-vbml-\(UUID().uuidString).json").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aDocumentComposesForTheBoardsSize() throws {
    let path = try Self.file(
      #"{"props":{"n":"7"},"components":[{"template":"{{n}} {63}","style":{"justify":"right"}}]}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let render = try parse(
      RenderCommand.self, ["render", "--vbml", path, "--rows", "2", "--cols", "4", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(try render.output(isTerminal: false).utf8))
        as? [String: Any])
    #expect(object["codes"] as? [[Int]] == [[0, 33, 0, 63], [0, 0, 0, 0]])
  }

  @Test func mistakesNameTheFileAndThePlace() throws {
    let path = try Self.file(#"{"components":[{"template":"hi","style":{"align":"middle"}}]}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let render = try parse(RenderCommand.self, ["render", "--vbml", path])
    let error = #expect(throws: CommandFailure.self) { try render.output(isTerminal: false) }
    #expect(error?.description.hasPrefix("\(path): components[0].style.align: one of") == true)
    let sized = try Self.file(#"{"style":{"height":3,"width":15},"components":[]}"#)
    defer { try? FileManager.default.removeItem(atPath: sized) }
    let wrongSize = try parse(RenderCommand.self, ["render", "--vbml", sized])
    let sizeError = #expect(throws: CommandFailure.self) { try wrongSize.output(isTerminal: false) }
    #expect(sizeError?.description.contains("the document is 3×15; this board is 6×22") == true)
  }

  @Test func textAndADocumentAreOneOrTheOther() {
    #expect(throws: (any Error).self) {
      try parse(RenderCommand.self, ["render", "hi", "--vbml", "x"])
    }
    #expect(throws: (any Error).self) { try parse(RenderCommand.self, ["render"]) }
  }
}
