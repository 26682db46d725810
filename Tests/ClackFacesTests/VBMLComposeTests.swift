import Foundation
import Testing

@testable import ClackHTTPFace

/// `POST /vbml/compose`: a document in, the board's rows of codes out; a mistake is a 400
/// naming its place in the document.
struct VBMLComposeTests {
  @Test func aDocumentComposesToTheBoardsRowsOfCodes() async throws {
    let daemon = try await InProcessDaemon()
    let (status, body) = try await daemon.post(
      "/vbml/compose",
      #"{"props":{"who":"ada"},"components":[{"template":"hi {{who}}","style":{"justify":"center","align":"center"}}]}"#
    )
    #expect(status == .ok)
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[Int]])
    #expect(rows.count == 6 && rows.allSatisfy { $0.count == 22 })
    #expect(rows[2] == [0, 0, 0, 0, 0, 0, 0, 0, 8, 9, 0, 1, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0])
    // A Note-sized document answers at its own size, as Vestaboard's endpoint does.
    let (_, note) = try await daemon.post(
      "/vbml/compose", #"{"style":{"height":3,"width":15},"components":[{"template":"x"}]}"#)
    let noteRows = try #require(try JSONSerialization.jsonObject(with: Data(note.utf8)) as? [[Int]])
    #expect(noteRows.count == 3 && noteRows[0].count == 15)
  }

  @Test func aMistakeIsA400NamingItsPlace() async throws {
    let daemon = try await InProcessDaemon()
    let (status, body) = try await daemon.post(
      "/vbml/compose", #"{"components":[{"template":"{99}"}]}"#)
    #expect(status == .badRequest)
    #expect(body.contains(#""code":"invalid_vbml""#))
    #expect(body.contains("components[0].template"))
    let (notJSON, _) = try await daemon.post("/vbml/compose", "components")
    #expect(notJSON == .badRequest)
  }
}
