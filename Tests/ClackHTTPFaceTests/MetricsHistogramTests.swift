import ClackRuntime
import Histogram
import Testing

@testable import ClackHTTPFace

@Suite struct MetricsHistogramTests {
  /// The bucket lines of one rendered histogram, by their `le` label.
  static func buckets(_ text: String, _ name: String) -> [String: UInt64] {
    var found: [String: UInt64] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("\(name)_bucket{le=\"") {
      let label = line.split(separator: "\"")[1]
      found[String(label)] = UInt64(line.split(separator: " ").last ?? "")
    }
    return found
  }

  static func render(_ histogram: LatencyHistogram) -> String {
    MetricsPage.histogram(
      "lateness", "test", histogram, bounds: MetricsPage.latenessBounds, scale: 1e9)
  }

  @Test func bucketsCountEveryValueAtOrBelowTheirBound() {
    var histogram = LatencyHistogram.make()
    for nanoseconds: UInt64 in [3_000, 7_000, 7_000, 52_000, 100_000, 2_000_000, 5_000_000_000] {
      _ = histogram.record(nanoseconds)
    }
    let text = Self.render(histogram)
    let buckets = Self.buckets(text, "lateness")
    #expect(buckets["5e-06"] == 1)
    #expect(buckets["1e-05"] == 3)
    #expect(buckets["5e-05"] == 3)
    #expect(buckets["5.5e-05"] == 4)
    #expect(buckets["0.0001"] == 5, "a value at a bound counts in that bound's bucket")
    #expect(buckets["0.002"] == 6)
    #expect(buckets["1.0"] == 6, "five seconds is past the last bound")
    #expect(buckets["+Inf"] == 7)
    #expect(buckets.count == MetricsPage.latenessBounds.count + 1)
    #expect(text.contains("# TYPE lateness histogram\n"))
    #expect(text.contains("lateness_count 7\n"))
  }

  @Test func theBucketsAreCumulativeInTheOrderOfTheirBounds() {
    var histogram = LatencyHistogram.make()
    for step in 0..<2_000 { _ = histogram.record(UInt64(step) * 997) }
    let counts = Self.render(histogram).split(separator: "\n")
      .filter { $0.hasPrefix("lateness_bucket") }
      .compactMap { UInt64($0.split(separator: " ").last ?? "") }
    #expect(counts.count == MetricsPage.latenessBounds.count + 1)
    #expect(counts == counts.sorted(), "each bucket holds all the ones before it")
    #expect(counts.last == 2_000)
  }

  /// What the flood benchmark relies on: the difference of two scrapes of the cumulative
  /// histogram is the histogram of what was recorded between them.
  @Test func twoScrapesDifferenceIsTheWindowBetweenThem() {
    var total = LatencyHistogram.make()
    var window = LatencyHistogram.make()
    for step in 0..<5_000 { _ = total.record(UInt64(step % 90) * 1_000 + 500) }
    let before = Self.buckets(Self.render(total), "lateness")
    for step in 0..<3_000 {
      let nanoseconds = UInt64(step % 40) * 7_000 + 1_200
      _ = total.record(nanoseconds)
      _ = window.record(nanoseconds)
    }
    let after = Self.buckets(Self.render(total), "lateness")
    let alone = Self.buckets(Self.render(window), "lateness")
    for (label, count) in after {
      #expect(count - (before[label] ?? 0) == alone[label], "bucket le=\(label)")
    }
  }
}
