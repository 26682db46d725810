import Synchronization

/// A lock-free single-producer, single-consumer ring of preallocated slots. The producer fills
/// the slot `reserve()` gives it and calls `publish()`; the consumer (the real-time thread)
/// reads `peek()` and calls `release()`. No locks and no allocation on either side; a slot is
/// never reused before the consumer releases it. One producer thread at a time: callers that
/// produce from several threads serialise themselves (ExecutorThread does, with a mutex).
public final class SPSCRing<Slot: AnyObject>: @unchecked Sendable {
  private let slots: [Slot]
  /// Count of slots published (producer-owned).
  private let head = Atomic<Int>(0)
  /// Count of slots released (consumer-owned).
  private let tail = Atomic<Int>(0)

  public init(slots: [Slot]) {
    precondition(!slots.isEmpty, "a ring needs at least one slot")
    self.slots = slots
  }

  public var capacity: Int { slots.count }

  /// Producer: the slot to fill next, or nil while the ring is full.
  public func reserve() -> Slot? {
    let published = head.load(ordering: .relaxed)
    let released = tail.load(ordering: .acquiring)
    guard published - released < slots.count else { return nil }
    return slots[published % slots.count]
  }

  /// Producer: hands the reserved slot to the consumer.
  public func publish() {
    head.wrappingAdd(1, ordering: .releasing)
  }

  /// Consumer: the oldest published slot, or nil when none waits.
  public func peek() -> Slot? {
    let released = tail.load(ordering: .relaxed)
    let published = head.load(ordering: .acquiring)
    guard released != published else { return nil }
    return slots[released % slots.count]
  }

  /// Consumer: gives the slot from `peek()` back to the producer.
  public func release() {
    tail.wrappingAdd(1, ordering: .releasing)
  }

  /// Slots published and not yet released.
  public var pending: Int {
    head.load(ordering: .acquiring) - tail.load(ordering: .acquiring)
  }
}
