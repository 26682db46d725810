import Histogram

/// An HdrHistogram of nanoseconds (kept apart from Prometheus, which has a `Histogram` too).
public typealias LatencyHistogram = Histogram<UInt64>

extension Histogram where Count == UInt64 {
  /// Up to ten minutes, three significant digits.
  public static func make() -> Histogram<UInt64> {
    Histogram<UInt64>(
      highestTrackableValue: 600_000_000_000, numberOfSignificantValueDigits: .three)
  }
}
