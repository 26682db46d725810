import ClackCore
import ClackRuntime
import Foundation
import Synchronization

/// Home Assistant over MQTT (`home_assistant: {mqtt: BASE_TOPIC, entities}`) on the bridge's
/// connection: its Statestream's messages gathered into sources' data.
extension MQTTBridge {
  /// Takes a message if it is on a watched Statestream topic (true), and has the sources
  /// it changed delivered once the burst it came in is over.
  func takeStatestream(topic: String, payload: [UInt8]) -> Bool {
    guard let statestream else { return false }
    switch statestream.record(topic: topic, payload: payload) {
    case .notOurs: return false
    case .unchanged: return true
    case .changed:
      statestream.signal.yield()
      return true
    }
  }

  /// Hands the sources that changed to the service: pages that read them are drawn again.
  func deliverStatestream() async {
    guard let statestream else { return }
    for (name, data) in statestream.takePending() {
      do {
        try await service.receive(source: name, data: data)
      } catch {
        logger.warning("MQTT: Home Assistant source '\(name)': \(error)")
      }
    }
  }

  /// Delivers a moment after each burst of Statestream messages, so that an entity's state
  /// and its attributes, which Home Assistant sends one after the other, reach the board
  /// together (one redraw, not one a message). Ends when the connection's events do.
  func deliverStatestreamBursts() async {
    guard let statestream else { return }
    for await _ in statestream.signals {
      if statestream.settle > .zero { try? await Task.sleep(for: statestream.settle) }
      await deliverStatestream()
    }
  }

  /// The connection went or came back: the Statestream sources are stale meanwhile (their
  /// last states stay on the board, with their age), and fresh again once it is back (the
  /// broker kept the session, and what Home Assistant sent meanwhile comes now).
  func statestreamConnection(lost reason: String?) async {
    guard let statestream else { return }
    for name in statestream.names {
      if let reason {
        await service.sourceFailed(name, problem: "MQTT: \(reason)")
      } else {
        await service.sourceConfirmed(name)
      }
    }
  }
}

/// The Statestream's gathered states and the sources waiting to be delivered.
final class StatestreamMemo: Sendable {
  enum Recorded { case notOurs, unchanged, changed }

  private let state: Mutex<(stream: HomeAssistantStatestream, pending: [String])>
  let subscriptions: [String]
  let names: [String]
  /// How long after a message the sources it changed are delivered (more may follow).
  let settle: Duration
  let signals: AsyncStream<Void>
  let signal: AsyncStream<Void>.Continuation

  /// Nil when no source reads Home Assistant over MQTT.
  init?(sources: [SourceSpec], settle: Duration) {
    let stream = HomeAssistantStatestream(sources: sources)
    guard !stream.watched.isEmpty else { return nil }
    subscriptions = stream.subscriptions
    names = stream.watched.map(\.name)
    self.settle = settle
    state = Mutex((stream, []))
    (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  func record(topic: String, payload: [UInt8]) -> Recorded {
    state.withLock { state in
      guard let changed = state.stream.record(topic: topic, payload: payload) else {
        return .notOurs
      }
      for name in changed where !state.pending.contains(name) { state.pending.append(name) }
      return changed.isEmpty ? .unchanged : .changed
    }
  }

  /// The sources that changed since the last call, with their data.
  func takePending() -> [(String, JSONValue)] {
    state.withLock { state in
      defer { state.pending = [] }
      return state.pending.map { ($0, state.stream.data(of: $0)) }
    }
  }

}
