import Foundation
import Testing

/// HTTPS as a user meets it: the daemon makes its certificate, `clack key --fingerprint`
/// prints what `/health` and the CLI's first contact show, curl trusts it with --cacert, the
/// Vestaboard Local API answers in plain HTTP on its own port, and a changed certificate is
/// refused by the CLI that trusted the first one.
@Suite(.serialized) struct HTTPSTests {
  static let port = 17338
  static let localAPIPort = 17339

  @Test func theCLITrustsTheFirstCertificateAndRefusesAnother() async throws {
    let daemon = try DaemonProcess(
      config: "tls: on\nlocal_api: {listen: 127.0.0.1:\(Self.localAPIPort)}\n", port: Self.port)
    let state = daemon.directory.appendingPathComponent("state").path
    let certificate = state + "/tls-cert.pem"
    let url = "https://127.0.0.1:\(Self.port)"
    let ready: @Sendable () async -> Bool = {
      let health = try? await Self.curl(["--cacert", certificate, url + "/health"])
      return health?.contains("\"homed\":true") == true
    }
    try await daemon.start(ready: ready)
    let key = try #require(daemon.key)
    let environment = [
      "CLACK_KNOWN_HOSTS": daemon.directory.appendingPathComponent("known-hosts").path,
      "CLACK_KEY": key,
    ]

    let printed = try await DaemonProcess.runClack(["key", "--fingerprint", "--state", state])
    #expect(printed.status == 0, "\(printed.output)")
    let fingerprint = printed.output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(fingerprint.count == 95, "\(fingerprint)")
    #expect(await daemon.logs("SHA-256 \(fingerprint)"))
    // A client of its own, trusting the file as documented, sees the same fingerprint.
    let health = try await Self.curl(["--cacert", certificate, url + "/health"])
    #expect(health.contains("\"tls_fingerprint\":\"\(fingerprint)\""), "\(health)")

    let first = try await DaemonProcess.runClack(
      ["status", "--url", url], environment: environment)
    #expect(first.status == 0, "\(first.output)")
    #expect(
      first.output.contains("trusting 127.0.0.1:\(Self.port) on first use"), "\(first.output)")
    #expect(first.output.contains(fingerprint))
    let again = try await DaemonProcess.runClack(
      ["status", "--url", url], environment: environment)
    #expect(again.status == 0, "\(again.output)")
    #expect(!again.output.contains("first use"), "told once: \(again.output)")

    // Plain HTTP to the HTTPS port says what to try.
    let plain = try await DaemonProcess.runClack(
      ["status", "--url", "http://127.0.0.1:\(Self.port)"], environment: environment)
    #expect(plain.status != 0)
    #expect(plain.output.contains("try --url https://127.0.0.1:\(Self.port)"), "\(plain.output)")

    // The Local API in plain HTTP on its own port, and nothing else there.
    let local = try await Self.curl([
      "-H", "X-Vestaboard-Local-Api-Key: \(key)",
      "http://127.0.0.1:\(Self.localAPIPort)/local-api/message",
    ])
    #expect(local.contains("\"message\""), "\(local)")
    let other = try await Self.curl([
      "-o", "/dev/null", "-w", "%{http_code}", "-H", "X-Clack-Key: \(key)",
      "http://127.0.0.1:\(Self.localAPIPort)/api/v1/board",
    ])
    #expect(other == "404")

    // A new certificate with a new key, as a reset state directory or an impostor has.
    #expect(await daemon.stop() == 0)
    try FileManager.default.removeItem(atPath: certificate)
    try FileManager.default.removeItem(atPath: state + "/tls-key.pem")
    try await daemon.start(ready: ready)
    let changed = try await DaemonProcess.runClack(
      ["status", "--url", url], environment: environment)
    #expect(changed.status != 0)
    #expect(changed.output.contains("its certificate has changed"), "\(changed.output)")
    #expect(changed.output.contains(fingerprint))
    #expect(changed.output.contains(environment["CLACK_KNOWN_HOSTS"]!))
    #expect(!changed.output.contains("sim-"), "no board was shown")
    #expect(await daemon.stop() == 0)
  }

  /// curl's standard output; its failures throw.
  static func curl(_ arguments: [String]) async throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = ["-sS", "--max-time", "5"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = Pipe()
    try process.run()
    let data = await DaemonProcess.offThePool { pipe.fileHandleForReading.readDataToEndOfFile() }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CurlFailed(status: process.terminationStatus)
    }
    return String(decoding: data, as: UTF8.self)
  }

  struct CurlFailed: Error {
    let status: Int32
  }
}
