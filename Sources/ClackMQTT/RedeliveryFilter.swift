import Foundation

/// Spots QoS 1 redeliveries, so a message the broker (or a publisher) sends again is shown
/// once. MQTT 3.1.1 gives a subscriber no way to tell a redelivery from a new publish of the
/// same payload — libmosquitto does not pass on the DUP flag, and a broker forwards with
/// packet ids of its own — so the same payload on the same topic within `window` counts as a
/// redelivery. Showing one text twice within a minute changes nothing on a board anyway.
public struct RedeliveryFilter: Sendable {
  public let window: TimeInterval
  /// The most payloads remembered; the oldest go first.
  public let capacity: Int
  private var seen: [(key: Key, at: Date)] = []

  private struct Key: Hashable {
    let topic: String
    let digest: Int
    let count: Int
  }

  public init(window: TimeInterval, capacity: Int = 512) {
    self.window = window
    self.capacity = capacity
  }

  /// True when this payload was seen on this topic within the window; otherwise records it.
  public mutating func isRedelivery(topic: String, payload: [UInt8], at now: Date) -> Bool {
    seen.removeAll { now.timeIntervalSince($0.at) >= window || $0.at > now }
    var hasher = Hasher()
    hasher.combine(topic)
    hasher.combine(payload)
    let key = Key(topic: topic, digest: hasher.finalize(), count: payload.count)
    if seen.contains(where: { $0.key == key }) { return true }
    seen.append((key, now))
    if seen.count > capacity { seen.removeFirst(seen.count - capacity) }
    return false
  }
}
