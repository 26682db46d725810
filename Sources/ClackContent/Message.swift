import ClackCore
import Foundation

public enum MessagePriority: String, Codable, Sendable, CaseIterable {
  case normal
  case urgent
}

/// Where a message is in its life. Each change is kept in its history.
public enum MessageState: String, Codable, Sendable, CaseIterable {
  /// Waiting to be shown (maybe for its `not_before`, or for quiet hours to end).
  case queued
  /// On the board now.
  case showing
  /// Was shown, and has been replaced by something else.
  case shown
  /// Its time ran out, or a newer message from the same sender took its place.
  case expired
  /// It can never be shown (it does not fit its zone, say).
  case rejected
}

/// What a message shows: text laid out by Clack (nil justify or align means centred) in a
/// script (Latin as written, or runes: docs/runes.md), or a frame of Vestaboard character
/// codes.
public enum MessageBody: Sendable, Hashable {
  case text(String, justify: Justify? = nil, align: Align? = nil, script: RunicScript = .latin)
  case codes([[Int]])
  /// A VBML document, composed for its zone when accepted (and kept as the codes it gave).
  case vbml(VBMLDocument)
}

/// A message as a sender hands it in, already parsed from its wire format into types.
public struct NewMessage: Sendable, Hashable {
  public var sender: String
  public var body: MessageBody
  public var priority = MessagePriority.normal
  public var notBefore: Date?
  /// Seconds until it expires; the store's default (48 h) when nil.
  public var expiresIn: TimeInterval?
  public var pinned = false
  public var tags: [String] = []
  /// The zone of the board it is for; nil lets the accept service choose (the sender's zone,
  /// else the first).
  public var zone: String?
  /// How the board changes to it; nil is the configured default.
  public var transition: TransitionSpec?
  /// False keeps the sender's older queued messages instead of replacing them.
  public var replacesPrevious = true
  /// Shown even during quiet hours.
  public var bypassQuietHours = false
  /// How long it holds its zone once shown; nil is the configured dwell.
  public var duration: TimeInterval?
  /// The script its text is shown in; nil is the board's script when it is accepted.
  public var script: RunicScript?
  /// The frame the body was laid out into when it was accepted, kept so it is laid out once.
  public var frame: Frame?

  public init(sender: String, body: MessageBody) {
    self.sender = sender
    self.body = body
  }

  public static let defaultLifetime: TimeInterval = 48 * 3600
  public static let maxSenderLength = 64
  public static let maxTags = 16
}

/// A message in the queue: what the content engine decides on. The store maps its rows to and
/// from this type.
public struct Message: Sendable, Hashable, Identifiable {
  public var id: Int64
  public var sender: String
  public var body: MessageBody
  /// The frame laid out when it was accepted (nil for messages stored before frames were
  /// kept: those are laid out when shown).
  public var frame: Frame?
  public var priority: MessagePriority
  public var createdAt: Date
  public var notBefore: Date
  public var expiresAt: Date
  public var pinned: Bool
  public var tags: [String]
  public var zone: String
  public var transition: TransitionSpec?
  public var bypassQuietHours: Bool
  /// How long it holds its zone once shown (an urgent one then ends); nil is the dwell.
  public var duration: TimeInterval?
  public var state: MessageState

  public init(
    id: Int64, sender: String, body: MessageBody, frame: Frame? = nil,
    priority: MessagePriority = .normal, createdAt: Date, notBefore: Date, expiresAt: Date,
    pinned: Bool = false, tags: [String] = [], zone: String = "main",
    transition: TransitionSpec? = nil, bypassQuietHours: Bool = false,
    duration: TimeInterval? = nil, state: MessageState = .queued
  ) {
    self.id = id
    self.sender = sender
    self.body = body
    self.frame = frame
    self.priority = priority
    self.createdAt = createdAt
    self.notBefore = notBefore
    self.expiresAt = expiresAt
    self.pinned = pinned
    self.tags = tags
    self.zone = zone
    self.transition = transition
    self.bypassQuietHours = bypassQuietHours
    self.duration = duration
    self.state = state
  }

  /// The one rule for which messages may be on a board at `now`: queued or showing ones
  /// (and pinned ones that have been shown, which come round again), once their `not_before`
  /// has come and until they expire (pinned ones never do). The store only narrows the
  /// candidates with an index; this decides.
  public func isActive(at now: Date) -> Bool {
    (state == .queued || state == .showing || (pinned && state == .shown))
      && notBefore <= now && (pinned || expiresAt > now)
  }
}

/// How the store treats one sender.
public struct SenderPolicy: Sendable, Hashable {
  /// Messages per hour (a token bucket that refills smoothly); 0 means no limit.
  public var perHour: Int
  /// A newer message replaces the sender's older queued ones (unless it says otherwise).
  public var latestSlot: Bool

  public init(perHour: Int = 50, latestSlot: Bool = true) {
    self.perHour = perHour
    self.latestSlot = latestSlot
  }
}
