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

/// What a message shows: text laid out by Clack, or a frame of character codes.
public enum MessageBody: Sendable, Hashable {
  case text(String, justify: String? = nil, align: String? = nil)
  case codes([[Int]])
}

/// A message as a sender hands it in.
public struct NewMessage: Sendable, Hashable {
  public var sender: String
  public var body: MessageBody
  public var priority = MessagePriority.normal
  public var notBefore: Date?
  /// Seconds until it expires; the store's default (48 h) when nil.
  public var expiresIn: TimeInterval?
  public var pinned = false
  public var tags: [String] = []
  /// The zone of the board it is for; nil is the whole board (zone "main").
  public var zone: String?
  /// A transition spec (a name such as "fastest", "reveal", "column").
  public var transition: String?
  /// False keeps the sender's older queued messages instead of replacing them.
  public var replacesPrevious = true
  /// Shown even during quiet hours.
  public var bypassQuietHours = false

  public init(sender: String, body: MessageBody) {
    self.sender = sender
    self.body = body
  }

  public static let defaultLifetime: TimeInterval = 48 * 3600
  public static let maxSenderLength = 64
  public static let maxTags = 16
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
