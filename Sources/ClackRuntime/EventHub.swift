import ClackAPI
import ClackContent
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

  public static func message(id: Int64, state: MessageState, reason: String) -> DaemonEvent {
    DaemonEvent(
      type: "message",
      json: WireJSON.text(EventWire.MessageChanged(id: id, state: state, reason: reason)))
  }

  public static func board(_ payload: EventWire.BoardChanged) -> DaemonEvent {
    DaemonEvent(type: "board", json: WireJSON.text(payload))
  }

  public static func status(homed: Bool) -> DaemonEvent {
    DaemonEvent(type: "status", json: WireJSON.text(EventWire.StatusChanged(homed: homed)))
  }
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
}
