import Foundation
import Testing

@testable import ClackAPI

/// The Vestaboard Local API, with exactly the headers and bodies Vestaboard documents.
@Suite(.serialized) struct LocalAPITests {
  /// Codes for "HELLO" and "WORLD" on the 2 × 8 test board.
  static let hello = [[8, 5, 12, 12, 15, 0, 0, 0], [23, 15, 18, 12, 4, 0, 0, 0]]

  @Test func aVestaboardToolDrivesTheBoardWithTheLocalAPIKey() async throws {
    let daemon = try DaemonProcess(
      config: "local_api: {enablement_token: enable-me-please}\n", port: 17326)
    try await daemon.start()
    let key = try #require(daemon.key)
    let json = ["Content-Type": "application/json"]
    func local(_ method: String, _ body: Any?, key: String?) async throws -> DaemonProcess.Reply {
      var headers = json
      if let key { headers["X-Vestaboard-Local-Api-Key"] = key }
      return try await daemon.request(
        method, "/local-api/message",
        body: try body.map { try JSONSerialization.data(withJSONObject: $0) }, headers: headers)
    }

    // The raw array of rows.
    let posted = try await local("POST", Self.hello, key: key)
    #expect(posted.status == 201)
    let shown = try await daemon.waitForBoard { $0.codes == Self.hello && $0.moving == 0 }
    #expect(shown.codes == Self.hello)
    let read = try await local("GET", nil, key: key)
    #expect(read.status == 200)
    #expect((read.json?["message"] as? [[Int]]) == Self.hello)

    // The object form with a strategy; it enters the queue as sender local-api.
    let rows = [[1, 2, 3, 0, 0, 0, 0, 63], [0, 0, 0, 0, 0, 0, 0, 66]]
    let object: [String: Any] = [
      "characters": rows, "strategy": "column", "step_size": 2, "step_interval_ms": 100,
    ]
    let withStrategy = try await local("POST", object, key: key)
    #expect(withStrategy.status == 201)
    let id = try #require(withStrategy.json?["id"] as? Int)
    let message = try await daemon.get("/api/v1/messages/\(id)").json
    #expect(message?["sender"] as? String == "local-api")
    #expect(message?["transition"] as? String == "column")
    #expect(message?["step_size"] as? Int == 2)
    #expect(message?["step_interval_ms"] as? Int == 100)
    _ = try await daemon.waitForBoard { $0.codes == rows && $0.moving == 0 }

    // A wrong or missing key: 401 with the body Vestaboard clients expect.
    for bad in [key + "x", nil] {
      let refused = try await local("POST", Self.hello, key: bad)
      #expect(refused.status == 401)
      #expect(refused.text == "Invalid API key")
    }
    // A board of another size names both sizes.
    let flagship = Array(repeating: Array(repeating: 0, count: 22), count: 6)
    let wrongSize = try await local("POST", flagship, key: key)
    #expect(wrongSize.status == 400)
    #expect(wrongSize.text.contains("the board is 2×8 but the message is 6×22"))
    let badStrategy = try await local(
      "POST", ["characters": Self.hello, "strategy": "sideways"], key: key)
    #expect(badStrategy.status == 400)
    #expect(badStrategy.text.contains("edges-to-center"))
    let badStep = try await local(
      "POST", ["characters": Self.hello, "strategy": "row", "step_size": 500], key: key)
    #expect(badStep.text.contains("step_size: must be a whole number from 1 to 132"))

    // Enablement trades the token from the config for the key.
    let enabled = try await daemon.request(
      "POST", "/local-api/enablement",
      headers: ["X-Vestaboard-Local-Api-Enablement-Token": "enable-me-please"])
    #expect(enabled.status == 200)
    #expect(enabled.json?["message"] as? String == "Local API enabled")
    #expect(enabled.json?["apiKey"] as? String == key)
    let wrongToken = try await daemon.request(
      "POST", "/local-api/enablement",
      headers: ["X-Vestaboard-Local-Api-Enablement-Token": "guess"])
    #expect(wrongToken.status == 401)
    #expect(await daemon.stop() == 0)
  }

  @Test func enablementIsOffUnlessConfigured() async throws {
    let daemon = try DaemonProcess(port: 17327)
    try await daemon.start()
    let reply = try await daemon.request(
      "POST", "/local-api/enablement",
      headers: ["X-Vestaboard-Local-Api-Enablement-Token": "anything"])
    #expect(reply.status == 403)
    #expect(reply.errorCode == "enablement_off")
    #expect(await daemon.stop() == 0)
  }
}
