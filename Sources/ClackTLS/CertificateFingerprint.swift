import CCertificateMaker

/// The SHA-256 of a certificate's DER bytes: what a browser shows as the certificate's
/// "SHA-256 fingerprint", and what `clack key` prints, so the two can be compared by eye.
public struct CertificateFingerprint: Hashable, Sendable, CustomStringConvertible {
  public let bytes: [UInt8]

  /// Throws only when libcrypto cannot be opened (or cannot allocate).
  public init(der: some Sequence<UInt8>) throws(TLSSetupError) {
    let input = Array(der)
    var digest = [UInt8](repeating: 0, count: 32)
    var error = [CChar](repeating: 0, count: 512)
    let result = input.withUnsafeBytes { bytes in
      clack_certificate_sha256(bytes.baseAddress, bytes.count, &digest, &error, error.count)
    }
    guard result == 0 else {
      throw TLSSetupError(
        "cannot take a certificate's SHA-256 fingerprint: "
          + SelfSignedCertificate.text(ofNULTerminated: error))
    }
    bytes = digest
  }

  /// Reads the form `description` writes (colons optional, either case); nil otherwise.
  public init?(parsing text: some StringProtocol) {
    let hex = String(text.filter { $0 != ":" })
    guard hex.count == 64 else { return nil }
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
      bytes.append(byte)
      index = next
    }
    self.bytes = bytes
  }

  /// Upper-case hex bytes joined by colons, as Firefox and `openssl x509 -fingerprint` show
  /// them (Chrome puts spaces between the bytes).
  public var description: String {
    bytes.map { byte in
      let digits = String(byte, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: ":")
  }
}
