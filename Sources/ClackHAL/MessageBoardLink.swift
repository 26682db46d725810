/// A display with a controller of its own on the network, driven whole: a Vestaboard through
/// its Local API. It takes every cell's character code at once, animates the change itself
/// and says what it shows; what a `DatagramSender` is to a pixel server, this is to a message
/// board. Calls block until the board answers (or a time limit passes), so they are made off
/// the real-time thread.
public protocol MessageBoardLink: AnyObject, Sendable {
  /// Where the board is, for messages: `http://vestaboard.local:7000`.
  var name: String { get }
  /// Shows `rows` of character codes; `animation` asks for the board's own transition (nil:
  /// the board's default).
  func show(_ rows: [[Int]], animation: BoardAnimation?) throws(MessageBoardError)
  /// The codes the board shows now; nil when it cannot say yet (a Clack board still homing
  /// answers `{"message": null}`).
  func shown() throws(MessageBoardError) -> [[Int]]?
}

/// A transition the board animates itself (the Local API's `strategy`, `step_interval_ms`,
/// `step_size`).
public struct BoardAnimation: Sendable, Hashable {
  /// `column`, `reverse-column`, `edges-to-center`, `row`, `diagonal` or `random`.
  public var strategy: String
  /// Milliseconds between steps; nil: the board's default.
  public var stepIntervalMilliseconds: Int?
  /// Columns, rows or cells per step; nil: the board's default.
  public var stepSize: Int?

  public init(strategy: String, stepIntervalMilliseconds: Int? = nil, stepSize: Int? = nil) {
    self.strategy = strategy
    self.stepIntervalMilliseconds = stepIntervalMilliseconds
    self.stepSize = stepSize
  }
}

/// Why a message board did not take a message or say what it shows, classified so the drive
/// can react (wait and send again, or report the board) without knowing the wire.
public struct MessageBoardError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Kind: String, Sendable, Hashable {
    /// The key was refused (HTTP 401 or 403): nothing is shown until it is put right.
    case unauthorized
    /// The board asked for time (HTTP 429 or 503), `retryAfterSeconds` when it said how long.
    case rateLimited
    /// No answer: the host is down, off the network, or too slow.
    case unreachable
    /// The board answered with another error: the message itself was refused.
    case refused
    /// The answer was not what the API promises (not JSON, not rows of codes).
    case malformed
  }

  public let kind: Kind
  /// The board it concerns, as `MessageBoardLink.name`.
  public let board: String
  /// The full message for a person.
  public let message: String
  /// How long the board asked to be left alone, when it said.
  public let retryAfterSeconds: Double?

  public init(kind: Kind, board: String, message: String, retryAfterSeconds: Double? = nil) {
    self.kind = kind
    self.board = board
    self.message = message
    self.retryAfterSeconds = retryAfterSeconds
  }

  public var description: String { message }
}
