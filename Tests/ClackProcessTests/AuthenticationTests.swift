import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The API key against the real daemon on its loopback listener.
@Suite(.serialized) struct AuthenticationTests {
  @Test func writesNeedTheKeyAndLoopbackReadsDoNot() async throws {
    let daemon = try DaemonProcess(port: 17325)
    try await daemon.start()
    let key = try #require(daemon.key)
    let keyFile = daemon.directory.appendingPathComponent("state/api-key").path
    let mode = try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions]
    #expect(mode as? Int == 0o600)
    let body = try JSONSerialization.data(withJSONObject: ["text": "HI"])

    let none = try await daemon.request("POST", "/api/v1/messages", body: body, headers: [:])
    #expect(none.status == 401)
    #expect(none.errorCode == "key_required")
    #expect(none.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
    let wrong = try await daemon.request(
      "POST", "/api/v1/messages", body: body, headers: ["X-Clack-Key": key + "x"])
    #expect(wrong.status == 401)
    #expect(wrong.errorCode == "invalid_key")
    let bearer = try await daemon.request(
      "POST", "/api/v1/messages", body: body,
      headers: ["Authorization": "Bearer \(key)", "Content-Type": "application/json"])
    #expect(bearer.status == 201)
    let removal = try await daemon.request("DELETE", "/api/v1/messages/1", headers: [:])
    #expect(removal.status == 401)

    // Reads on a loopback listener need no key.
    #expect(try await daemon.request("GET", "/api/v1/board", headers: [:]).status == 200)
    #expect(try await daemon.request("GET", "/health", headers: [:]).status == 200)
    // The web page comes from the daemon itself, open to the browser.
    let page = try await daemon.request("GET", "/", headers: [:])
    #expect(page.status == 200)
    #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
    #expect(page.text.contains("<script src=\"/ui/app.js\">"))
    let script = try await daemon.request("GET", "/ui/app.js", headers: [:])
    #expect(script.headers["content-type"]?.hasPrefix("text/javascript") == true)
    // The key stays the same across a restart.
    #expect(await daemon.stop() == 0)
    try await daemon.start()
    #expect(daemon.key == key)
    #expect(await daemon.stop() == 0)
  }

  /// `clack key` prints the daemon's key, and `clack send` finds it or says how to give it.
  @Test func theCLIFindsTheKeyOrSaysHowToGiveIt() async throws {
    let daemon = try DaemonProcess(port: 17328)
    try await daemon.start()
    let state = daemon.directory.appendingPathComponent("state").path
    let printed = try await DaemonProcess.runClack(["key", "--state", state])
    #expect(printed.status == 0)
    #expect(printed.output.trimmingCharacters(in: .whitespacesAndNewlines) == daemon.key)

    // A home without key files: the client has no key to send.
    let home = daemon.directory.appendingPathComponent("home").path
    let isolated = ["HOME": home, "XDG_STATE_HOME": home + "/state", "CLACK_URL": daemon.base]
    let refused = try await DaemonProcess.runClack(["send", "NO KEY"], environment: isolated)
    #expect(refused.status != 0)
    #expect(refused.output.contains("needs the API key"))
    #expect(refused.output.contains("found no key: pass --key or set CLACK_KEY"))
    var keyed = isolated
    keyed["CLACK_KEY"] = daemon.key
    let sent = try await DaemonProcess.runClack(["send", "KEYED", "--json"], environment: keyed)
    #expect(sent.status == 0, "\(sent.output)")
    #expect(sent.output.contains("\"state\""))
    // A fresh state directory gets a key made by clack key, which the daemon would then use.
    let fresh = daemon.directory.appendingPathComponent("fresh").path
    let made = try await DaemonProcess.runClack(["key", "--state", fresh])
    #expect(made.status == 0)
    #expect(made.output.contains("made a new API key in \(fresh)/api-key"))
    #expect(await daemon.stop() == 0)
  }

  /// Whatever tells a user to run `clack key` names the command for this daemon, and that
  /// command prints the key this daemon takes; a wrong key is refused even for a loopback read.
  @Test func everyHintNamesTheCommandThatPrintsThisDaemonsKey() async throws {
    let daemon = try DaemonProcess(port: 17330)
    try await daemon.start()
    let state = daemon.directory.appendingPathComponent("state").path
    let command = "clack key --state \(state)"
    #expect(daemon.output.contains("(mode 0600); \(command) prints it"), "the start-up log")
    let page = try await daemon.request("GET", "/", headers: [:])
    #expect(page.text.contains("<code>\(command)</code>"), "the web page")
    let wrong = try await daemon.request(
      "GET", "/api/v1/board", headers: ["X-Clack-Key": "not-the-key"])
    #expect(wrong.status == 401)
    #expect(wrong.errorCode == "invalid_key")
    #expect(wrong.text.contains("\(command) prints the right one"))
    let local = try await daemon.request(
      "GET", "/local-api/message", headers: ["X-Vestaboard-Local-Api-Key": "not-the-key"])
    #expect(local.status == 401)
    #expect(try await daemon.request("GET", "/api/v1/board", headers: [:]).status == 200)
    let printed = try await DaemonProcess.runClack(["key", "--state", state])
    #expect(printed.output.trimmingCharacters(in: .whitespacesAndNewlines) == daemon.key)
    #expect(await daemon.stop() == 0)
  }
}
