import ClackDiscovery
import ClackMQTT
import Logging
import Synchronization

/// Finds the MQTT broker on the LAN for `mqtt.host: auto` (docs/mqtt.md): the brokers
/// advertised with DNS-SD as `_mqtt._tcp` (`_secure-mqtt._tcp` with TLS), through
/// avahi-daemon. With several, the first by name, so every member of a wall takes the same
/// one; the log names the others. An IPv4 address is taken before an IPv6 one. Says in the log
/// when the broker it finds changes.
final class LANBrokerFinder: MQTTBrokerFinder {
  let serviceType: String
  private let seconds: Double
  private let logger: Logger
  private let lastFound = Mutex<MQTTBrokerAddress?>(nil)

  init(tls: Bool, seconds: Double = 3, logger: Logger) {
    serviceType = tls ? "_secure-mqtt._tcp" : "_mqtt._tcp"
    self.seconds = seconds
    self.logger = logger
  }

  func find() -> Result<MQTTBrokerAddress, MQTTTransportError> {
    let found: [DNSSDFound]
    do {
      found = try DNSSDBrowser.browse(type: serviceType, seconds: seconds)
    } catch {
      return .failure(
        MQTTTransportError(
          "cannot look for the MQTT broker on the LAN (mqtt.host is auto): \(error)"))
    }
    guard let chosen = Self.choose(found) else {
      return .failure(
        MQTTTransportError(
          "no MQTT broker is advertised on the LAN as \(serviceType) (mqtt.host is auto): "
            + "advertise it (docs/mqtt.md) or name it in mqtt.host"))
    }
    let address = MQTTBrokerAddress(host: chosen.address, port: chosen.port)
    let changed = lastFound.withLock { last in
      defer { last = address }
      return last != address
    }
    if changed {
      let others = Set(found.map(\.name)).subtracting([chosen.name]).sorted()
      let also =
        others.isEmpty ? "" : "; also advertised, not used: \(others.joined(separator: ", "))"
      logger.info(
        "MQTT: found the broker '\(chosen.name)' at \(Self.hostPort(address)) on the LAN\(also)")
    }
    return .success(address)
  }

  /// The first broker by name, at its IPv4 address if it has one.
  static func choose(_ found: [DNSSDFound]) -> DNSSDFound? {
    found.sorted { ($0.name, $0.ipv6 ? 1 : 0) < ($1.name, $1.ipv6 ? 1 : 0) }.first
  }

  private static func hostPort(_ address: MQTTBrokerAddress) -> String {
    address.host.contains(":")
      ? "[\(address.host)]:\(address.port)" : "\(address.host):\(address.port)"
  }
}
