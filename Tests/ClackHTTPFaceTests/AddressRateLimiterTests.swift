import ClackBoard
import ClackConfig
import ClackDaemon
import Foundation
import Testing

@testable import ClackHTTPFace

@Suite struct AddressRateLimiterTests {
  @Test func anAddressGetsItsShareAMinuteThenWaits() {
    let limiter = AddressRateLimiter(perMinute: 6)  // one token every 10 s
    for _ in 0..<6 { #expect(limiter.retryAfter(address: "10.0.0.2", now: 100) == nil) }
    #expect(limiter.retryAfter(address: "10.0.0.2", now: 100) == 10)
    #expect(limiter.retryAfter(address: "10.0.0.2", now: 104) == 6, "the wait counts down")
    #expect(limiter.retryAfter(address: "10.0.0.3", now: 104) == nil, "addresses are separate")
    #expect(limiter.retryAfter(address: "10.0.0.2", now: 110) == nil, "a token came back")
    #expect(limiter.retryAfter(address: "10.0.0.2", now: 110) != nil)
  }

  @Test func aQuietAddressRefillsOnlyToItsShare() {
    let limiter = AddressRateLimiter(perMinute: 3)
    #expect(limiter.retryAfter(address: "a", now: 0) == nil)
    // An hour of silence does not bank more than a minute's worth.
    let allowed = (0..<10).filter { _ in limiter.retryAfter(address: "a", now: 3600) == nil }
    #expect(allowed.count == 3)
  }

  @Test func memoryStaysBoundedUnderManyAddresses() {
    let limiter = AddressRateLimiter(perMinute: 60)
    for index in 0..<12_000 {
      _ = limiter.retryAfter(address: "10.\(index / 256).\(index % 256).1", now: Double(index))
    }
    #expect(limiter.addressCount < 10_100, "full buckets are dropped")
  }

  @Test func theHTTPSectionIsRead() throws {
    let config = try DaemonConfig.parse(
      yaml: "http: {per_address_per_minute: 0, idle_timeout: 2m, body_timeout: 5s}",
      file: "c.yaml")
    #expect(config.http.perAddressPerMinute == 0)
    #expect(config.http.idleTimeout == .seconds(120))
    #expect(config.http.bodyTimeout == .seconds(5))
    #expect(DaemonConfig().http.perAddressPerMinute == 600)
    #expect(throws: BoardFileError.self) {
      try DaemonConfig.parse(yaml: "http: {body_timeout: 2h}", file: "c.yaml")
    }
  }
}
