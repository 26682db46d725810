import ClackAPI
import HTTPTypes
import Hummingbird
import NIOCore

/// Refuses a client address that sends more than its share of requests with `429` and
/// `Retry-After`. The health check, the web page's files and the OpenAPI document are not
/// counted, so a monitor or a browser never locks an address out.
struct RateLimitMiddleware: RouterMiddleware {
  typealias Context = ClackRequestContext
  let limiter: AddressRateLimiter
  /// Real seconds on a monotonic clock (the runtime's).
  let now: @Sendable () -> Double

  static let uncounted: Set<String> = [
    "/health", "/", "/ui/app.js", "/ui/calibration.js", "/ui/app.css", "/openapi.yaml",
  ]

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard !Self.uncounted.contains(request.uri.path) else {
      return try await next(request, context)
    }
    let address = context.remoteAddress?.ipAddress ?? "unknown"
    guard let wait = limiter.retryAfter(address: address, now: now()) else {
      return try await next(request, context)
    }
    throw APIError(
      .tooManyRequests, code: "rate_limited",
      message: "too many requests from \(address): at most \(limiter.perMinute) a minute; "
        + "retry in \(wait) s",
      details: [
        "address": .string(address), "limit_per_minute": .int(limiter.perMinute),
        "retry_after_seconds": .int(wait),
      ],
      headers: [.retryAfter: "\(wait)"])
  }
}
