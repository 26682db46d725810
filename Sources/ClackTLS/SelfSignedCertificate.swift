import CCertificateMaker
import Foundation

/// Makes and writes the daemon's self-signed key and certificate (through libcrypto:
/// CCertificateMaker).
enum SelfSignedCertificate {
  /// 825 days: the longest validity Apple's and Chrome's TLS clients accept for a server
  /// certificate, even one the user chose to trust.
  static let validity: TimeInterval = 825 * 86_400

  /// A new P-256 private key, as PKCS#8 PEM.
  static func makeKey() throws(TLSSetupError) -> String {
    try madeText("cannot make the TLS key") { pem, error, size in
      clack_certificate_make_key(pem, error, size)
    }
  }

  /// Nil when `pem` is a P-256 private key; else why not.
  static func problem(withKey pem: String) -> String? {
    var error = [CChar](repeating: 0, count: 512)
    guard clack_certificate_check_key(pem, &error, error.count) != 0 else { return nil }
    return text(ofNULTerminated: error)
  }

  /// A PEM certificate for the key in `keyPEM`, for `names` (host names and IP addresses),
  /// valid from a day before `now` (a Pi without a clock may start a little behind) for
  /// `validity`.
  static func make(keyPEM: String, names: [String], now: Date) throws(TLSSetupError) -> String {
    var dnsNames: [String] = []
    var addresses: [[UInt8]] = []
    for name in names {
      if let address = ipAddressBytes(name) {
        addresses.append(address)
      } else {
        dnsNames.append(name)
      }
    }
    let commonName = names.first ?? "clack"
    let notBefore = Int64(now.timeIntervalSince1970) - 86_400
    let notAfter = notBefore + Int64(validity)
    let pem = try madeText("cannot make a self-signed certificate") { pem, error, size in
      withCStrings(dnsNames) { dnsPointers in
        withByteArrays(addresses) { addressPointers in
          let lengths = addresses.map(\.count)
          return clack_certificate_make_self_signed(
            keyPEM, commonName, dnsPointers, dnsNames.count, addressPointers, lengths,
            addresses.count, notBefore, notAfter, pem, error, size)
        }
      }
    }
    return pem
  }

  /// Calls `make` with a place for the text it mallocs and for its error, and hands back the
  /// text, or the error after `what`.
  private static func madeText(
    _ what: String,
    _ make: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, UnsafeMutablePointer<CChar>, Int)
      -> Int32
  ) throws(TLSSetupError) -> String {
    var made: UnsafeMutablePointer<CChar>?
    var error = [CChar](repeating: 0, count: 512)
    let result = error.withUnsafeMutableBufferPointer { buffer in
      make(&made, buffer.baseAddress!, buffer.count)
    }
    guard result == 0, let made else {
      throw TLSSetupError("\(what): \(text(ofNULTerminated: error))")
    }
    defer { free(made) }
    return String(cString: made)
  }

  /// The text before the first NUL of a buffer C wrote into.
  static func text(ofNULTerminated buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// C strings for `strings`, alive for `body`.
  private static func withCStrings<Result>(
    _ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result
  ) -> Result {
    let copies = strings.map { strdup($0) }
    defer {
      for copy in copies { free(copy) }
    }
    return body(copies.map { UnsafePointer($0) })
  }

  /// Pointers to each array's bytes, alive for `body`.
  private static func withByteArrays<Result>(
    _ arrays: [[UInt8]], _ body: ([UnsafePointer<UInt8>?]) -> Result
  ) -> Result {
    let copies = arrays.map { bytes in
      let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
      copy.initialize(from: bytes, count: bytes.count)
      return copy
    }
    defer {
      for copy in copies { copy.deallocate() }
    }
    return body(copies.map { UnsafePointer($0) })
  }

  /// The key, in a file only its owner may read, created exclusively.
  static func writeKey(_ pem: String, to path: String) throws(TLSSetupError) {
    let bytes = Array(pem.utf8)
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
