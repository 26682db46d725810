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

/// A VBML document as a message, through every face: composed for its zone when accepted and
/// stored as the codes it gave, the same whichever face it came through.
@Suite(.serialized) struct VBMLMessageTests {
  static let document =
    #"{"props":{"who":"ada"},"components":[{"template":"hi {{who}}","style":{"justify":"center","align":"center"}}]}"#

  @Test func aDocumentIsStoredAsItsCodesThroughEveryFace() async throws {
    let daemon = try await InProcessDaemon()
    let (rest, restBody) = try await daemon.post(
      "/api/v1/messages", #"{"vbml": \#(Self.document), "sender": "local-api"}"#)
    #expect(rest == .created, "\(restBody)")
    let viaREST = try #require(try daemon.newest())
    let (local, localBody) = try await daemon.post(
      "/local-api/message", #"{"vbml": \#(Self.document)}"#)
    #expect(local == .created, "\(localBody)")
    let viaLocalAPI = try #require(try daemon.newest())
    // MQTT takes the document itself as a payload, as well as {"vbml": …}.
    await daemon.publish(Self.document)
    let viaMQTT = try #require(try daemon.newest())
    #expect(try daemon.runtime.store.messages().count == 3, "each face stored one message")
    guard case .codes(let rows) = viaREST.body else {
      Issue.record("a VBML message is stored as codes, not \(viaREST.body)")
      return
    }
    #expect(rows[2] == [0, 0, 0, 0, 0, 0, 0, 0, 8, 9, 0, 1, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0])
    #expect(viaREST.body == viaLocalAPI.body)
    #expect(viaLocalAPI.body == viaMQTT.body)
  }

  @Test func aDocumentThatCannotShowIsRefusedNamingWhy() async throws {
    let daemon = try await InProcessDaemon()
    let (size, sizeBody) = try await daemon.post(
      "/api/v1/messages",
      #"{"vbml": {"style": {"height": 3, "width": 15}, "components": [{"template": "x"}]}}"#)
    #expect(size == .badRequest)
    #expect(sizeBody.contains("the document is 3×15; this board is 6×22"), "\(sizeBody)")
    let (wrong, wrongBody) = try await daemon.post(
      "/api/v1/messages", #"{"vbml": {"components": [{"template": "{99}"}]}}"#)
    #expect(wrong == .badRequest)
    #expect(wrongBody.contains("vbml.components[0].template"), "\(wrongBody)")
    let (both, bothBody) = try await daemon.post(
      "/api/v1/messages", #"{"vbml": {"components": []}, "text": "HI"}"#)
    #expect(both == .badRequest)
    #expect(bothBody.contains("text does not go with vbml"), "\(bothBody)")
    #expect(try daemon.runtime.store.messages().isEmpty, "nothing refused was stored")
  }
}
