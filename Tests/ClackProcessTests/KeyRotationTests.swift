import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `clack key --rotate` against the real daemon: the new key works at once and the old is
/// refused; SIGHUP takes a key written to the file; and no key ever reaches the log, the
/// metrics or an error answer.
@Suite(.serialized) struct KeyRotationTests {
  @Test func aRotatedKeyTakesOverAtOnceAndNoKeyIsEverShown() async throws {
    let daemon = try DaemonProcess(port: 17335)
    // Every line the daemon can log, to search for keys.
    try await daemon.start(arguments: ["--log-level", "trace"])
    let first = try #require(daemon.key)
    let state = daemon.directory.appendingPathComponent("state").path
    let body = try JSONSerialization.data(withJSONObject: ["text": "HI"])
    // A near miss, as a client with a stale key sends: refused without being repeated.
    let nearMiss = String(first.dropLast()) + (first.hasSuffix("A") ? "B" : "A")
    let refused = try await daemon.request(
      "POST", "/api/v1/messages", body: body, headers: ["X-Clack-Key": nearMiss])
    #expect(refused.status == 401)
    let stream = try await daemon.request("GET", "/api/v1/events?key=\(nearMiss)", headers: [:])
    #expect(stream.status == 401)

    let rotated = try await DaemonProcess.runClack(
      ["key", "--rotate", "--state", state], environment: ["CLACK_URL": daemon.base])
    #expect(rotated.status == 0, "\(rotated.output)")
    let second = try #require(daemon.key)
    #expect(second != first)
    #expect(rotated.output.split(separator: "\n").first == Substring(second), "\(rotated.output)")
    #expect(rotated.output.contains("the daemon at \(daemon.base) took it"), "\(rotated.output)")
    #expect(await daemon.logs("the API key was changed in \(state)/api-key"))

    let old = try await daemon.request(
      "POST", "/api/v1/messages", body: body, headers: ["X-Clack-Key": first])
    #expect(old.status == 401)
    #expect(old.errorCode == "invalid_key")
    let local = try await daemon.request(
      "GET", "/local-api/message", headers: ["X-Vestaboard-Local-Api-Key": first])
    #expect(local.status == 401)
    let new = try await daemon.request(
      "POST", "/api/v1/messages", body: body, headers: ["X-Clack-Key": second])
    #expect(new.status == 201)

    // SIGHUP reads the key file again: a key written there by hand takes over too.
    let third = "hand-written-key-0123456789abcdef"
    try (third + "\n").write(
      to: daemon.directory.appendingPathComponent("state/api-key"), atomically: true,
      encoding: .utf8)
    kill(try #require(daemon.process).processIdentifier, SIGHUP)
    #expect(await daemon.logs("SIGHUP: the API key was changed"))
    #expect(
      try await daemon.request("GET", "/api/v1/board", headers: ["X-Clack-Key": second]).status
        == 401)
    #expect(
      try await daemon.request("GET", "/api/v1/board", headers: ["X-Clack-Key": third]).status
        == 200)

    // Not a key anywhere: the log, the metrics page, the answers to wrong keys.
    let metrics = try await daemon.request("GET", "/metrics", headers: ["X-Clack-Key": third])
    #expect(metrics.status == 200)
    let answers = [refused.text, stream.text, old.text, local.text, metrics.text]
    #expect(await daemon.stop() == 0)
    for key in [first, second, third, nearMiss] {
      #expect(!daemon.output.contains(key), "a key in the daemon's log")
      #expect(!answers.contains { $0.contains(key) }, "a key in an answer")
    }
  }

  @Test func aRotationWithNoDaemonRunningSaysWhenTheKeyTakesOver() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-rotate-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let state = directory.path
    let made = try await DaemonProcess.runClack(["key", "--state", state])
    let first = made.output.split(separator: "\n").last.map(String.init)
    let rotated = try await DaemonProcess.runClack(
      ["key", "--rotate", "--state", state], environment: ["CLACK_URL": "http://127.0.0.1:17336"])
    #expect(rotated.status == 0, "\(rotated.output)")
    #expect(!rotated.output.contains(first ?? "?"), "the old key printed")
    #expect(rotated.output.contains("did not take it (is clack running?"), "\(rotated.output)")
    #expect(rotated.output.contains("systemctl reload clack"), "\(rotated.output)")
  }
}
