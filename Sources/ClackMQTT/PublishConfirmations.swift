import Synchronization

/// QoS 1 publishes waiting for the broker's PUBACK, by message id. The acknowledgement comes
/// on the network thread and may come before the publisher has started waiting (the broker
/// on loopback answers within microseconds), so an acknowledgement nobody waits for yet is
/// kept until its publisher asks.
public final class PublishConfirmations: Sendable {
  private let state = Mutex(State())

  private struct State {
    var waiting: [Int32: CheckedContinuation<Bool, Never>] = [:]
    var early: Set<Int32> = []
  }

  /// Acknowledgements kept for publishers that gave up waiting: ids are reused after 65,535.
  private static let earlyLimit = 4096

  public init() {}

  /// The broker acknowledged message `id`.
  public func confirmed(_ id: Int32) {
    let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      if let waiter = state.waiting.removeValue(forKey: id) { return waiter }
      if state.early.count >= Self.earlyLimit { state.early.removeAll() }
      state.early.insert(id)
      return nil
    }
    waiter?.resume(returning: true)
  }

  /// True once message `id` is acknowledged; false when `timeout` passes first.
  public func wait(for id: Int32, timeout: Duration) async -> Bool {
    await withCheckedContinuation { continuation in
      let already = state.withLock { state in
        if state.early.remove(id) != nil { return true }
        state.waiting[id] = continuation
        return false
      }
      if already {
        continuation.resume(returning: true)
        return
      }
      Task {
        try? await Task.sleep(for: timeout)
        self.expire(id)
      }
    }
  }

  private func expire(_ id: Int32) {
    state.withLock { $0.waiting.removeValue(forKey: id) }?.resume(returning: false)
  }
}
