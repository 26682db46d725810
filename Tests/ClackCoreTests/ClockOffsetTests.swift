import Testing

@testable import ClackCore

/// A member measures its clock against its leader's with probes, as NTP does, and is judged
/// out of tolerance only when even the most favourable reading says so.
@Suite struct ClockOffsetTests {
  /// A probe over a network with `there` and `back` seconds of delay, to a leader whose
  /// clock reads `offset` seconds more than the member's.
  static func probe(at t: Double, offset: Double, there: Double, back: Double) -> ClockOffsetSample
  {
    let received = t + there + offset
    let answered = received + 0.0005
    return ClockOffsetSample(
      sent: t, received: received, answered: answered, returned: answered - offset + back)
  }

  @Test func aSymmetricProbeMeasuresTheOffsetExactly() {
    let sample = Self.probe(at: 100, offset: 0.250, there: 0.002, back: 0.002)
    #expect(abs(sample.offset - 0.250) < 1e-9)
    #expect(abs(sample.roundTrip - 0.004) < 1e-9)
  }

  @Test func theShortestRoundTripIsTrusted() throws {
    var estimate = ClockOffsetEstimate(keep: 4)
    // A probe queued 80 ms one way reads the offset 40 ms wrong; the quick one does not.
    estimate.add(Self.probe(at: 1, offset: 0.010, there: 0.080, back: 0.001))
    estimate.add(Self.probe(at: 2, offset: 0.010, there: 0.001, back: 0.001))
    let best = try #require(estimate.best)
    #expect(abs(best.offset - 0.010) < 1e-9)
    #expect(estimate.judge(tolerance: 0.005) == .outOfTolerance(best.offset))
    #expect(estimate.judge(tolerance: 0.020) == .inTolerance(best.offset))
  }

  @Test func anOffsetWithinTheRoundTripsDoubtIsNotCalledOut() throws {
    var estimate = ClockOffsetEstimate()
    // 8 ms off, but with 30 ms on the wire the reading could be 8 ± 15 ms.
    estimate.add(Self.probe(at: 1, offset: 0.008, there: 0.015, back: 0.015))
    let best = try #require(estimate.best)
    #expect(estimate.judge(tolerance: 0.005) == .inTolerance(best.offset))
    #expect(ClockOffsetEstimate().judge(tolerance: 0.005) == .unknown)
  }

  @Test func onlyTheLatestSamplesAreKeptAndSteppedClocksDropped() {
    var estimate = ClockOffsetEstimate(keep: 2)
    estimate.add(ClockOffsetSample(sent: 10, received: 5, answered: 5, returned: 9))  // went back
    #expect(estimate.samples.isEmpty)
    for t in 1...3 { estimate.add(Self.probe(at: Double(t), offset: 1, there: 0.001, back: 0.001)) }
    #expect(estimate.samples.map(\.sent) == [2, 3])
  }
}
