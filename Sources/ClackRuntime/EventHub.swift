import Foundation
import Synchronization

/// One Server-Sent Event: a type (`board`, `message`, `status`) and a JSON payload.
public struct DaemonEvent: Sendable, Hashable {
  public let type: String
  public let json: String

  public init(type: String, json: String) {
    self.type = type
    self.json = json
  }

  /// The event as it goes on the wire.
  public var sse: String { "event: \(type)\ndata: \(json)\n\n" }
}

/// Hands every event to every subscriber. A subscriber that falls behind loses its oldest
/// events (the stream keeps the newest 256), never slowing the daemon down.
public final class EventHub: Sendable {
  private let subscribers = Mutex<[Int: AsyncStream<DaemonEvent>.Continuation]>([:])
  private let nextID = Atomic<Int>(0)

  public init() {}

  public func subscribe() -> AsyncStream<DaemonEvent> {
    let id = nextID.add(1, ordering: .relaxed).newValue
    let (stream, continuation) = AsyncStream.makeStream(
      of: DaemonEvent.self, bufferingPolicy: .bufferingNewest(256))
    continuation.onTermination = { [weak self] _ in
      _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
    }
    subscribers.withLock { $0[id] = continuation }
    return stream
  }

  public func publish(_ event: DaemonEvent) {
    let all = subscribers.withLock { Array($0.values) }
    for continuation in all { continuation.yield(event) }
  }

  /// Ends every stream (at shutdown, so open event connections close).
  public func finish() {
    let all = subscribers.withLock { table in
      defer { table.removeAll() }
      return Array(table.values)
    }
    for continuation in all { continuation.finish() }
  }

  public var subscriberCount: Int { subscribers.withLock { $0.count } }
}

/// JSON for events and API answers, with stable key order.
enum JSON {
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }()

  static func string<T: Encodable>(_ value: T) -> String {
    (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
