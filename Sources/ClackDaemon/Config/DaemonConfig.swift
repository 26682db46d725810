import ClackContent
import ClackCore
import ClackMQTT
import ClackStore
import Foundation

/// Everything `clack run` is configured by. Every field has a default, so the simulator needs
/// no file at all; docs/config.md lists them.
public struct DaemonConfig: Sendable {
  /// The board file; nil means the built-in simulated 6 × 22 board.
  public var boardPath: String?
  public var listen = ListenAddress.defaultAddress
  /// Where the database lives; nil means the default for the user (see `StateDirectory`).
  public var stateDirectory: String?
  public var timeZone = TimeZone.current
  /// The least time a message stays on show before a newer one replaces it.
  public var dwell: TimeInterval = 60
  public var quietHours: QuietHours?
  /// Zones; empty means one zone, `main`, covering the whole board.
  public var zones: [ZoneSpec] = []
  /// Which zone a sender's messages go to when they name none.
  public var senderZones: [String: String] = [:]
  public var schedules: [ScheduleEntry] = DaemonConfig.defaultSchedules
  public var senderPolicy = SenderPolicy()
  /// The transition used when a message or schedule entry names none.
  public var defaultTransition = TransitionSpec(kind: .fastest)
  /// Where the API key is kept (the LAN issue uses it); nil means `api-key` in the state
  /// directory.
  public var apiKeyFile: String?
  /// The Vestaboard Local API enablement token; nil (the default) turns enablement off.
  public var localAPIEnablementToken: String?
  /// The MQTT broker and topics; nil (the default) means no MQTT.
  public var mqtt: MQTTSettings?
  /// The HTTP server's limits: per-address rate, timeouts, header sizes.
  public var http = HTTPLimits()

  public init() {}

  /// Quote of the day at 07:00 every day: what a board with no config shows.
  public static let defaultSchedules = [
    ScheduleEntry(
      cron: try! CronExpression("0 7 * * *"),  // safe: a constant, parsed by DaemonConfigTests
      content: .quoteOfTheDay)
  ]

  /// The zones to run: the configured ones, or `main` covering the board.
  public func resolvedZones(rows: Int, cols: Int) -> [ZoneSpec] {
    zones.isEmpty ? [ZoneSpec(name: "main", row: 0, col: 0, rows: rows, cols: cols)] : zones
  }
}

/// A host and port to listen on.
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
  public var host: String
  public var port: Int

  public init(host: String, port: Int) {
    self.host = host
    self.port = port
  }

  /// 127.0.0.1:7000: loopback only, on the port Vestaboard tools expect.
  public static let defaultAddress = ListenAddress(host: "127.0.0.1", port: 7000)

  /// Parses `HOST:PORT`, `:PORT` (loopback) or `[v6]:PORT`; nil when malformed.
  public init?(parsing text: String) {
    guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
      (0...65535).contains(port)
    else { return nil }
    var host = String(text[..<colon])
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    self.host = host.isEmpty ? "127.0.0.1" : host
    self.port = port
  }

  public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

  /// True when only this machine can connect.
  public var isLoopback: Bool {
    host == "::1" || host == "localhost" || (host.hasPrefix("127.") && ipv4Octets(host) != nil)
  }

  /// Whether `text` is a dotted-quad IPv4 address.
  private func ipv4Octets(_ text: String) -> [UInt8]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
    guard parts.count == 4, parts.allSatisfy({ $0 != nil }) else { return nil }
    return parts.compactMap { $0 }
  }
}
