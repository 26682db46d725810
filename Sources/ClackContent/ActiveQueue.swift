import Foundation

/// How much of a long queue the content engine decides on. Messages for a zone show newest
/// first, so of the queued ones only the newest matter until those have been shown; urgent
/// ones and ones that bypass quiet hours can go first whatever their age, and those showing
/// (or pinned and shown, which come round again) are on the board. The store reads the active
/// messages this way (`ClackStore.activeMessages`), and the display keeps its copy of them this
/// way as messages arrive, so neither a decision nor a forecast grows with the queue.
public enum ActiveQueue {
  /// How many of the newest queued messages are kept.
  public static let newestQueued = 500

  /// `messages` narrowed to what the engine needs: every one not queued, every urgent one and
  /// every one that bypasses quiet hours, and the newest `limit` queued ones (by when they
  /// were created). Keeps the order it was given.
  public static func narrow(_ messages: [Message], limit: Int = newestQueued) -> [Message] {
    let queued = messages.indices.filter { messages[$0].state == .queued }
    guard queued.count > limit else { return messages }
    let newest = queued.sorted { a, b in
      (messages[a].createdAt, messages[a].id) > (messages[b].createdAt, messages[b].id)
    }
    var dropped = Set(newest[limit...])
    dropped = dropped.filter { !alwaysKept(messages[$0]) }
    return messages.indices.filter { !dropped.contains($0) }.map { messages[$0] }
  }

  /// Whether a queued message is kept whatever its age.
  static func alwaysKept(_ message: Message) -> Bool {
    message.priority == .urgent || message.bypassQuietHours
  }
}
