import ClackTLS
import Foundation
import NIOSSL
import Testing

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
    let empty = try CertificateFingerprint(der: [])
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
    #expect(made.fingerprint == (try CertificateFingerprint(der: chain[0].toDERBytes())))
    #expect(
      try ServerIdentity.fingerprint(ofCertificateAt: made.certificatePath) == made.fingerprint)
    // Valid for 825 days from a day ago, and for the names given.
    let days = made.notValidAfter.timeIntervalSinceNow / 86_400
    #expect((823...825).contains(days), "\(days)")
    // Its extensions as OpenSSL's own command reads them, not as the code that wrote them.
    let text = try openssl(
      "x509", "-in", made.certificatePath, "-noout", "-subject", "-ext",
      "basicConstraints,keyUsage,extendedKeyUsage,subjectAltName")
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.first == "subject=O = Clack, CN = clack-test", "\(text)")
    func value(after heading: String) -> String? {
      lines.firstIndex(of: heading).flatMap { $0 + 1 < lines.count ? lines[$0 + 1] : nil }
    }
    #expect(value(after: "X509v3 Basic Constraints: critical") == "CA:FALSE", "\(text)")
    #expect(value(after: "X509v3 Key Usage: critical") == "Digital Signature", "\(text)")
    #expect(value(after: "X509v3 Extended Key Usage:") == "TLS Web Server Authentication")
    #expect(
      value(after: "X509v3 Subject Alternative Name:")
        == "DNS:clack-test, DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, "
        + "IP Address:192.0.2.7", "\(text)")
    // Self-signed with the key beside it: OpenSSL checks the signature against its own key.
    let verified = try openssl(
      "verify", "-check_ss_sig", "-partial_chain", "-CAfile", made.certificatePath,
      made.certificatePath)
    #expect(verified.hasSuffix(": OK\n"), "\(verified)")
    let algorithm = try openssl("x509", "-in", made.certificatePath, "-noout", "-text")
    #expect(algorithm.contains("Signature Algorithm: ecdsa-with-SHA256"))
    #expect(algorithm.contains("ASN1 OID: prime256v1"))

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

  @Test func aKeyThatIsNotP256IsAnErrorNamingTheFile() throws {
    let keyPath = ServerIdentity.defaultPaths(stateDirectory: directory).key
    _ = try openssl("genpkey", "-algorithm", "ed25519", "-out", keyPath)
    let error = #expect(throws: TLSSetupError.self) {
      try ServerIdentity.selfSigned(stateDirectory: directory, names: ["a"])
    }
    #expect(error?.description.contains(keyPath) == true, "\(String(describing: error))")
    #expect(error?.description.contains("not a P-256") == true, "\(String(describing: error))")
  }

  @Test func aKeyWithAPassphraseIsRefusedByName() throws {
    let keyPath = ServerIdentity.defaultPaths(stateDirectory: directory).key
    _ = try openssl(
      "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-aes256", "-pass",
      "pass:secret", "-out", keyPath)
    let error = #expect(throws: TLSSetupError.self) {
      try ServerIdentity.selfSigned(stateDirectory: directory, names: ["a"])
    }
    #expect(
      error?.description.contains("without a passphrase") == true, "\(String(describing: error))")
  }

  @Test func aKeyOpenSSLMadeInTheOlderSEC1FormIsUsed() throws {
    // Keys made by earlier Clack versions are PKCS#8; a user's own may be SEC 1 ("EC PRIVATE KEY").
    let keyPath = ServerIdentity.defaultPaths(stateDirectory: directory).key
    _ = try openssl("ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", keyPath)
    let (made, origin) = try ServerIdentity.selfSigned(stateDirectory: directory, names: ["a"])
    #expect(origin == .renewed)
    let publicKeyPath = directory + "/public.der"
    _ = try openssl("pkey", "-in", keyPath, "-pubout", "-outform", "DER", "-out", publicKeyPath)
    let publicKey = try Data(contentsOf: URL(fileURLWithPath: publicKeyPath))
    #expect(made.publicKeyFingerprint == (try CertificateFingerprint(der: publicKey)))
  }

  /// Runs the openssl command (an apt package of the test command) and returns its output.
  private func openssl(_ arguments: String...) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(
      process.terminationStatus == 0,
      "openssl \(arguments): \(String(decoding: data, as: UTF8.self))")
    return String(decoding: data, as: UTF8.self)
  }
}
