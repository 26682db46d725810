import Foundation
import NIOSSL

/// The certificate and private key the daemon serves HTTPS with: the user's own (named in the
/// config), or a self-signed pair the daemon makes in its state directory on first start and
/// renews, with the same key, when it nears its end.
public struct ServerIdentity: Sendable {
  public let certificatePath: String
  public let keyPath: String
  public let fingerprint: CertificateFingerprint
  /// The SHA-256 of the certificate's public key: a client that pinned it accepts a renewal.
  public let publicKeyFingerprint: CertificateFingerprint
  public let notValidAfter: Date
  let chain: [NIOSSLCertificate]
  let privateKey: NIOSSLPrivateKey

  /// How this start came by the identity (logged by the daemon).
  public enum Origin: Sendable, Equatable {
    case made, renewed, kept, own
  }

  /// TLS 1.2 and later, with the certificate chain and key.
  public var serverConfiguration: TLSConfiguration {
    var configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
    configuration.minimumTLSVersion = .tlsv12
    return configuration
  }

  /// Where the self-signed pair lives in a state directory.
  public static func defaultPaths(stateDirectory: String) -> (certificate: String, key: String) {
    (stateDirectory + "/tls-cert.pem", stateDirectory + "/tls-key.pem")
  }

  /// The user's own certificate (a PEM chain, leaf first) and key.
  public static func own(certificate: String, key: String) throws(TLSSetupError) -> ServerIdentity {
    let chain: [NIOSSLCertificate]
    do {
      chain = try NIOSSLCertificate.fromPEMFile(certificate)
    } catch {
      throw TLSSetupError("cannot read the TLS certificate \(certificate) as PEM: \(error)")
    }
    guard !chain.isEmpty else {
      throw TLSSetupError("the TLS certificate file \(certificate) holds no certificate")
    }
    let privateKey: NIOSSLPrivateKey
    do {
      privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
    } catch {
      throw TLSSetupError("cannot read the TLS key \(key) as a PEM private key: \(error)")
    }
    let identity = try identity(
      chain: chain, key: privateKey, certificatePath: certificate, keyPath: key)
    do {
      // BoringSSL checks here that the key is the certificate's.
      _ = try NIOSSLContext(configuration: identity.serverConfiguration)
    } catch {
      throw TLSSetupError(
        "the TLS key \(key) does not go with the certificate \(certificate) (\(error))")
    }
    return identity
  }

  /// The self-signed pair in `stateDirectory`: kept when valid for another `renewBefore`,
  /// renewed with the same key when not, made when there is none. `names` are the host
  /// names and addresses the certificate is for.
  public static func selfSigned(
    stateDirectory: String, names: [String], now: Date = Date(),
    renewBefore: TimeInterval = 30 * 86_400
  ) throws(TLSSetupError) -> (identity: ServerIdentity, origin: Origin) {
    let (certificatePath, keyPath) = defaultPaths(stateDirectory: stateDirectory)
    let manager = FileManager.default
    let haveKey = manager.fileExists(atPath: keyPath)
    let haveCertificate = manager.fileExists(atPath: certificatePath)
    if haveCertificate, !haveKey {
      throw TLSSetupError(
        "\(certificatePath) is there but its key \(keyPath) is not: delete the certificate and "
          + "the daemon makes a new pair (clients that trusted the old one will refuse the new)")
    }
    let keyPEM: String
    if haveKey {
      keyPEM = try readKey(keyPath)
    } else {
      keyPEM = try SelfSignedCertificate.makeKey()
      try SelfSignedCertificate.writeKey(keyPEM, to: keyPath)
    }
    var origin = Origin.made
    if haveCertificate {
      let kept = try own(certificate: certificatePath, key: keyPath)
      if kept.notValidAfter.timeIntervalSince(now) > renewBefore { return (kept, .kept) }
      origin = .renewed
    } else if haveKey {
      origin = .renewed
    }
    let pem = try SelfSignedCertificate.make(keyPEM: keyPEM, names: names, now: now)
    try SelfSignedCertificate.writeAtomically(pem, to: certificatePath, mode: 0o644)
    return (try own(certificate: certificatePath, key: keyPath), origin)
  }

  /// The fingerprint of the certificate at `path`; nil when there is no file.
  public static func fingerprint(ofCertificateAt path: String) throws(TLSSetupError)
    -> CertificateFingerprint?
  {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    do {
      guard let leaf = try NIOSSLCertificate.fromPEMFile(path).first else { return nil }
      return try CertificateFingerprint(der: try leaf.toDERBytes())
    } catch {
      throw TLSSetupError("cannot read the TLS certificate \(path): \(error)")
    }
  }

  /// The PEM text of the key the daemon made, checked to be a P-256 private key.
  private static func readKey(_ path: String) throws(TLSSetupError) -> String {
    let pem: String
    do {
      pem = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw TLSSetupError("cannot read the TLS key \(path): \(error)")
    }
    if let problem = SelfSignedCertificate.problem(withKey: pem) {
      throw TLSSetupError(
        "cannot read \(path) as the P-256 key the daemon made (\(problem)); delete it and "
          + "tls-cert.pem beside it to make a new pair")
    }
    return pem
  }

  private static func identity(
    chain: [NIOSSLCertificate], key: NIOSSLPrivateKey, certificatePath: String, keyPath: String
  ) throws(TLSSetupError) -> ServerIdentity {
    let leaf = chain[0]
    do {
      let publicKey = try leaf.extractPublicKey().toSPKIBytes()
      return ServerIdentity(
        certificatePath: certificatePath, keyPath: keyPath,
        fingerprint: try CertificateFingerprint(der: try leaf.toDERBytes()),
        publicKeyFingerprint: try CertificateFingerprint(der: publicKey),
        notValidAfter: Date(timeIntervalSince1970: TimeInterval(leaf.notValidAfter)),
        chain: chain, privateKey: key)
    } catch {
      throw TLSSetupError("cannot read the TLS certificate \(certificatePath): \(error)")
    }
  }
}
