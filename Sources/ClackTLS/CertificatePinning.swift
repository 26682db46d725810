import NIOSSL
import Synchronization

/// Trust on first use for one connection to one daemon. The TLS handshake asks `verify`
/// about the daemon's certificate: the one known for it, or a renewal with the same key,
/// passes; so does any certificate of a daemon never seen before, which `settle` then
/// records. A different certificate fails the handshake, and `refusal` says why.
public final class CertificatePinning: Sendable {
  public let daemon: String
  public let knownHosts: KnownHosts
  /// The entry trusted for the daemon, the one its last handshake offered, and why that
  /// offer could not be read (its fingerprints not taken).
  private let state:
    Mutex<(known: KnownHosts.Entry?, seen: KnownHosts.Entry?, problem: TLSSetupError?)>

  public init(daemon: String, knownHosts: KnownHosts) throws(TLSSetupError) {
    self.daemon = daemon
    self.knownHosts = knownHosts
    state = Mutex((try knownHosts.entry(for: daemon), nil, nil))
  }

  /// Whether the daemon's certificate chain (leaf first) may be trusted.
  public func verify(_ chain: [NIOSSLCertificate]) -> NIOSSLVerificationResult {
    guard let leaf = chain.first,
      let der = try? leaf.toDERBytes(),
      let key = try? leaf.extractPublicKey().toSPKIBytes()
    else { return .failed }
    let entry: KnownHosts.Entry
    do {
      entry = KnownHosts.Entry(
        daemon: daemon, certificate: try CertificateFingerprint(der: der),
        publicKey: try CertificateFingerprint(der: key))
    } catch {
      state.withLock { $0.problem = error }
      return .failed
    }
    let known = state.withLock { state in
      state.seen = entry
      return state.known
    }
    return Self.accepts(known, entry) ? .certificateVerified : .failed
  }

  /// Nothing known yet, the same certificate, or a renewal with the same key.
  private static func accepts(_ known: KnownHosts.Entry?, _ seen: KnownHosts.Entry) -> Bool {
    guard let known else { return true }
    return known.certificate == seen.certificate || known.publicKey == seen.publicKey
  }

  /// After an exchange that succeeded: records a daemon seen for the first time, or a renewed
  /// certificate, and returns a line to tell the user; nil when nothing changed.
  public func settle() throws(TLSSetupError) -> String? {
    let (known, seen) = state.withLock { ($0.known, $0.seen) }
    guard let entry = seen, entry != known, Self.accepts(known, entry) else { return nil }
    try knownHosts.record(entry)
    state.withLock { $0.known = entry }
    if known == nil {
      return "trusting \(daemon) on first use: its certificate's SHA-256 fingerprint is "
        + "\(entry.certificate) (compare it with what clack key prints on the board); "
        + "recorded in \(knownHosts.path)"
    }
    return "\(daemon) renewed its certificate with the same key; recorded the new one "
      + "(SHA-256 \(entry.certificate)) in \(knownHosts.path)"
  }

  /// After an exchange that failed: why the daemon's certificate could not be checked at all
  /// (libcrypto missing), when that was why.
  public func problem() -> TLSSetupError? {
    state.withLock { $0.problem }
  }

  /// After an exchange that failed: the refusal of a changed certificate, when that was why.
  public func refusal() -> CertificateChanged? {
    let (known, seen) = state.withLock { ($0.known, $0.seen) }
    guard let known, let entry = seen, !Self.accepts(known, entry) else { return nil }
    return CertificateChanged(known: known, seen: entry, file: knownHosts.path)
  }
}

/// A daemon answered with a certificate other than the one trusted for it.
public struct CertificateChanged: Error, CustomStringConvertible, Sendable {
  public let known: KnownHosts.Entry
  public let seen: KnownHosts.Entry
  public let file: String

  public var description: String {
    "refused \(known.daemon): its certificate has changed. Trusted: SHA-256 "
      + "\(known.certificate); offered now: SHA-256 \(seen.certificate). If the board's "
      + "certificate was replaced on purpose (its state directory reset, or a certificate of "
      + "your own), check the new fingerprint with clack key on the board, then delete the "
      + "line for \(known.daemon) from \(file). Otherwise something on the network may be "
      + "posing as the board."
  }
}
