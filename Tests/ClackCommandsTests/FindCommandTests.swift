import ArgumentParser
import ClackDiscovery
import Foundation
import Testing

@testable import ClackCommands

/// What a daemon says of itself on the LAN, read back as `clack find` reads it, and the list
/// it prints: each daemon once, with an address a URL can hold.
@Suite struct FindCommandTests {
  static let wallMember = ClackAdvertisement(
    board: "lobby", rows: 6, cols: 66, kind: "split-flap", https: true,
    fingerprint: "7F:C6:8A", wall: "lobby", member: "left")

  @Test func theTXTRecordReadsBackAsTheAdvertisement() {
    let txt = Self.wallMember.txt
    #expect(txt["size"] == "6x66" && txt["tls"] == "1" && txt["path"] == "/api/v1")
    #expect(txt["v"] == "1")
    #expect(ClackAdvertisement(txt: txt) == Self.wallMember)
    // A record without a board or a size is not a Clack daemon's.
    #expect(ClackAdvertisement(txt: ["size": "6x22"]) == nil)
    #expect(ClackAdvertisement(txt: ["board": "b", "size": "six by 22"]) == nil)
  }

  @Test func theLocalAPIIsAdvertisedOnlyWhenItListens() {
    let alone = Self.wallMember.services(apiPort: 7000, localAPIPort: nil)
    #expect(alone.map(\.type) == ["_clack._tcp"] && alone[0].port == 7000)
    let both = Self.wallMember.services(apiPort: 7000, localAPIPort: 7001)
    #expect(both.map(\.type) == ["_clack._tcp", "_clack-local._tcp"])
    #expect(both[1].txt["path"] == "/local-api/message" && both[1].port == 7001)
  }

  @Test func theInstanceNameIsTheBoardsOnItsHostAndFitsDNSSD() {
    #expect(ClackAdvertisement.instanceName(board: "sim-6x22") == "sim-6x22 on {host}")
    let long = ClackAdvertisement.instanceName(board: String(repeating: "x", count: 80))
    #expect(long == String(repeating: "x", count: 32) + " on {host}", "room left for the host's")
  }

  static func found(_ name: String, _ address: String, ipv6: Bool = false, txt: [String: String])
    -> DNSSDFound
  {
    DNSSDFound(
      name: name, host: "clack-left.local", address: address, ipv6: ipv6, port: 7000, txt: txt)
  }

  @Test func eachDaemonIsListedOnceWithItsIPv4AddressFirstAndWithoutLinkLocalOnes() {
    let txt = Self.wallMember.txt
    let daemons = FindCommand.daemons(from: [
      Self.found("lobby on clack-left", "fe80::1", ipv6: true, txt: txt),
      Self.found("lobby on clack-left", "fd00::5", ipv6: true, txt: txt),
      Self.found("lobby on clack-left", "10.0.0.5", txt: txt),
      Self.found("printer", "10.0.0.9", txt: ["rp": "queue"]),
    ])
    #expect(daemons.count == 1, "the printer's answer is not a Clack daemon's")
    let daemon = daemons[0]
    #expect(daemon.addresses == ["10.0.0.5", "fd00::5"])
    #expect(daemon.url == "https://10.0.0.5:7000")
    #expect(
      daemon.line
        == "lobby on clack-left  https://10.0.0.5:7000  lobby 6×66 split-flap  wall lobby (member left)  sha256 7F:C6:8A"
    )
    var plain = Self.wallMember
    plain.https = false
    let v6 = FindCommand.daemons(from: [
      Self.found("b", "fd00::5", ipv6: true, txt: plain.txt)
    ])
    #expect(v6.first?.url == "http://[fd00::5]:7000")
  }

  @Test func secondsOutOfRangeAreRefused() throws {
    #expect(throws: (any Error).self) { try FindCommand.parse(["--seconds", "0"]) }
    #expect(throws: (any Error).self) { try FindCommand.parse(["--seconds", "61"]) }
    #expect(try FindCommand.parse(["--seconds", "2", "--json"]).json)
  }
}
