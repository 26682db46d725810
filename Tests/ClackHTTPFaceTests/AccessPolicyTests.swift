import ClackConfig
import ClackDaemon
import Foundation
import HTTPTypes
import Testing

@testable import ClackAPI
@testable import ClackHTTPFace

@Suite struct AccessPolicyTests {
  let key = APIKey(value: "s3cret-KEY_0123456789")

  @Test func aLoopbackListenerOpensReadsButNeverWrites() {
    let policy = AccessPolicy(key: key, loopbackOnly: true)
    #expect(policy.decide(method: .get, path: "/api/v1/board", headers: [:]) == .allowed)
    #expect(
      policy.decide(method: .post, path: "/api/v1/messages", headers: [:])
        == .refused(presented: false))
    #expect(
      policy.decide(method: .delete, path: "/api/v1/messages/3", headers: [.authorization: "x"])
        == .refused(presented: false))
  }

  @Test func afterARotationTheOldKeyIsRefusedAndTheNewTaken() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "clack-policy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("api-key").path
    let old = try APIKey.loadOrCreate(path: path).key
    let policy = AccessPolicy(keys: APIKeyStore(old, path: path), loopbackOnly: false)
    let clackKey = HTTPField.Name("X-Clack-Key")!
    let new = try APIKey.rotate(path: path)
    #expect(try policy.keys.reload())
    #expect(
      policy.decide(method: .get, path: "/api/v1/board", headers: [clackKey: old.value])
        == .refused(presented: true))
    #expect(
      policy.decide(method: .post, path: "/local-api/message", headers: [clackKey: new.value])
        == .allowed)
    #expect(
      policy.decide(method: .get, path: "/api/v1/events", headers: [:], queryKey: old.value)
        == .refused(presented: true))
  }

  @Test func aWrongKeyIsRefusedEvenWhereNoKeyIsNeeded() {
    let policy = AccessPolicy(key: key, loopbackOnly: true)
    let clackKey = HTTPField.Name("X-Clack-Key")!
    #expect(
      policy.decide(method: .get, path: "/api/v1/board", headers: [clackKey: "wrong"])
        == .refused(presented: true))
    #expect(
      policy.decide(method: .get, path: "/api/v1/events", headers: [:], queryKey: "wrong")
        == .refused(presented: true))
    #expect(
      policy.decide(method: .get, path: "/api/v1/board", headers: [clackKey: key.value])
        == .allowed)
    // The always-open paths stay open: they reveal nothing and browsers need them first.
    #expect(policy.decide(method: .get, path: "/health", headers: [clackKey: "wrong"]) == .allowed)
  }

  @Test func aLANListenerNeedsTheKeyForReadsToo() {
    let policy = AccessPolicy(key: key, loopbackOnly: false)
    #expect(
      policy.decide(method: .get, path: "/api/v1/board", headers: [:]) == .refused(presented: false)
    )
    #expect(
      policy.decide(method: .get, path: "/metrics", headers: [:]) == .refused(presented: false))
    // The health check, the page and the OpenAPI document stay open for monitors and browsers.
    for path in ["/health", "/", "/openapi.yaml"] {
      #expect(policy.decide(method: .get, path: path, headers: [:]) == .allowed, "\(path)")
    }
  }

  @Test func theKeyIsAcceptedInEachDocumentedHeader() throws {
    let policy = AccessPolicy(key: key, loopbackOnly: false)
    let clackKey = try #require(HTTPField.Name("X-Clack-Key"))
    let localKey = try #require(HTTPField.Name("X-Vestaboard-Local-Api-Key"))
    let good: [(String, HTTPFields)] = [
      ("/api/v1/messages", [.authorization: "Bearer \(key.value)"]),
      ("/api/v1/messages", [.authorization: "bearer \(key.value)"]),
      ("/api/v1/messages", [clackKey: key.value]),
      ("/local-api/message", [localKey: key.value]),
    ]
    for (path, headers) in good {
      #expect(policy.decide(method: .post, path: path, headers: headers) == .allowed, "\(headers)")
    }
    let bad: [(String, HTTPFields)] = [
      ("/api/v1/messages", [.authorization: "Basic \(key.value)"]),
      ("/api/v1/messages", [clackKey: key.value + "x"]),
      ("/api/v1/messages", [clackKey: String(key.value.dropLast())]),
      // The Vestaboard header is for the Vestaboard endpoints only.
      ("/api/v1/messages", [localKey: key.value]),
    ]
    for (path, headers) in bad {
      #expect(policy.decide(method: .post, path: path, headers: headers) != .allowed, "\(headers)")
    }
  }

  @Test func keysAreLongRandomAndHeaderSafe() {
    let first = APIKey.generate()
    let second = APIKey.generate()
    #expect(first != second)
    #expect(first.value.count == 43)
    #expect(first.value.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    #expect(first.matches(first.value))
    #expect(!first.matches(""))
  }

  /// One base64url key in 64 starts with "-", which a command line reads as an option:
  /// `clack send --key KEY` then said the key was missing (seen in the VM's full-stack stage).
  @Test func noKeyStartsWithADash() {
    let keys = (0..<2000).map { _ in APIKey.generate().value }
    #expect(!keys.contains { $0.hasPrefix("-") })
    #expect(keys.contains { $0.contains("-") }, "dashes stay allowed elsewhere")
  }

  @Test func theKeyFileIsMadeOnceWithMode0600() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("clack-key-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = APIKey.defaultPath(stateDirectory: directory.path)
    let made = try APIKey.loadOrCreate(path: path)
    #expect(made.created)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    #expect(!APIKey.isExposed(path: path))
    let again = try APIKey.loadOrCreate(path: path)
    #expect(!again.created && again.key == made.key)
    try "\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: DaemonError.self) { try APIKey.loadOrCreate(path: path) }
  }

  @Test func loopbackMeansOnlyThisMachine() throws {
    for text in ["127.0.0.1:7000", "127.0.0.2:7000", "[::1]:7000", "localhost:7000", ":7000"] {
      #expect(try #require(ListenAddress(parsing: text)).isLoopback, "\(text)")
    }
    for text in ["0.0.0.0:7000", "192.168.1.5:7000", "[::]:7000", "127.example.com:7000"] {
      #expect(try !#require(ListenAddress(parsing: text)).isLoopback, "\(text)")
    }
  }
}
