import ClackContent
import ClackCore
import Foundation
import GRDB

/// A message as a row of table `message`. Only the store sees rows; everything above it gets
/// `Message` values, mapped here in both directions.
struct MessageRecord: Codable, Sendable, Hashable, FetchableRecord, MutablePersistableRecord,
  StoreTimeRecord
{
  static let databaseTableName = "message"

  enum CodingKeys: String, CodingKey {
    case id, sender, text, justify, align, priority, pinned, zone, transition, state, duration
    case script
    case codesJSON = "codes_json"
    case frameJSON = "frame_json"
    case createdAt = "created_at"
    case notBefore = "not_before"
    case expiresAt = "expires_at"
    case tagsJSON = "tags_json"
    case bypassQuietHours = "bypass_quiet_hours"
  }

  var id: Int64?
  var sender: String
  /// The text, for text messages.
  var text: String?
  /// The rows of codes (JSON), for frame messages.
  var codesJSON: String?
  /// The frame laid out at acceptance, as rows of codes (JSON).
  var frameJSON: String?
  var justify: String?
  var align: String?
  /// The script of a text message (`RunicScript`); null is Latin.
  var script: String?
  var priority: MessagePriority
  var createdAt: Date
  var notBefore: Date
  var expiresAt: Date
  var pinned: Bool
  /// Tags, as a JSON array.
  var tagsJSON: String
  var zone: String
  /// A `TransitionSpec`, encoded.
  var transition: String?
  var bypassQuietHours: Bool
  /// Seconds it holds its zone once shown; nil for the configured dwell.
  var duration: Double?
  var state: MessageState

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }

  /// The row for a message accepted at `now`.
  init(_ new: NewMessage, at now: Date) throws {
    switch new.body {
    case .text(let value, let justify, let align, let script):
      text = value
      self.justify = justify?.rawValue
      self.align = align?.rawValue
      self.script = script == .latin ? nil : script.rawValue
    case .codes(let rows):
      codesJSON = CodeRowsJSON.text(rows)
    case .vbml:
      // Kept as the codes it composed to (the accept service hands it over as those).
      codesJSON = new.frame.flatMap { try? $0.codes() }.map(CodeRowsJSON.text)
    }
    // A frame of symbols without Vestaboard codes (runes) is not kept: it is laid out
    // again when shown, from the text and its script.
    frameJSON = new.frame.flatMap { try? $0.codes() }.map(CodeRowsJSON.text)
    let start = max(now, new.notBefore ?? now)
    sender = new.sender
    priority = new.priority
    createdAt = now
    notBefore = start
    expiresAt = start.addingTimeInterval(new.expiresIn ?? NewMessage.defaultLifetime)
    pinned = new.pinned
    tagsJSON = new.tags.isEmpty ? "[]" : try Self.json(new.tags)
    zone = new.zone ?? "main"
    transition = new.transition?.encoded
    bypassQuietHours = new.bypassQuietHours
    duration = new.duration
    state = .queued
  }

  /// The domain value. Columns written by this code always decode; a hand-edited row that
  /// does not falls back to the defaults (centred text, the default transition) rather than
  /// stop the board.
  var message: Message {
    let body: MessageBody =
      if let text {
        .text(
          text, justify: justify.flatMap(Justify.init(rawValue:)),
          align: align.flatMap(Align.init(rawValue:)),
          script: script.flatMap(RunicScript.init(rawValue:)) ?? .latin)
      } else {
        .codes(codesJSON.flatMap(CodeRowsJSON.rows) ?? [])
      }
    return Message(
      id: id ?? 0, sender: sender, body: body,
      frame: frameJSON.flatMap(CodeRowsJSON.rows).flatMap { try? Frame(codes: $0) },
      priority: priority, createdAt: createdAt, notBefore: notBefore, expiresAt: expiresAt,
      pinned: pinned, tags: tagsJSON == "[]" ? [] : Self.decode([String].self, tagsJSON) ?? [],
      zone: zone,
      transition: transition.flatMap(TransitionSpec.init(encoded:)),
      bypassQuietHours: bypassQuietHours, duration: duration, state: state)
  }

  private static func json<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
  }

  private static func decode<T: Decodable>(_: T.Type, _ text: String?) -> T? {
    text.flatMap { try? JSONDecoder().decode(T.self, from: Data($0.utf8)) }
  }
}

/// One change of a message's state (table `message_event`).
public struct MessageEvent: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord,
  StoreTimeRecord
{
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
