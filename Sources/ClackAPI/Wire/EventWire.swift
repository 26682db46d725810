import ClackContent

/// The payloads of the Server-Sent Events on `GET /api/v1/events` (the web page reads them).
public enum EventWire {
  /// `message`: a message changed state.
  public struct MessageChanged: Codable, Sendable, Hashable {
    public var id: Int64
    public var state: MessageState
    public var reason: String

    public init(id: Int64, state: MessageState, reason: String) {
      self.id = id
      self.state = state
      self.reason = reason
    }
  }

  /// `board`: what the modules show changed (mid-flip too), or quiet hours began or ended.
  public struct BoardChanged: Codable, Sendable, Hashable {
    public var codes: [[Int]]
    public var target: [[Int]]
    /// Modules energised and turning now.
    public var moving: Int
    /// Modules with a move still to start.
    public var waiting: Int
    public var quiet: Bool
    /// A pixel board's LEDs, as in `GET /api/v1/board` (absent on a flap board).
    public var pixels: PixelsView?

    public init(
      codes: [[Int]], target: [[Int]], moving: Int, waiting: Int, quiet: Bool,
      pixels: PixelsView? = nil
    ) {
      self.codes = codes
      self.target = target
      self.moving = moving
      self.waiting = waiting
      self.quiet = quiet
      self.pixels = pixels
    }
  }

  /// `status`: the board has homed.
  public struct StatusChanged: Codable, Sendable, Hashable {
    public var homed: Bool

    public init(homed: Bool) {
      self.homed = homed
    }
  }
}
