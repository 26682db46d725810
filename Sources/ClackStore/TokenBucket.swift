import Foundation

/// A sender's allowance: `capacity` tokens, refilled smoothly at `capacity` per hour. A
/// message takes one token; with none left, the time until the next one is the wait.
struct TokenBucket: Sendable, Hashable {
  let capacity: Double
  var tokens: Double
  var updatedAt: Date

  init(perHour: Int, tokens: Double? = nil, updatedAt: Date) {
    capacity = Double(perHour)
    self.tokens = tokens ?? Double(perHour)
    self.updatedAt = updatedAt
  }

  var perSecond: Double { capacity / 3600 }

  mutating func refill(at now: Date) {
    let elapsed = max(0, now.timeIntervalSince(updatedAt))
    tokens = min(capacity, tokens + elapsed * perSecond)
    updatedAt = max(updatedAt, now)
  }

  /// Takes a token, or says how many seconds until one is there.
  mutating func take(at now: Date) -> Int? {
    refill(at: now)
    if tokens >= 1 {
      tokens -= 1
      return nil
    }
    return max(1, Int(((1 - tokens) / perSecond).rounded(.up)))
  }
}
