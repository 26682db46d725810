import ClackTLS
import Foundation
import NIOSSL
import Testing
import X509

/// The daemon's self-signed certificate: made once with a private key only its owner reads,
/// kept across starts, renewed with the same key near its end, and the user's own pair
/// checked before the daemon serves with it.
@Suite struct ServerIdentityTests {
  let directory: String

  init() throws {
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("clack-tls-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  @Test func theFingerprintIsTheSHA256OfTheBytesInColonHex() throws {
    // SHA-256 of nothing, as FIPS 180-2 gives it.
    let empty = CertificateFingerprint(der: [])
    #expect(
      empty.description
        == "E3:B0:C4:42:98:FC:1C:14:9A:FB:F4:C8:99:6F:B9:24:27:AE:41:E4:64:9B:93:4C:A4:95:99:1B:78:52:B8:55"
    )
    #expect(CertificateFingerprint(parsing: empty.description) == empty)
    #expect(CertificateFingerprint(parsing: empty.description.lowercased()) == empty)
    #expect(CertificateFingerprint(parsing: "E3:B0") == nil)
    #expect(CertificateFingerprint(parsing: String(repeating: "ZZ", count: 32)) == nil)
  }

  @Test func aPairIsMadeOnceAndKept() throws {
    let names = ["clack-test", "localhost", "127.0.0.1", "::1", "192.0.2.7"]
    let (made, origin) = try ServerIdentity.selfSigned(stateDirectory: directory, names: names)
    #expect(origin == .made)
    let keyMode = try FileManager.default.attributesOfItem(atPath: made.keyPath)[.posixPermissions]
    #expect(keyMode as? Int == 0o600)
    // The fingerprint is the certificate's, as any other reader of the file computes it.
    let chain = try NIOSSLCertificate.fromPEMFile(made.certificatePath)
    #expect(chain.count == 1)
    #expect(made.fingerprint == CertificateFingerprint(der: try chain[0].toDERBytes()))
    #expect(
      try ServerIdentity.fingerprint(ofCertificateAt: made.certificatePath) == made.fingerprint)
    // Valid for 825 days from a day ago, and for the names given.
    let days = made.notValidAfter.timeIntervalSinceNow / 86_400
    #expect((823...825).contains(days), "\(days)")
    let certificate = try Certificate(
      pemEncoded: String(contentsOfFile: made.certificatePath, encoding: .utf8))
    let alternative = try #require(try certificate.extensions.subjectAlternativeNames)
    var dns: [String] = []
    var addresses: [[UInt8]] = []
    for name in alternative {
      switch name {
      case .dnsName(let text): dns.append(text)
      case .ipAddress(let bytes): addresses.append(Array(bytes.bytes))
      default: Issue.record("an unexpected name \(name)")
      }
    }
    #expect(dns == ["clack-test", "localhost"])
    #expect(addresses.contains([127, 0, 0, 1]))
    #expect(addresses.contains([192, 0, 2, 7]))
    #expect(addresses.contains(Array(repeating: 0, count: 15) + [1]))
    #expect(try certificate.extensions.basicConstraints == .notCertificateAuthority)

    let (kept, again) = try ServerIdentity.selfSigned(stateDirectory: directory, names: ["other"])
    #expect(again == .kept)
    #expect(kept.fingerprint == made.fingerprint)
  }

  @Test func nearItsEndTheCertificateIsRenewedWithTheSameKey() throws {
    let (made, _) = try ServerIdentity.selfSigned(stateDirectory: directory, names: ["a"])
    let later = Date().addingTimeInterval(800 * 86_400)
    let (renewed, origin) = try ServerIdentity.selfSigned(
      stateDirectory: directory, names: ["a"], now: later)
    #expect(origin == .renewed)
    #expect(renewed.fingerprint != made.fingerprint)
    #expect(renewed.publicKeyFingerprint == made.publicKeyFingerprint)
    #expect(renewed.notValidAfter > made.notValidAfter.addingTimeInterval(700 * 86_400))
  }

  @Test func aCertificateWithoutItsKeyIsAnErrorNamingBoth() throws {
    let (made, _) = try ServerIdentity.selfSigned(stateDirectory: directory, names: ["a"])
    try FileManager.default.removeItem(atPath: made.keyPath)
    let error = #expect(throws: TLSSetupError.self) {
      try ServerIdentity.selfSigned(stateDirectory: directory, names: ["a"])
    }
    #expect(error?.description.contains(made.certificatePath) == true)
    #expect(error?.description.contains(made.keyPath) == true)
  }

  @Test func anOwnPairWhoseKeyIsNotTheCertificatesIsRefused() throws {
    let other = directory + "/other"
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
    let (first, _) = try ServerIdentity.selfSigned(stateDirectory: directory, names: ["a"])
    let (second, _) = try ServerIdentity.selfSigned(stateDirectory: other, names: ["b"])
    let own = try ServerIdentity.own(certificate: first.certificatePath, key: first.keyPath)
    #expect(own.fingerprint == first.fingerprint)
    let error = #expect(throws: TLSSetupError.self) {
      try ServerIdentity.own(certificate: first.certificatePath, key: second.keyPath)
    }
    #expect(error?.description.contains("does not go with") == true, "\(String(describing: error))")
    let missing = #expect(throws: TLSSetupError.self) {
      try ServerIdentity.own(certificate: directory + "/none.pem", key: first.keyPath)
    }
    #expect(missing?.description.contains("none.pem") == true)
  }
}
