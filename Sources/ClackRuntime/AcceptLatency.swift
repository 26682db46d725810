import ClackScheduler
import Synchronization

/// The time from a message's acknowledgement to the first bus write of its move: the accept
/// service notes the one, the display loop the other. The HTTP face's metrics page shows it.
public final class AcceptLatency: Sendable {
  /// When each recently accepted message was acknowledged (raw monotonic nanoseconds).
  private let acceptedAt = Mutex<[Int64: Int]>([:])
  private let latency = Mutex(LatencyHistogram.make())

  public init() {}

  /// Notes when message `id` was acknowledged.
  public func accepted(at nanoseconds: Int, id: Int64) {
    acceptedAt.withLock { table in
      if table.count > 10_000 { table.removeAll() }  // never grows without bound
      table[id] = nanoseconds
    }
  }

  /// Forgets messages that will never move (they expired unshown), so a burst of them is not
  /// kept until the table passes its bound.
  public func forget(_ ids: [Int64]) {
    acceptedAt.withLock { table in
      for id in ids { table.removeValue(forKey: id) }
      // An emptied table hands its storage back rather than keeping the burst's capacity.
      if table.isEmpty { table = [:] }
    }
  }

  /// Whether message `id`'s acknowledgement time is held, waiting for its move (tests).
  func isPending(_ id: Int64) -> Bool { acceptedAt.withLock { $0[id] != nil } }

  /// Records, for the messages a move started, the time from their acknowledgement to the
  /// tick that took the command (when the first bus write happens).
  public func moveStarted(for ids: [Int64], at nanoseconds: Int) {
    let starts = acceptedAt.withLock { table in ids.compactMap { table.removeValue(forKey: $0) } }
    guard !starts.isEmpty else { return }
    latency.withLock { histogram in
      for start in starts where nanoseconds >= start {
        _ = histogram.record(UInt64(nanoseconds - start))
      }
    }
  }

  /// A copy of the histogram (nanoseconds).
  public func snapshot() -> LatencyHistogram { latency.withLock { $0 } }

  /// The raw monotonic clock, as the executor's reports use it.
  public static func now() -> Int { MonotonicTickClock.raw() }
}
