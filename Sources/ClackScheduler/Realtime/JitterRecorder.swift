import Histogram
import Synchronization

/// The tick-jitter histogram, written by the real-time thread and read from anywhere without
/// a lock: the thread records into one of two preallocated HdrHistograms; a reader asks for a
/// swap, the thread switches to the other on its next tick, and the reader folds the retired
/// one into its running total and clears it. Recording never allocates (values beyond the
/// range are clamped to it).
public final class JitterRecorder: @unchecked Sendable {
  /// The largest lateness tracked, in nanoseconds (one second).
  public static let highestTrackable: UInt64 = 1_000_000_000
  private var halves: [Histogram<UInt64>]
  private var active = 0
  /// 0: recording; 1: a reader asked for a swap; 2: swapped, the retired half is the reader's.
  private let state = Atomic<Int>(0)
  private let totalLock = Mutex<Histogram<UInt64>>(JitterRecorder.makeHistogram())

  public init() {
    halves = [Self.makeHistogram(), Self.makeHistogram()]
  }

  static func makeHistogram() -> Histogram<UInt64> {
    Histogram(
      lowestDiscernibleValue: 1, highestTrackableValue: highestTrackable,
      numberOfSignificantValueDigits: .three)
  }

  /// Real-time thread: records one wake-up's lateness (or one tick's work).
  public func record(nanoseconds: Int) {
    if state.load(ordering: .acquiring) == 1 {
      active ^= 1
      state.store(2, ordering: .releasing)
    }
    let value = UInt64(clamping: nanoseconds)
    _ = halves[active].record(min(value, Self.highestTrackable))
  }

  /// Real-time thread, when it stops: hands everything over (the thread records no more).
  public func retire() {
    state.store(3, ordering: .releasing)
  }

  /// Any thread: the lateness of every tick recorded so far (up to one tick behind while the
  /// thread runs: a swap completes on its next tick).
  public func snapshot() -> Histogram<UInt64> {
    totalLock.withLock { total in
      switch state.load(ordering: .acquiring) {
      case 0:
        state.store(1, ordering: .releasing)
      case 2:
        let retired = active ^ 1
        total.add(halves[retired])
        halves[retired].reset()
        state.store(0, ordering: .releasing)
      case 3:
        // Stopped: both halves are the reader's now.
        for index in halves.indices {
          total.add(halves[index])
          halves[index].reset()
        }
      default:
        break  // a swap is still pending
      }
      return total
    }
  }
}
