import ClackDaemon
import ClackMQTT
import Foundation
import Testing

@testable import ClackMQTTFace

@Suite struct MQTTPayloadTests {
  @Test func plainTextIsTheMessageText() throws {
    #expect(
      try MQTTPayload.messageBody(Array("  HELLO WORLD\n".utf8))
        == .object(["text": .string("HELLO WORLD")]))
  }

  @Test func jsonIsTheRESTBodyAndRowsAreCharacters() throws {
    #expect(
      try MQTTPayload.messageBody(Array(#"{"text": "HI", "priority": "urgent"}"#.utf8))
        == .object(["text": .string("HI"), "priority": .string("urgent")]))
    #expect(
      try MQTTPayload.messageBody(Array("[[1,2],[3,4]]".utf8))
        == .object([
          "characters": .array([.array([.int(1), .int(2)]), .array([.int(3), .int(4)])])
        ]))
  }

  @Test func badPayloadsAreRefusedWithACode() {
    let cases: [([UInt8], String)] = [
      ([], "empty"), (Array("   ".utf8), "empty"), ([0xFF, 0xFE, 0x41], "invalid_utf8"),
      (Array("{\"text\": ".utf8), "invalid_json"), (Array("[1, 2".utf8), "invalid_json"),
      (Array(repeating: 0x41, count: MQTTPayload.maxBytes + 1), "too_large"),
    ]
    for (payload, code) in cases {
      #expect(throws: MQTTPayloadError.self) { try MQTTPayload.messageBody(payload) }
      do {
        _ = try MQTTPayload.messageBody(payload)
      } catch {
        #expect(error.code == code, "\(payload.prefix(10))")
      }
    }
  }

  @Test func commandsAreReadInAnyCase() throws {
    #expect(try MQTTPayload.command(Array("home".utf8)) == .home)
    #expect(try MQTTPayload.command(Array(" Quiet  ON\n".utf8)) == .quiet(true))
    #expect(try MQTTPayload.command(Array("quiet off".utf8)) == .quiet(false))
    #expect(try MQTTPayload.command(Array("CLEAR".utf8)) == .clear)
    for bad in ["", "quiet", "quiet maybe", "home now", "reboot"] {
      #expect(throws: MQTTPayloadError.self, "\(bad)") {
        try MQTTPayload.command(Array(bad.utf8))
      }
    }
    #expect(throws: MQTTPayloadError.self) { try MQTTPayload.command([0xC3, 0x28]) }
  }
}
