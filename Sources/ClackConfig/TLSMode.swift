/// Whether the daemon's API speaks HTTPS (docs/config.md, `tls`).
public enum TLSMode: Sendable, Equatable {
  /// HTTPS with the self-signed certificate when listening beyond loopback; plain HTTP on
  /// loopback, where nothing travels over a network.
  case auto
  /// HTTPS with the self-signed certificate wherever it listens (`tls: on`).
  case on
  /// Plain HTTP everywhere (`tls: off`): for a daemon behind a TLS proxy, or a trusted LAN.
  case off
  /// HTTPS with the user's own certificate chain and key (PEM files).
  case own(certificate: String, key: String)
}

extension DaemonConfig {
  /// The config file the Debian package installs and its service reads.
  public static let packagedPath = "/etc/clack/clack.yaml"

  /// Whether the API listener speaks HTTPS.
  public var servesHTTPS: Bool {
    switch tls {
    case .auto: !listen.isLoopback
    case .on, .own: true
    case .off: false
    }
  }

  /// The URL a client on this machine reaches the API at: the listen address, with an
  /// any-address listener reached over loopback.
  public var localURL: String {
    let host =
      switch listen.host {
      case "0.0.0.0": "127.0.0.1"
      case "::": "::1"
      default: listen.host
      }
    let address = ListenAddress(host: host, port: listen.port)
    return (servesHTTPS ? "https://" : "http://") + address.description
  }
}
