import ClackContent
import ClackCore
import Foundation
import Synchronization

/// Something that happened in the runtime, for the faces to pass on (REST's event stream)
/// or to act on (MQTT's state, the terminal view).
public enum DaemonEvent: Sendable, Hashable {
  /// A message changed state.
  case message(id: Int64, state: MessageState, reason: String)
  /// What the board shows changed (mid-flip too), or quiet began or ended. Boxed: a board
  /// change (two frames and the LEDs) is several times the size of the other cases, and each
  /// subscriber's stream keeps up to 256 events at the size of the largest, in a buffer that
  /// keeps its grown capacity after a burst (43 KiB a subscriber unboxed, heaptrack found;
  /// at most 12 KiB boxed, `EventHubTests`).
  indirect case board(BoardChange)
  /// Homing began or ended.
  case status(homed: Bool)
  /// The run of show changed (set at run time, reset, or a config reloaded): the pages it
  /// shows now, each once, in its order.
  case runOfShow(pages: [String])
  /// A live source's data changed, or it went stale (`problem`), or it recovered.
  case source(name: String, stale: Bool, problem: String?)
}

/// What the board shows, as a `board` event carries it.
public struct BoardChange: Sendable, Hashable {
  public let shown: Frame
  public let target: Frame
  public let moving: Int
  public let waiting: Int
  public let quiet: Bool
  /// What a panel's LEDs show; nil on a flap board.
  public let leds: LitLEDs?
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
