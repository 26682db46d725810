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
    /// Vestaboard codes; empty when a cell shows a symbol with none (runes).
    public var codes: [[Int]]
    public var target: [[Int]]
    /// Every cell as its symbol's notation, as in `GET /api/v1/board`.
    public var cells: [[String]]
    public var targetCells: [[String]]
    /// Modules energised and turning now.
    public var moving: Int
    /// Modules with a move still to start.
    public var waiting: Int
    public var quiet: Bool
    /// A pixel board's LEDs, as in `GET /api/v1/board` (absent on a flap board).
    public var pixels: PixelsView?

    enum CodingKeys: String, CodingKey {
      case codes, target, cells, moving, waiting, quiet, pixels
      case targetCells = "target_cells"
    }

    public init(
      codes: [[Int]], target: [[Int]], cells: [[String]], targetCells: [[String]], moving: Int,
      waiting: Int, quiet: Bool, pixels: PixelsView? = nil
    ) {
      self.codes = codes
      self.target = target
      self.cells = cells
      self.targetCells = targetCells
      self.moving = moving
      self.waiting = waiting
      self.quiet = quiet
      self.pixels = pixels
    }
  }

  /// `run_of_show`: the run of show changed (set at run time, reset, or a config reloaded):
  /// the pages it shows now, in its order.
  public struct RunOfShowChanged: Codable, Sendable, Hashable {
    public var pages: [String]

    public init(pages: [String]) { self.pages = pages }
  }

  /// `source`: a live source's data changed, it went stale, or it recovered.
  public struct SourceChanged: Codable, Sendable, Hashable {
    public var name: String
    public var stale: Bool
    public var problem: String?

    public init(name: String, stale: Bool, problem: String?) {
      (self.name, self.stale, self.problem) = (name, stale, problem)
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
