/// Where the broker is when the config says `host: auto` (docs/mqtt.md): looked for on the
/// LAN before each connection, so a broker that moved (a new DHCP address) is found again.
/// The daemon's finder browses DNS-SD (ClackDiscovery); this target knows only the question.
public protocol MQTTBrokerFinder: Sendable {
  /// The broker to connect to now, or why there is none (said in the log, and tried again
  /// after the reconnect backoff).
  func find() -> Result<MQTTBrokerAddress, MQTTTransportError>
}

/// A broker's address as found.
public struct MQTTBrokerAddress: Sendable, Hashable {
  public var host: String
  public var port: Int

  public init(host: String, port: Int) {
    self.host = host
    self.port = port
  }
}

extension MQTTSettings {
  /// The `host` that means "find the broker on the LAN".
  public static let findOnLAN = "auto"

  /// True when the broker is looked for on the LAN, not named.
  public var findsBroker: Bool { host == Self.findOnLAN }
}
