import ArgumentParser
import ClackDiscovery
import Foundation

/// `clack find`: the Clack daemons advertised on the LAN (DNS-SD over mDNS, through
/// avahi-daemon), each with the URL the other commands take.
struct FindCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "find",
    abstract: "List the Clack daemons on the LAN, with the --url to reach each.",
    discussion: """
      Daemons that listen beyond loopback advertise themselves with DNS-SD over mDNS \
      (docs/discovery.md). This asks avahi-daemon (apt install avahi-daemon) for them and \
      prints each daemon's name, URL, board and size, its wall and member when it is one, \
      and its certificate's fingerprint. Use the URL with --url, such as \
      `clack status --url https://10.0.0.5:7000`.
      """)

  @Option(help: ArgumentHelp("How long to listen for answers, 1 to 60.", valueName: "seconds"))
  var seconds: Double = 3

  @Flag(help: "Print JSON: one object per daemon.")
  var json = false

  func validate() throws {
    guard (1...60).contains(seconds) else {
      throw ValidationError("--seconds must be from 1 to 60, not \(seconds)")
    }
  }

  func run() throws {
    let found: [DNSSDFound]
    do {
      found = try DNSSDBrowser.browse(type: ClackAdvertisement.apiType, seconds: seconds)
    } catch {
      throw FindError(message: "cannot look on the LAN: \(error)")
    }
    let daemons = Self.daemons(from: found)
    if json {
      let objects = daemons.map(\.json)
      let data = try JSONSerialization.data(
        withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      print(String(decoding: data, as: UTF8.self))
      return
    }
    guard !daemons.isEmpty else {
      print(
        "no Clack daemon answered within \(Self.format(seconds)) s (a daemon is advertised "
          + "when it listens beyond loopback and avahi-daemon runs on its machine)")
      throw ExitCode(1)
    }
    for daemon in daemons { print(daemon.line) }
  }

  /// A failure to look, said without the usage text.
  struct FindError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// One daemon as `clack find` shows it.
  struct Daemon: Equatable {
    var name: String
    var host: String
    var addresses: [String]
    var port: Int
    var advertisement: ClackAdvertisement

    var url: String {
      let address = addresses.first ?? host
      let bracketed = address.contains(":") ? "[\(address)]" : address
      return "\(advertisement.https ? "https" : "http")://\(bracketed):\(port)"
    }

    var line: String {
      var parts = [
        name, url,
        "\(advertisement.board) \(advertisement.rows)×\(advertisement.cols) \(advertisement.kind)",
      ]
      if let wall = advertisement.wall {
        parts.append("wall \(wall)" + (advertisement.member.map { " (member \($0))" } ?? ""))
      }
      if let fingerprint = advertisement.fingerprint { parts.append("sha256 \(fingerprint)") }
      return parts.joined(separator: "  ")
    }

    var json: [String: Any] {
      var object: [String: Any] = [
        "name": name, "url": url, "host": host, "addresses": addresses, "port": port,
        "board": advertisement.board, "rows": advertisement.rows, "cols": advertisement.cols,
        "kind": advertisement.kind, "https": advertisement.https,
      ]
      object["fingerprint"] = advertisement.fingerprint
      object["wall"] = advertisement.wall
      object["member"] = advertisement.member
      return object
    }
  }

  /// Each daemon once, its IPv4 addresses before its IPv6 ones, by name; answers that are not
  /// a Clack daemon's are left out.
  static func daemons(from found: [DNSSDFound]) -> [Daemon] {
    var byName: [String: Daemon] = [:]
    for service in found.sorted(by: { !$0.ipv6 && $1.ipv6 }) {
      guard let advertisement = ClackAdvertisement(txt: service.txt) else { continue }
      var daemon =
        byName[service.name]
        ?? Daemon(
          name: service.name, host: service.host, addresses: [], port: service.port,
          advertisement: advertisement)
      // A link-local IPv6 address needs its interface to be reached: not one to print.
      if !service.address.lowercased().hasPrefix("fe80:"),
        !daemon.addresses.contains(service.address)
      {
        daemon.addresses.append(service.address)
      }
      byName[service.name] = daemon
    }
    return byName.values.sorted { $0.name < $1.name }
  }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}
