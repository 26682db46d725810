import Synchronization

/// A token bucket per client address: `perMinute` requests a minute, in bursts of up to
/// `perMinute`. Time is passed in (seconds on a monotonic clock), so tests need no waiting.
/// Buckets that have refilled completely are dropped, so memory stays bounded by the number
/// of addresses active in the last minute.
public final class AddressRateLimiter: Sendable {
  public let perMinute: Int
  private let buckets = Mutex<[String: Bucket]>([:])

  private struct Bucket {
    var tokens: Double
    var at: Double
  }

  public init(perMinute: Int) {
    self.perMinute = perMinute
  }

  /// nil when the request may go ahead (and a token is taken); otherwise the whole seconds to
  /// wait for the next token.
  public func retryAfter(address: String, now: Double) -> Int? {
    let capacity = Double(perMinute)
    let rate = capacity / 60
    return buckets.withLock { buckets in
      if buckets.count > 10_000 { prune(&buckets, now: now, capacity: capacity, rate: rate) }
      var bucket = buckets[address] ?? Bucket(tokens: capacity, at: now)
      bucket.tokens = min(capacity, bucket.tokens + max(0, now - bucket.at) * rate)
      bucket.at = max(bucket.at, now)
      guard bucket.tokens >= 1 else {
        buckets[address] = bucket
        return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
      }
      bucket.tokens -= 1
      buckets[address] = bucket
      return nil
    }
  }

  /// How many addresses are remembered.
  public var addressCount: Int { buckets.withLock { $0.count } }

  private func prune(_ buckets: inout [String: Bucket], now: Double, capacity: Double, rate: Double)
  {
    buckets = buckets.filter { _, bucket in bucket.tokens + (now - bucket.at) * rate < capacity }
  }
}
