import Foundation

/// The HTTP server's limits (the config's `http:` section; docs/config.md). Bodies are capped
/// at `API.maxBodyBytes` regardless.
public struct HTTPLimits: Sendable, Hashable {
  /// Requests a minute from one client address; 0 turns the limit off.
  public var perAddressPerMinute = 600
  /// A connection with no request under way (including one still sending its headers) is
  /// closed after this long.
  public var idleTimeout: Duration = .seconds(60)
  /// A request body must arrive within this long, or the answer is 408.
  public var bodyTimeout: Duration = .seconds(10)
  /// The most bytes of one header line, and of all headers together; more is refused with 400
  /// before any route runs.
  public var maxHeaderBytes = 8 * 1024
  public var maxHeaderListBytes = 32 * 1024
  public var maxHeaderCount = 100

  public init() {}
}
