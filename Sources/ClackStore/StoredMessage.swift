import Foundation
import GRDB

/// A message as the store keeps it (table `message`).
public struct StoredMessage: Codable, Sendable, Hashable, FetchableRecord, MutablePersistableRecord
{
  public static let databaseTableName = "message"

  enum CodingKeys: String, CodingKey {
    case id, sender, text, justify, align, priority, pinned, zone, transition, state
    case codesJSON = "codes_json"
    case createdAt = "created_at"
    case notBefore = "not_before"
    case expiresAt = "expires_at"
    case tagsJSON = "tags_json"
    case bypassQuietHours = "bypass_quiet_hours"
  }

  public internal(set) var id: Int64?
  public var sender: String
  /// The text, for text messages.
  public var text: String?
  /// The rows of codes (JSON), for frame messages.
  public var codesJSON: String?
  public var justify: String?
  public var align: String?
  public var priority: MessagePriority
  public var createdAt: Date
  public var notBefore: Date
  public var expiresAt: Date
  public var pinned: Bool
  /// Tags, as a JSON array.
  public var tagsJSON: String
  public var zone: String
  public var transition: String?
  public var bypassQuietHours: Bool
  public var state: MessageState

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }

  public var body: MessageBody {
    if let text { return .text(text, justify: justify, align: align) }
    let rows = codesJSON.flatMap { try? JSONDecoder().decode([[Int]].self, from: Data($0.utf8)) }
    return .codes(rows ?? [])
  }

  public var tags: [String] {
    (try? JSONDecoder().decode([String].self, from: Data(tagsJSON.utf8))) ?? []
  }
}

/// One change of a message's state (table `message_event`).
public struct MessageEvent: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "message_event"
  public static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy
    .convertFromSnakeCase
  public static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy
    .convertToSnakeCase

  public var messageId: Int64
  public var state: MessageState
  public var at: Date
  public var reason: String
}

extension MessagePriority: DatabaseValueConvertible {}
extension MessageState: DatabaseValueConvertible {}
