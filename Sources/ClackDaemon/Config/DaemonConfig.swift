import ClackHTTPFace
import ClackMQTT
import ClackRuntime
import Foundation

/// Everything `clack run` is configured by: the runtime's settings (read and written through
/// this value, as `config.dwell`) and what only the composition and the faces need. Every
/// field has a default, so the simulator needs no file at all; docs/config.md lists them.
@dynamicMemberLookup
public struct DaemonConfig: Sendable {
  public var runtime = RuntimeConfig()
  /// How many of the run of show's entries were written under `schedules` (they come first);
  /// the rest are from `run_of_show`. Error messages name an entry by its key.
  public var schedulesKeyCount = RuntimeConfig.defaultSchedules.count
  /// The board file; nil means the built-in simulated 6 × 22 board.
  public var boardPath: String?
  public var listen = ListenAddress.defaultAddress
  /// Where the database lives; nil means the default for the user (see `StateDirectory`).
  public var stateDirectory: String?
  /// Where the API key is kept; nil means `api-key` in the state directory.
  public var apiKeyFile: String?
  /// The Vestaboard Local API enablement token; nil (the default) turns enablement off.
  public var localAPIEnablementToken: String?
  /// The MQTT broker and topics; nil (the default) means no MQTT.
  public var mqtt: MQTTSettings?
  /// The HTTP server's limits: per-address rate, timeouts, header sizes.
  public var http = HTTPLimits()

  public init() {}

  public subscript<T>(dynamicMember keyPath: WritableKeyPath<RuntimeConfig, T>) -> T {
    get { runtime[keyPath: keyPath] }
    set { runtime[keyPath: keyPath] = newValue }
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
