import ClackDiscovery
import Testing

@testable import ClackDaemon

/// With several brokers advertised, every member of a wall must take the same one: the first
/// by name, at its IPv4 address when it has one (a link-local IPv6 address needs its link).
@Suite struct LANBrokerFinderTests {
  static func found(_ name: String, _ address: String, ipv6: Bool = false) -> DNSSDFound {
    DNSSDFound(
      name: name, host: "pi.local", address: address, ipv6: ipv6, port: 1883, txt: [:])
  }

  @Test func theFirstByNameAtItsIPv4Address() {
    let choice = LANBrokerFinder.choose([
      Self.found("Mosquitto on pi-b", "192.168.1.7"),
      Self.found("Mosquitto on pi-a", "fe80::1", ipv6: true),
      Self.found("Mosquitto on pi-a", "192.168.1.5"),
    ])
    #expect(choice?.address == "192.168.1.5")
    #expect(LANBrokerFinder.choose([]) == nil)
  }

  @Test func tlsLooksForTheSecureService() {
    #expect(
      LANBrokerFinder(tls: true, logger: .init(label: "t")).serviceType == "_secure-mqtt._tcp")
    #expect(LANBrokerFinder(tls: false, logger: .init(label: "t")).serviceType == "_mqtt._tcp")
  }
}
