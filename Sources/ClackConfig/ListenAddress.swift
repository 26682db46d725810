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
