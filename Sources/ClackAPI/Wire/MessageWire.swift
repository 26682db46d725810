import ClackContent
import ClackCore
import Foundation

/// The answer to `POST /api/v1/messages`: where the message stands once committed.
public struct MessageReceipt: Codable, Sendable, Hashable {
  public var id: Int64
  public var state: MessageState
  public var zone: String
  /// 1 for the next to show in its zone.
  public var position: Int
  public var displayAt: Date
  public var waitSeconds: Double
  public var transitionSeconds: Double
  public var expiresAt: Date
  /// Ids of the messages this one replaced (`replace: true`).
  public var replaced: [Int64]
  /// Why it waits, when something holds it back (quiet hours).
  public var note: String?

  public init(
    id: Int64, state: MessageState, zone: String, position: Int, displayAt: Date,
    waitSeconds: Double, transitionSeconds: Double, expiresAt: Date, replaced: [Int64],
    note: String? = nil
  ) {
    self.id = id
    self.state = state
    self.zone = zone
    self.position = position
    self.displayAt = displayAt
    self.waitSeconds = waitSeconds
    self.transitionSeconds = transitionSeconds
    self.expiresAt = expiresAt
    self.replaced = replaced
    self.note = note
  }

  enum CodingKeys: String, CodingKey {
    case id, state, zone, position, replaced, note
    case displayAt = "display_at"
    case waitSeconds = "wait_seconds"
    case transitionSeconds = "transition_seconds"
    case expiresAt = "expires_at"
  }
}

/// A message as the API shows it (`GET /api/v1/messages/{id}`, lists, status).
public struct MessageView: Codable, Sendable, Hashable {
  public var id: Int64
  public var sender: String
  public var priority: MessagePriority
  public var state: MessageState
  public var createdAt: Date
  public var notBefore: Date
  public var expiresAt: Date
  public var pinned: Bool
  public var tags: [String]
  public var zone: String
  public var bypassQuietHours: Bool
  public var transition: Transition.Kind?
  public var stepSize: Int?
  public var stepIntervalMilliseconds: Int?
  /// The text, for a text message; `characters` for one sent as codes.
  public var text: String?
  public var justify: Justify?
  public var align: Align?
  /// The script the text is shown in (absent for codes).
  public var script: RunicScript?
  public var characters: [[Int]]?
  /// Seconds it holds its zone once shown (an urgent one then ends); nil is the dwell.
  public var duration: Double?
  /// For a queued message (only for a single message): when it should show if nothing else
  /// arrives, and how long that is from now. Absent when a newer message for its zone would
  /// take its place first.
  public var displayAt: Date?
  public var waitSeconds: Double?
  /// Why it waits, when quiet hours hold it back.
  public var note: String?
  /// Every change of state, oldest first (only for a single message).
  public var history: [HistoryEntry]?

  public struct HistoryEntry: Codable, Sendable, Hashable {
    public var state: MessageState
    public var at: Date
    public var reason: String

    public init(state: MessageState, at: Date, reason: String) {
      self.state = state
      self.at = at
      self.reason = reason
    }
  }

  /// The message as stored, without its history.
  public init(_ message: Message) {
    id = message.id
    sender = message.sender
    priority = message.priority
    state = message.state
    createdAt = message.createdAt
    notBefore = message.notBefore
    expiresAt = message.expiresAt
    pinned = message.pinned
    tags = message.tags
    zone = message.zone
    bypassQuietHours = message.bypassQuietHours
    transition = message.transition?.kind
    duration = message.duration
    stepSize = message.transition?.stepSize
    stepIntervalMilliseconds = message.transition?.stepIntervalMilliseconds
    switch message.body {
    case .text(let text, let justify, let align, let script):
      (self.text, self.justify, self.align, self.script) = (text, justify, align, script)
    case .codes(let rows):
      characters = rows
    case .vbml:
      characters = message.frame.flatMap { try? $0.codes() }
    }
  }

  enum CodingKeys: String, CodingKey {
    case id, sender, priority, state, pinned, tags, zone, transition, text, justify, align, script
    case characters, history, duration, note
    case displayAt = "display_at"
    case waitSeconds = "wait_seconds"
    case createdAt = "created_at"
    case notBefore = "not_before"
    case expiresAt = "expires_at"
    case bypassQuietHours = "bypass_quiet_hours"
    case stepSize = "step_size"
    case stepIntervalMilliseconds = "step_interval_ms"
  }
}

/// `GET /api/v1/messages`.
public struct MessageList: Codable, Sendable, Hashable {
  public var messages: [MessageView]

  public init(messages: [MessageView]) {
    self.messages = messages
  }
}

/// The body of `POST /api/v1/messages` as a client writes it (the server reads it with
/// `MessageRequest`, whose errors name the field). Absent fields take the daemon's defaults.
public struct MessagePost: Codable, Sendable, Hashable {
  public var text: String?
  public var characters: [[Int]]?
  public var sender: String?
  public var justify: Justify?
  public var align: Align?
  public var priority: MessagePriority?
  /// A duration: "90s", "30m", "2h".
  public var expiresIn: String?
  public var notBefore: Date?
  public var transition: Transition.Kind?
  public var zone: String?
  public var pinned: Bool?
  public var bypassQuietHours: Bool?
  /// A duration: how long it holds its zone once shown.
  public var duration: String?
  /// The script the text is shown in; absent: the board's.
  public var script: RunicScript?
  /// A VBML document (docs/vbml.md), in place of text or characters.
  public var vbml: JSONValue?

  public init(text: String, sender: String? = nil) {
    self.text = text
    self.sender = sender
  }

  public init(vbml: JSONValue, sender: String? = nil) {
    self.vbml = vbml
    self.sender = sender
  }

  enum CodingKeys: String, CodingKey {
    case text, characters, sender, justify, align, priority, transition, zone, pinned, duration
    case script, vbml
    case expiresIn = "expires_in"
    case notBefore = "not_before"
    case bypassQuietHours = "bypass_quiet_hours"
  }
}
