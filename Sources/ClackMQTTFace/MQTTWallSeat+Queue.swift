import ClackCore
import ClackRuntime
import ClackStore
import Foundation

/// The wall's queue on the broker (docs/walls.md): the leader keeps each live message's row
/// retained on `queue/<id>` (emptied once the message is done), and hands a message it accepts
/// to the broker before acknowledging it; the others keep the rows in their stores, so the
/// member that takes over has every acknowledged message.
extension MQTTWallSeat {
  public func replicate(accepted: Int64, replaced: [Int64]) async throws(ReplicationError) {
    let found: MessageReplica?
    do {
      found = try service.messageReplicas(ids: [accepted]).first
    } catch {
      throw ReplicationError("message \(accepted) cannot be read: \(error)")
    }
    guard let row = found else { throw ReplicationError("message \(accepted) is not in the store") }
    do {
      try await transport.publishConfirmed(
        topic: topics.queue(accepted), payload: Array(row.data), retain: true,
        timeout: replicationTimeout)
      state.withLock { $0.queue[accepted] = row.data }
      for id in replaced {
        try await transport.publishConfirmed(
          topic: topics.queue(id), payload: [], retain: true, timeout: replicationTimeout)
        state.withLock { $0.queue[id] = nil }
      }
    } catch {
      state.withLock { $0.queueChanged = true }
      throw ReplicationError("\(error)")
    }
  }

  /// While leading: the queue handed to the broker again after each change of a message
  /// (only what changed), and every few seconds (a pin or a removal says nothing).
  func keepReplicating() async {
    let events = Task {
      for await event in service.subscribe() {
        if case .message = event { state.withLock { $0.queueChanged = true } }
      }
    }
    defer { events.cancel() }
    var sinceSweep = Duration.zero
    while !Task.isCancelled {
      let changed = state.withLock { state in
        defer { state.queueChanged = false }
        return state.queueChanged
      }
      if isLeading, changed || sinceSweep >= .seconds(5) {
        sinceSweep = .zero
        reconcileQueue()
      }
      sinceSweep += Self.pace
      try? await Task.sleep(for: Self.pace)
    }
  }

  /// Publishes the rows that changed and empties the topics of messages no longer live.
  func reconcileQueue() {
    guard isLeading else { return }
    let live: [MessageReplica]
    do {
      live = try service.liveMessageReplicas()
    } catch {
      logger.error("wall: the queue cannot be read to hand to the broker: \(error)")
      return
    }
    let (changed, gone) = state.withLock { state in
      let changed = live.filter { state.queue[$0.id] != $0.data }
      let ids = Set(live.map(\.id))
      let gone = state.queue.keys.filter { !ids.contains($0) }
      return (changed, gone)
    }
    guard state.withLock({ $0.connectedAt != nil }) else {
      state.withLock { $0.queueChanged = true }
      return
    }
    do {
      for row in changed {
        try transport.publish(
          topic: topics.queue(row.id), payload: Array(row.data), qos: 1, retain: true)
        state.withLock { $0.queue[row.id] = row.data }
      }
      for id in gone {
        try transport.publish(topic: topics.queue(id), payload: [], qos: 1, retain: true)
        state.withLock { $0.queue[id] = nil }
      }
    } catch {
      logger.warning("wall: the queue was not handed to the broker: \(error)")
      state.withLock { $0.queueChanged = true }
    }
  }

  /// A row of the leader's queue: kept by a follower, in its store.
  func takeQueued(id: Int64, payload: Data) async {
    let leader: String? = state.withLock { state in
      if case .leading = state.role { return nil }
      state.queue[id] = payload.isEmpty ? nil : payload
      return state.claim?.member ?? succession.order.first ?? ""
    }
    guard let leader else { return }
    do {
      if payload.isEmpty {
        try await service.dropReplica(id: id)
      } else {
        try await service.keepReplica(MessageReplica(id: id, data: payload), from: leader)
      }
    } catch {
      logger.error("wall: message \(id) of the wall's queue was not kept: \(error)")
    }
  }
}
