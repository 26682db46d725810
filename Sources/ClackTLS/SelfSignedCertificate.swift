import Crypto
import Foundation
import SwiftASN1
import X509

/// Makes and writes the daemon's self-signed certificate.
enum SelfSignedCertificate {
  /// 825 days: the longest validity Apple's and Chrome's TLS clients accept for a server
  /// certificate, even one the user chose to trust.
  static let validity: TimeInterval = 825 * 86_400

  /// A PEM certificate for `key`, for `names` (host names and IP addresses), valid from a day
  /// before `now` (a Pi without a clock may start a little behind) for `validity`.
  static func make(key: P256.Signing.PrivateKey, names: [String], now: Date)
    throws(TLSSetupError) -> String
  {
    let subjectNames = names.map { name in
      if let address = ipAddressBytes(name) {
        GeneralName.ipAddress(ASN1OctetString(contentBytes: ArraySlice(address)))
      } else {
        GeneralName.dnsName(name)
      }
    }
    do {
      let commonName = names.first ?? "clack"
      let subject = try DistinguishedName {
        OrganizationName("Clack")
        CommonName(commonName)
      }
      let extensions = try Certificate.Extensions {
        Critical(BasicConstraints.notCertificateAuthority)
        Critical(KeyUsage(digitalSignature: true))
        try ExtendedKeyUsage([.serverAuth])
        SubjectAlternativeNames(subjectNames)
      }
      let certificate = try Certificate(
        version: .v3, serialNumber: Certificate.SerialNumber(),
        publicKey: Certificate.PublicKey(key.publicKey),
        notValidBefore: now.addingTimeInterval(-86_400),
        notValidAfter: now.addingTimeInterval(validity - 86_400),
        issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
        extensions: extensions, issuerPrivateKey: Certificate.PrivateKey(key))
      return try certificate.serializeAsPEM().pemString + "\n"
    } catch {
      throw TLSSetupError("cannot make a self-signed certificate: \(error)")
    }
  }

  /// The key, in a file only its owner may read, created exclusively.
  static func writeKey(_ key: P256.Signing.PrivateKey, to path: String) throws(TLSSetupError) {
    let bytes = Array((key.pemRepresentation + "\n").utf8)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw TLSSetupError("cannot create the TLS key \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count, fsync(descriptor) == 0 else {
      throw TLSSetupError("cannot write the TLS key \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// Writes beside `path` and renames over it, so a reader never sees half a certificate.
  static func writeAtomically(_ text: String, to path: String, mode: mode_t)
    throws(TLSSetupError)
  {
    let temporary = path + ".new"
    let bytes = Array(text.utf8)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard descriptor >= 0 else {
      throw TLSSetupError(
        "cannot create \(temporary): \(String(cString: strerror(errno)))")
    }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == bytes.count, synced, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw TLSSetupError("cannot write the TLS certificate \(path): \(reason)")
    }
  }

  /// The bytes of an IPv4 or IPv6 literal; nil for a host name.
  static func ipAddressBytes(_ text: String) -> [UInt8]? {
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 {
      return withUnsafeBytes(of: &v4) { Array($0) }
    }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, text, &v6) == 1 {
      return withUnsafeBytes(of: &v6) { Array($0) }
    }
    return nil
  }
}
