import Foundation

/// The certificates a client has trusted, one line per daemon: `HOST:PORT CERT-SHA256
/// KEY-SHA256`. Like ssh's known_hosts: the first answer from a daemon is trusted and
/// written here, and later answers must match it.
public struct KnownHosts: Sendable {
  public let path: String

  public struct Entry: Sendable, Equatable {
    public var daemon: String
    public var certificate: CertificateFingerprint
    public var publicKey: CertificateFingerprint

    public init(
      daemon: String, certificate: CertificateFingerprint, publicKey: CertificateFingerprint
    ) {
      self.daemon = daemon
      self.certificate = certificate
      self.publicKey = publicKey
    }
  }

  public init(path: String) {
    self.path = path
  }

  /// `$CLACK_KNOWN_HOSTS`, else `known-hosts` in `$XDG_CONFIG_HOME/clack`, else in
  /// `~/.config/clack`.
  public static func defaultPath(environment: [String: String]) -> String {
    if let file = environment["CLACK_KNOWN_HOSTS"], !file.isEmpty { return file }
    let config =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
    return config + "/clack/known-hosts"
  }

  /// The entry for `daemon` (`HOST:PORT`); nil when there is none or no file. A line that
  /// cannot be read is an error naming it, not a daemon silently trusted again.
  public func entry(for daemon: String) throws(TLSSetupError) -> Entry? {
    try entries().first { $0.daemon == daemon }
  }

  /// Writes `entry`, replacing any line for its daemon.
  public func record(_ entry: Entry) throws(TLSSetupError) {
    var kept = try entries().filter { $0.daemon != entry.daemon }
    kept.append(entry)
    let text = kept.map { "\($0.daemon) \($0.certificate) \($0.publicKey)\n" }.joined()
    let directory = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw TLSSetupError("cannot create \(directory) for \(path): \(error)")
    }
    try SelfSignedCertificate.writeAtomically(text, to: path, mode: 0o644)
  }

  private func entries() throws(TLSSetupError) -> [Entry] {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw TLSSetupError("cannot read \(path): \(error)")
    }
    var entries: [Entry] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if fields.isEmpty || fields[0].hasPrefix("#") { continue }
      guard fields.count == 3, let certificate = CertificateFingerprint(parsing: fields[1]),
        let publicKey = CertificateFingerprint(parsing: fields[2])
      else {
        throw TLSSetupError(
          "\(path) line \(index + 1) is not 'HOST:PORT CERTIFICATE-SHA256 KEY-SHA256': "
            + "mend or delete it")
      }
      entries.append(
        Entry(daemon: String(fields[0]), certificate: certificate, publicKey: publicKey))
    }
    return entries
  }
}
