import Synchronization

/// Hands the newest value from one writer thread to one reader thread without locks: three
/// preallocated buffers, one the writer fills, one the reader holds, and one in the middle
/// that they swap with a single atomic exchange. The writer never waits and never sees the
/// reader's buffer, so a report is never torn. Callers serialise readers among themselves.
public final class TripleBuffer<Value: AnyObject>: @unchecked Sendable {
  private let buffers: [Value]
  /// Index of the middle buffer, plus `fresh` when the writer has put a newer one there.
  private let middle = Atomic<Int>(1)
  private var writing = 0
  private var reading = 2
  private static var fresh: Int { 4 }

  /// `make` is called three times, for the three buffers.
  public init(_ make: () -> Value) {
    buffers = [make(), make(), make()]
  }

  /// Writer: the buffer to fill. It stays the writer's until `publish()`.
  public var writeBuffer: Value { buffers[writing] }

  /// Writer: makes the filled buffer the newest.
  public func publish() {
    let previous = middle.exchange(writing | Self.fresh, ordering: .acquiringAndReleasing)
    writing = previous & 3
  }

  /// Reader: the newest published buffer (the same one again when nothing newer came). It
  /// stays valid until the next `read()`.
  public func read() -> Value {
    if middle.load(ordering: .relaxed) & Self.fresh != 0 {
      let previous = middle.exchange(reading, ordering: .acquiringAndReleasing)
      reading = previous & 3
    }
    return buffers[reading]
  }
}
