import Foundation

/// The `mqtt:` section of the config (docs/mqtt.md). Absent means no MQTT at all.
public struct MQTTSettings: Sendable, Hashable {
  public var host: String
  public var port: Int
  public var username: String?
  public var password: String?
  /// Nil: `clack-<board>`, so two boards on one broker never take each other's session.
  public var clientID: String?
  /// The first topic level: `<prefix>/<board>/message/set`.
  public var prefix = "clack"
  /// This board's topic level; nil means its name from the board file, as a topic-safe slug.
  public var board: String?
  public var tls: TLS?
  /// Home Assistant discovery: where configs go, or nil to publish none.
  public var discoveryPrefix: String? = "homeassistant"
  /// A QoS 1 payload seen again on the same topic within this long is a redelivery.
  public var redeliveryWindow: TimeInterval = 60
  public var keepAliveSeconds = 30

  public struct TLS: Sendable, Hashable {
    /// A CA file; nil means the system's trust store.
    public var caFile: String?
    public var certFile: String?
    public var keyFile: String?
    /// Skip the host-name check: only for a broker with a self-signed certificate on a LAN.
    public var insecure = false

    public init() {}
  }

  public init(host: String, port: Int? = nil, tls: TLS? = nil) {
    self.host = host
    self.tls = tls
    self.port = port ?? (tls == nil ? 1883 : 8883)
  }

  /// The trust store Debian keeps (ca-certificates).
  public static let systemCAPath = "/etc/ssl/certs"
}
