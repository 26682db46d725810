import ClackMQTT
import Foundation
import Synchronization

/// An MQTT broker in memory, for a wall's seats without Mosquitto: retained messages (an
/// empty one clears), `+` wildcards, last wills, QoS 1 acknowledgements (none while it is
/// `down`). Deliveries wait in one queue until the test hands them over, so every step runs
/// in an order the test sets; the real broker is the wall test's (scripts/wall-test.sh).
final class MemoryBroker: Sendable {
  struct Delivery: Sendable {
    var client: String
    var topic: String
    var payload: Data
  }

  private struct State {
    var retained: [String: [UInt8]] = [:]
    var subscriptions: [String: [String]] = [:]
    var connected: Set<String> = []
    var wills: [String: (topic: String, payload: [UInt8])] = [:]
    var pending: [Delivery] = []
    var down = false
  }

  private let state = Mutex(State())

  /// A client's connection: what its seat publishes and subscribes through.
  final class Client: MQTTTransport {
    let broker: MemoryBroker
    let name: String
    let events = AsyncStream<MQTTEvent> { $0.finish() }

    init(broker: MemoryBroker, name: String) {
      self.broker = broker
      self.name = name
    }

    func start() {}
    func publish(topic: String, payload: [UInt8], qos: Int, retain: Bool) {
      broker.route(from: name, topic: topic, payload: payload, retain: retain)
    }
    func publishConfirmed(topic: String, payload: [UInt8], retain: Bool, timeout: Duration)
      throws(MQTTTransportError)
    {
      guard broker.route(from: name, topic: topic, payload: payload, retain: retain) else {
        throw MQTTTransportError("MQTT: the broker did not acknowledge \(topic) within 2 s")
      }
    }
    func subscribe(_ topic: String, qos: Int) { broker.subscribe(name, to: topic) }
    func stop(finalPublish: (topic: String, payload: [UInt8])?) async {}
  }

  func client(_ name: String, will: (topic: String, payload: [UInt8])) -> Client {
    state.withLock { $0.wills[name] = will }
    return Client(broker: self, name: name)
  }

  /// The client connects: from now on it is sent what matches its subscriptions, the
  /// retained messages first.
  func connect(_ name: String) {
    state.withLock { state in
      state.connected.insert(name)
      for filter in state.subscriptions[name] ?? [] {
        for (topic, payload) in state.retained.sorted(by: { $0.key < $1.key })
        where Self.matches(filter, topic) {
          state.pending.append(Delivery(client: name, topic: topic, payload: Data(payload)))
        }
      }
    }
  }

  /// The client's connection drops without a goodbye: its last will goes out.
  func kill(_ name: String) {
    let will = state.withLock { state in
      state.connected.remove(name)
      state.pending.removeAll { $0.client == name }
      return state.wills[name]
    }
    if let will { route(from: name, topic: will.topic, payload: will.payload, retain: true) }
  }

  /// The broker restarts without persistence: its retained messages are gone, and every
  /// client connects again.
  func restart() {
    state.withLock { state in
      state.retained = [:]
      state.pending = []
    }
  }

  /// While down, nothing is acknowledged or passed on.
  func setDown(_ down: Bool) { state.withLock { $0.down = down } }

  var retained: [String: [UInt8]] { state.withLock(\.retained) }

  /// Takes the next delivery, if any.
  func next() -> Delivery? {
    state.withLock { state in state.pending.isEmpty ? nil : state.pending.removeFirst() }
  }

  private func subscribe(_ name: String, to filter: String) {
    state.withLock { $0.subscriptions[name, default: []].append(filter) }
  }

  /// False when the broker is down (nothing acknowledged).
  @discardableResult
  private func route(from name: String, topic: String, payload: [UInt8], retain: Bool) -> Bool {
    state.withLock { state in
      guard !state.down else { return false }
      if retain { state.retained[topic] = payload.isEmpty ? nil : payload }
      for client in state.connected.sorted()
      where (state.subscriptions[client] ?? []).contains(where: { Self.matches($0, topic) }) {
        state.pending.append(Delivery(client: client, topic: topic, payload: Data(payload)))
      }
      return true
    }
  }

  static func matches(_ filter: String, _ topic: String) -> Bool {
    let want = filter.split(separator: "/", omittingEmptySubsequences: false)
    let have = topic.split(separator: "/", omittingEmptySubsequences: false)
    guard want.count == have.count else { return false }
    return zip(want, have).allSatisfy { $0 == "+" || $0 == $1 }
  }
}
