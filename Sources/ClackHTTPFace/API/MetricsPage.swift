import ClackAPI
import ClackRuntime
import Foundation
import HTTPTypes
import Hummingbird
import Prometheus
import Synchronization

/// The Prometheus metrics page: HTTP requests, queue depth, module faults, executor jitter
/// and deadline misses, the time from a message's `201` to the first bus write of its move
/// (recorded by the runtime's `AcceptLatency`), and the heap's holdings.
public final class MetricsPage: Sendable {
  let registry = PrometheusCollectorRegistry()

  public init() {}

  func middleware<Context: RequestContext>() -> HTTPMetricsMiddleware<Context> {
    HTTPMetricsMiddleware(registry: registry)
  }

  /// The metrics page, in the Prometheus text format.
  func render(_ metrics: RuntimeMetrics, limiter: AddressRateLimiter?) -> Response {
    for state in MessageState.allCases {
      gauge("messages", "", "Messages in the store, by state", [("state", state.rawValue)])
        .set(Double(metrics.messages?[state] ?? 0))
    }
    gauge("modules_faulted", "", "Modules that report a fault")
      .set(Double(metrics.modulesFaulted))
    gauge("modules_moving", "", "Modules energised and turning now")
      .set(Double(metrics.modulesMoving))
    gauge("modules_waiting", "", "Modules with a move still to start")
      .set(Double(metrics.modulesWaiting))
    gauge("executor_deadline_misses", "total", "Executor ticks that missed their deadline")
      .set(Double(metrics.deadlineMisses))
    gauge("executor_ticks", "total", "Executor ticks run").set(Double(metrics.ticks))
    gauge("message_commits", "total", "Transactions that stored accepted messages (group commit)")
      .set(Double(metrics.commits))
    gauge("messages_committed", "total", "Messages stored by those transactions")
      .set(Double(metrics.committed))
    if let heap = metrics.heap {
      gauge("heap_in_use", "bytes", "Bytes the C allocator holds in live blocks")
        .set(Double(heap.inUse))
      gauge("heap_free_held", "bytes", "Bytes the C allocator holds free, not handed back")
        .set(Double(heap.freeHeld))
    }
    gauge("memory_reliefs", "total", "Times a burst's memory was handed back once it was over")
      .set(Double(metrics.memoryReliefs))
    if let limiter {
      gauge("http_rate_limited_addresses", "", "Client addresses the rate limiter tracks now")
        .set(Double(limiter.addressCount))
    }
    var text = registry.emitToString()
    text += Self.summary(
      "clack_executor_tick_lateness_seconds", "Lateness of executor ticks", metrics.tickLateness,
      scale: 1e9)
    text += Self.histogram(
      "clack_executor_tick_lateness_histogram_seconds",
      "Lateness of executor ticks, in cumulative buckets (the summary's ticks)",
      metrics.tickLateness, bounds: Self.latenessBounds, scale: 1e9)
    text += Self.summary(
      "clack_executor_tick_work_seconds",
      "Time each executor tick works, from its wake-up to its report",
      metrics.tickWork, scale: 1e9)
    text += Self.summary(
      "clack_accept_to_motion_seconds",
      "Time from a message's 201 to the first bus write of its transition",
      metrics.acceptToMotion, scale: 1e9)
    var headers = HTTPFields()
    headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: .init(string: text)))
  }

  private func gauge(
    _ name: String, _ unit: String, _ help: String, _ labels: [(String, String)] = []
  ) -> Gauge {
    registry.makeGauge(
      descriptor: MetricNameDescriptor(
        namespace: "clack", metricName: name, unitName: unit, helpText: help), labels: labels)
  }

  /// The lateness buckets' upper bounds in nanoseconds: 5 µs apart up to 100 µs and 10 µs
  /// apart up to 200 µs, where the executor's p99 lay in every run at real-time priority
  /// (docs/performance.md), so that a p99 read from two scrapes' difference lands within a few
  /// per cent; then coarser up to a second.
  static let latenessBounds: [UInt64] =
    (1...20).map { $0 * 5_000 } + (11...20).map { $0 * 10_000 }
    + [
      250_000, 300_000, 400_000, 500_000, 750_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000,
      20_000_000, 50_000_000, 100_000_000, 250_000_000, 1_000_000_000,
    ]

  /// A Prometheus histogram of an HdrHistogram: cumulative counts at `bounds` (ascending), to
  /// the HdrHistogram's resolution (a value within 0.1 % above a bound counts at it). Unlike the
  /// summary, which covers every tick since the start, two scrapes' difference gives any
  /// window's distribution.
  static func histogram(
    _ name: String, _ help: String, _ histogram: LatencyHistogram, bounds: [UInt64],
    scale: Double
  ) -> String {
    var lines = "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
    var cumulative: UInt64 = 0
    var from: UInt64 = 0
    for bound in bounds {
      // Each stretch starts past the last one's equivalent range, so no count is taken twice.
      if from <= bound {
        cumulative += histogram.count(within: from...bound)
        from = histogram.nextNonEquivalentForValue(bound)
      }
      lines += "\(name)_bucket{le=\"\(Double(bound) / scale)\"} \(cumulative)\n"
    }
    lines += "\(name)_bucket{le=\"+Inf\"} \(histogram.totalCount)\n"
    lines += "\(name)_sum \(histogram.mean * Double(histogram.totalCount) / scale)\n"
    lines += "\(name)_count \(histogram.totalCount)\n"
    return lines
  }

  static func summary(_ name: String, _ help: String, _ histogram: LatencyHistogram, scale: Double)
    -> String
  {
    var lines = "# HELP \(name) \(help)\n# TYPE \(name) summary\n"
    for quantile in [0.5, 0.9, 0.99, 1.0] {
      let value = Double(histogram.valueAtPercentile(quantile * 100)) / scale
      lines += "\(name){quantile=\"\(quantile)\"} \(value)\n"
    }
    lines += "\(name)_count \(histogram.totalCount)\n"
    return lines
  }
}

/// Counts requests by method and status.
struct HTTPMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
  let registry: PrometheusCollectorRegistry

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      let response = try await next(request, context)
      count(request, status: response.status.code)
      return response
    } catch let error as HTTPResponseError {
      count(request, status: error.status.code)
      throw error
    }
  }

  private func count(_ request: Request, status: Int) {
    registry.makeCounter(
      descriptor: MetricNameDescriptor(
        namespace: "clack", metricName: "http_requests", unitName: "total",
        helpText: "HTTP requests answered, by method and status"),
      labels: [("method", request.method.rawValue), ("status", String(status))]
    ).increment()
  }
}
