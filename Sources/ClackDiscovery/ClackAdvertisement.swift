/// What a Clack daemon says of itself on the LAN (docs/discovery.md): the HTTP API as
/// `_clack._tcp`, and the Vestaboard-compatible Local API, when it listens, as
/// `_clack-local._tcp`. The TXT record carries the board's name and size, so a client (the
/// CLI's `clack find`, Home Assistant, a wall's member) knows what it found before it asks.
public struct ClackAdvertisement: Sendable, Hashable {
  public static let apiType = "_clack._tcp"
  public static let localAPIType = "_clack-local._tcp"
  /// The TXT record's version: a reader skips keys it does not know.
  public static let version = "1"

  public var board: String
  public var rows: Int
  public var cols: Int
  /// `split-flap` or `pixels` (`BoardKind`).
  public var kind: String
  /// The API answers HTTPS (its certificate's SHA-256 fingerprint, when known).
  public var https: Bool
  public var fingerprint: String?
  public var wall: String?
  public var member: String?

  public init(
    board: String, rows: Int, cols: Int, kind: String, https: Bool, fingerprint: String? = nil,
    wall: String? = nil, member: String? = nil
  ) {
    self.board = board
    self.rows = rows
    self.cols = cols
    self.kind = kind
    self.https = https
    self.fingerprint = fingerprint
    self.wall = wall
    self.member = member
  }

  /// The API's TXT record.
  public var txt: [String: String] {
    var txt = [
      "v": Self.version, "board": board, "size": "\(rows)x\(cols)", "kind": kind,
      "path": "/api/v1", "tls": https ? "1" : "0",
    ]
    txt["fp"] = fingerprint
    txt["wall"] = wall
    txt["member"] = member
    return txt
  }

  /// The services to advertise: the API on `apiPort`, and the Local API on `localAPIPort`.
  public func services(apiPort: Int, localAPIPort: Int?) -> [DNSSDService] {
    var services = [DNSSDService(type: Self.apiType, port: apiPort, txt: txt)]
    if let localAPIPort {
      services.append(
        DNSSDService(
          type: Self.localAPIType, port: localAPIPort,
          txt: [
            "v": Self.version, "board": board, "size": "\(rows)x\(cols)",
            "path": "/local-api/message",
          ]))
    }
    return services
  }

  /// Read back from a TXT record; nil when it is not a Clack daemon's (no board or size).
  public init?(txt: [String: String]) {
    guard let board = txt["board"], let size = txt["size"] else { return nil }
    let parts = size.split(separator: "x")
    guard parts.count == 2, let rows = Int(parts[0]), let cols = Int(parts[1]) else {
      return nil
    }
    self.init(
      board: board, rows: rows, cols: cols, kind: txt["kind"] ?? "split-flap",
      https: txt["tls"] == "1", fingerprint: txt["fp"], wall: txt["wall"],
      member: txt["member"])
  }

  /// The instance name: the board's name and the host's as Avahi advertises it (`{host}`,
  /// filled in when it is known), which a person tells apart. The board's name is cut to 32
  /// bytes, leaving the host's room in DNS-SD's 63 (the rest of a long host name is cut).
  public static func instanceName(board: String) -> String {
    var name = board
    while name.utf8.count > 32 { name.removeLast() }
    return "\(name) on {host}"
  }
}
