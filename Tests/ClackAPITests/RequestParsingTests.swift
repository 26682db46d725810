import ClackAPI
import Foundation
import Testing

/// The wire's readers name the field that is wrong, and never trap on what arrives.
@Suite struct RequestParsingTests {
  let now = Date(timeIntervalSince1970: 1_795_587_960)

  func parse(_ json: String) throws(APIError) -> NewMessage {
    try MessageRequest.parse(JSONValue.parse(Data(json.utf8)), defaultSender: "api", now: now)
  }

  @Test func textTakesTheDefaultSenderAndTheZoneItNames() throws {
    let message = try parse(#"{"text": "HELLO", "zone": "top"}"#)
    #expect(message.sender == "api")
    #expect(message.zone == "top")
    #expect(message.body == .text("HELLO"))
  }

  @Test(arguments: [
    (#"{"text": "A", "characters": [[1]]}"#, "text"),
    (#"{}"#, "text"),
    (#"{"characters": [[1]], "script": "elder"}"#, "script"),
    (#"{"text": "A", "colour": "red"}"#, "colour"),
    (#"{"text": "A", "transition": "sideways"}"#, "transition"),
  ])
  func aWrongFieldIsNamed(json: String, field: String) {
    #expect {
      _ = try parse(json)
    } throws: { error in
      guard let error = error as? APIError else { return false }
      return error.code == "invalid_field" && error.message.hasPrefix(field + ":")
    }
  }

  @Test func notAnObjectIsRefusedAsJSON() {
    for body in ["", "[", "42", "\"text\"", "{\"text\": "] {
      #expect(throws: APIError.self) { _ = try parse(body) }
    }
  }

  @Test func quietIsABoolean() throws {
    #expect(try QuietView.quiet(from: JSONValue.parse(Data(#"{"quiet": true}"#.utf8))))
    #expect(try !QuietView.quiet(from: JSONValue.parse(Data(#"{"quiet": false}"#.utf8))))
    for body in [#"{"quiet": "yes"}"#, #"{"quiet": 1}"#, "{}", "[]"] {
      #expect {
        _ = try QuietView.quiet(from: JSONValue.parse(Data(body.utf8)))
      } throws: { error in
        (error as? APIError)?.code == "invalid_field"
      }
    }
  }

  @Test func keysNeverLookLikeOptions() {
    for _ in 0..<500 {
      #expect(!APIKey.generate().value.hasPrefix("-"))
    }
  }
}
