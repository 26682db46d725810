import ClackCore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real daemon (`clack run --simulate`) on a simulated board, driven through its HTTP API.
@Suite(.serialized) struct DaemonIntegrationTests {
  static func expected(_ text: String, rows: Int = 2, cols: Int = 8) throws -> [[Int]] {
    let layout = TextLayout(rows: rows, cols: cols, flapSet: try FlapSet.named("splitflap-52"))
    return try layout.layout(text).frame.codes()
  }

  /// The value of the metrics page's line for `series` (its name and labels, exactly).
  static func value(_ metrics: String, _ series: String) -> Double? {
    metrics.split(separator: "\n").first { $0.hasPrefix(series + " ") }
      .flatMap { Double($0.dropFirst(series.count + 1)) }
  }

  @Test func aMessageIsStoredAcknowledgedAndShownFromTheRotorPositions() async throws {
    let daemon = try DaemonProcess(port: 17311)
    try await daemon.start()
    let reply = try await daemon.post("/api/v1/messages", ["text": "HI THERE", "sender": "t"])
    #expect(reply.status == 201, "\(reply.text)")
    let id = try #require(reply.json?["id"] as? Int)
    #expect(reply.json?["state"] as? String == "queued")
    #expect(reply.json?["position"] as? Int == 1)
    #expect(reply.json?["display_at"] is String)
    let want = try Self.expected("HI THERE")
    let board = try await daemon.waitForBoard { $0.codes == want && $0.moving == 0 }
    #expect(board.codes == want, "the modules' positions show the message")
    #expect(try await daemon.waitForState(id, "showing") == "showing")
    let metrics = try await daemon.get("/metrics").text
    #expect(metrics.contains("clack_http_requests_total{"))
    #expect(metrics.contains("clack_executor_tick_lateness_seconds{quantile=\"0.99\"}"))
    #expect(metrics.contains("clack_accept_to_motion_seconds_count 1"))
    #expect(metrics.contains("clack_executor_tick_work_seconds{quantile=\"0.99\"}"))
    // The lateness histogram counts the summary's ticks (the page is rendered from one copy;
    // a first read may hold none yet: the executor hands its ticks over after a read asks).
    let ticks = Self.value(metrics, "clack_executor_tick_lateness_seconds_count")
    #expect(ticks != nil)
    #expect(
      Self.value(metrics, "clack_executor_tick_lateness_histogram_seconds_bucket{le=\"+Inf\"}")
        == ticks)
    // The one message accepted, in one commit of its own.
    #expect(metrics.contains("clack_message_commits_total 1.0"))
    #expect(metrics.contains("clack_messages_committed_total 1.0"))
    #expect(metrics.contains("clack_heap_in_use_bytes "))
    #expect(metrics.contains("clack_memory_reliefs_total "))
    #expect(await daemon.stop() == 0)
    #expect(daemon.output.contains("coils off"))
  }

  @Test func badInputGetsSpecificJSONErrorsAndNever500() async throws {
    let daemon = try DaemonProcess(port: 17312)
    try await daemon.start()
    let unsupported = try await daemon.post("/api/v1/messages", ["text": "HI ~ ^"])
    #expect(unsupported.status == 400)
    #expect(unsupported.errorCode == "unsupported_characters")
    let details = (unsupported.json?["error"] as? [String: Any])?["details"] as? [String: Any]
    let characters = details?["characters"] as? [[String: Any]]
    #expect(characters?.count == 2)
    #expect(characters?.first?["column"] as? Int == 4)
    let long = try await daemon.post(
      "/api/v1/messages", ["text": "ONE TWO THREE FOUR FIVE SIX SEVEN"])
    #expect(long.status == 400)
    #expect(long.errorCode == "too_long")
    #expect(long.text.contains("too long by"))
    let wrongSize = try await daemon.post("/api/v1/messages", ["characters": [[1, 2, 3]]])
    #expect(wrongSize.errorCode == "wrong_size")
    let wrongType = try await daemon.post("/api/v1/messages", ["text": 12])
    #expect(wrongType.status == 400)
    #expect(wrongType.text.contains("text: must be a string"))
    let unknownField = try await daemon.post("/api/v1/messages", ["txt": "HI"])
    #expect(unknownField.text.contains("txt: unknown field"))
    let notJSON = try await daemon.request(
      "POST", "/api/v1/messages", body: Data([0x7B, 0xFF, 0xFE]))
    #expect(notJSON.errorCode == "invalid_json")
    let huge = try await daemon.request(
      "POST", "/api/v1/messages", body: Data(repeating: 0x20, count: 70 * 1024))
    #expect(huge.status == 413)
    #expect(huge.errorCode == "body_too_large")
    let missing = try await daemon.get("/api/v1/messages/999")
    #expect(missing.status == 404)
    #expect(missing.errorCode == "not_found")
    let noRoute = try await daemon.get("/api/v1/nothing")
    #expect(noRoute.status == 404)
    #expect(noRoute.errorCode == "not_found")
    let badState = try await daemon.get("/api/v1/messages?state=gone")
    #expect(badState.status == 400)
    #expect(await daemon.stop() == 0)
  }

  @Test func zonesRateLimitsAndExpiry() async throws {
    let daemon = try DaemonProcess(
      config: """
        dwell: 1s
        rate_limit: {per_hour: 3}
        zones:
          - {name: top, row: 1, col: 1, rows: 1, cols: 8}
          - {name: bottom, row: 2, col: 1, rows: 1, cols: 8, senders: [sensor]}
        schedules: []
        """, port: 17313)
    try await daemon.start()
    let top = try await daemon.post("/api/v1/messages", ["text": "TOP", "zone": "top"])
    #expect(top.status == 201, "\(top.text)")
    let bottom = try await daemon.post("/api/v1/messages", ["text": "LOW", "sender": "sensor"])
    #expect(bottom.json?["zone"] as? String == "bottom", "the sender's zone from the config")
    let want = [
      try Self.expected("TOP", rows: 1)[0], try Self.expected("LOW", rows: 1)[0],
    ]
    let board = try await daemon.waitForBoard { $0.codes == want && $0.moving == 0 }
    #expect(board.codes == want)
    // Rate limit: the default sender "api" has sent one; two more pass, the fourth is refused.
    for text in ["A", "B"] {
      #expect(
        try await daemon.post("/api/v1/messages", ["text": text, "zone": "top"]).status == 201)
    }
    let limited = try await daemon.post("/api/v1/messages", ["text": "C", "zone": "top"])
    #expect(limited.status == 429)
    #expect(limited.errorCode == "rate_limited")
    #expect(Int(limited.headers["retry-after"] ?? "") ?? 0 > 0)
    // Expiry: 20 s of daemon time is 2 s at ×10; the zone goes back to its (empty) schedule.
    let short = try await daemon.post(
      "/api/v1/messages",
      ["text": "BRIEF", "sender": "other", "zone": "bottom", "expires_in": "20s"])
    let id = try #require(short.json?["id"] as? Int)
    #expect(try await daemon.waitForState(id, "expired") == "expired")
    #expect(await daemon.stop() == 0)
  }

  @Test func quietHoursHoldTheBoardUnlessBypassed() async throws {
    let minute = Calendar(identifier: .gregorian).dateComponents(
      in: TimeZone(identifier: "UTC")!, from: Date())
    let start = ((minute.hour ?? 0) + 23) % 24
    let end = ((minute.hour ?? 0) + 2) % 24
    let daemon = try DaemonProcess(
      config: String(format: "quiet_hours: {start: \"%02d:00\", end: \"%02d:00\"}\n", start, end),
      port: 17314)
    try await daemon.start(speed: 1)
    let before = try await daemon.get("/api/v1/board").json ?? [:]
    #expect(before["quiet"] as? Bool == true)
    let held = try await daemon.post("/api/v1/messages", ["text": "LATER"])
    #expect(held.status == 201)
    #expect((held.json?["note"] as? String)?.contains("quiet hours") == true)
    let id = try #require(held.json?["id"] as? Int)
    try await Task.sleep(for: .milliseconds(600))
    #expect(try await daemon.get("/api/v1/messages/\(id)").json?["state"] as? String == "queued")
    #expect(try await daemon.get("/api/v1/board").json?.codes == before.codes, "nothing moved")
    let urgent = try await daemon.post(
      "/api/v1/messages", ["text": "NOW", "bypass_quiet_hours": true, "sender": "alarm"])
    let want = try Self.expected("NOW")
    let board = try await daemon.waitForBoard { $0.codes == want && $0.moving == 0 }
    #expect(board.codes == want)
    #expect(urgent.status == 201)
    #expect(await daemon.stop() == 0)
  }
}
