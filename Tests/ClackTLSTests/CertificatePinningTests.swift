import ClackTLS
import Foundation
import NIOSSL
import Testing

/// Trust on first use, as the CLI speaks HTTPS: a daemon's first certificate is recorded, the
/// same one or a renewal with the same key passes, and any other is refused with both
/// fingerprints and the file to mend.
@Suite struct CertificatePinningTests {
  let directory: String
  let knownHosts: KnownHosts

  init() throws {
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("clack-pin-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    knownHosts = KnownHosts(path: directory + "/config/clack/known-hosts")
  }

  /// A daemon's certificate chain, made in a state directory of its own.
  func chain(_ state: String, now: Date = Date()) throws -> [NIOSSLCertificate] {
    let path = directory + "/" + state
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let (identity, _) = try ServerIdentity.selfSigned(
      stateDirectory: path, names: ["board"], now: now)
    return try NIOSSLCertificate.fromPEMFile(identity.certificatePath)
  }

  @Test func theFirstCertificateIsRecordedAndTheSameOnePassesSilently() throws {
    let board = try chain("board")
    let first = try CertificatePinning(daemon: "board.local:7000", knownHosts: knownHosts)
    #expect(first.verify(board) == .certificateVerified)
    let notice = try #require(try first.settle())
    let fingerprint = (try CertificateFingerprint(der: board[0].toDERBytes()))
    #expect(notice.contains("first use"))
    #expect(notice.contains(fingerprint.description))
    #expect(notice.contains(knownHosts.path))
    #expect(try first.settle() == nil, "told once")
    #expect(try knownHosts.entry(for: "board.local:7000")?.certificate == fingerprint)

    let later = try CertificatePinning(daemon: "board.local:7000", knownHosts: knownHosts)
    #expect(later.verify(board) == .certificateVerified)
    #expect(try later.settle() == nil)
    #expect(later.refusal() == nil)
  }

  @Test func aRenewalWithTheSameKeyPassesAndIsRecorded() throws {
    let board = try chain("board")
    let pinning = try CertificatePinning(daemon: "board:7000", knownHosts: knownHosts)
    _ = pinning.verify(board)
    _ = try pinning.settle()
    let renewed = try chain("board", now: Date().addingTimeInterval(800 * 86_400))
    #expect(try renewed[0].toDERBytes() != board[0].toDERBytes())
    let next = try CertificatePinning(daemon: "board:7000", knownHosts: knownHosts)
    #expect(next.verify(renewed) == .certificateVerified)
    #expect(try next.settle()?.contains("renewed") == true)
    #expect(
      try knownHosts.entry(for: "board:7000")?.certificate
        == (try CertificateFingerprint(der: renewed[0].toDERBytes())))
  }

  @Test func anotherCertificateIsRefusedNamingBothAndTheFile() throws {
    let board = try chain("board")
    let impostor = try chain("impostor")
    let pinning = try CertificatePinning(daemon: "board:7000", knownHosts: knownHosts)
    _ = pinning.verify(board)
    _ = try pinning.settle()
    let next = try CertificatePinning(daemon: "board:7000", knownHosts: knownHosts)
    #expect(next.verify(impostor) == .failed)
    let refusal = try #require(next.refusal())
    let text = refusal.description
    #expect(text.contains((try CertificateFingerprint(der: board[0].toDERBytes())).description))
    #expect(text.contains((try CertificateFingerprint(der: impostor[0].toDERBytes())).description))
    #expect(text.contains(knownHosts.path))
    #expect(text.contains("clack key"))
    // Nothing was recorded over the trusted entry.
    #expect(try next.settle() == nil)
    #expect(
      try knownHosts.entry(for: "board:7000")?.certificate
        == (try CertificateFingerprint(der: board[0].toDERBytes())))
  }

  @Test func eachDaemonHasItsOwnLineAndABadLineIsNamed() throws {
    let one = try chain("one")
    let two = try chain("two")
    for (daemon, certificates) in [("one:7000", one), ("two:7000", two)] {
      let pinning = try CertificatePinning(daemon: daemon, knownHosts: knownHosts)
      _ = pinning.verify(certificates)
      _ = try pinning.settle()
    }
    #expect(try knownHosts.entry(for: "one:7000") != knownHosts.entry(for: "two:7000"))
    #expect(try knownHosts.entry(for: "three:7000") == nil)
    let text = try String(contentsOfFile: knownHosts.path, encoding: .utf8)
    try (text + "two:7001 not-a-fingerprint\n").write(
      toFile: knownHosts.path, atomically: true, encoding: .utf8)
    let error = #expect(throws: TLSSetupError.self) {
      try CertificatePinning(daemon: "one:7000", knownHosts: knownHosts)
    }
    #expect(error?.description.contains("line 3") == true, "\(String(describing: error))")
  }

  @Test func theFileIsFoundAsTheEnvironmentSays() {
    #expect(KnownHosts.defaultPath(environment: ["CLACK_KNOWN_HOSTS": "/x/kh"]) == "/x/kh")
    #expect(
      KnownHosts.defaultPath(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"])
        == "/c/clack/known-hosts")
    #expect(KnownHosts.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/clack/known-hosts")
  }
}
