/// How far a member's clock is from its leader's, measured as NTP does: the member sends its
/// time `t1`, the leader notes when the probe arrived (`t2`) and when it answered (`t3`),
/// and the member notes when the answer came back (`t4`). With the network's delay the same
/// both ways, the member's clock is `offset` behind the leader's, and `roundTrip` is the
/// time on the wire. Times are seconds on each side's own wall clock.
public struct ClockOffsetSample: Hashable, Sendable {
  public var sent: Double
  public var received: Double
  public var answered: Double
  public var returned: Double

  public init(sent: Double, received: Double, answered: Double, returned: Double) {
    self.sent = sent
    self.received = received
    self.answered = answered
    self.returned = returned
  }

  /// Seconds to add to the member's clock to read the leader's.
  public var offset: Double { ((received - sent) + (answered - returned)) / 2 }
  /// Seconds on the wire, there and back (the leader's time answering left out).
  public var roundTrip: Double { (returned - sent) - (answered - received) }
  /// The most the offset can be wrong by, if the delays either way differ: half the round
  /// trip.
  public var uncertainty: Double { roundTrip / 2 }
}

/// A member's view of its clock's offset from a handful of recent samples: the one with the
/// shortest round trip is trusted (the least queueing on the way, so the tightest bound),
/// as NTP's clock filter does.
public struct ClockOffsetEstimate: Hashable, Sendable {
  public private(set) var samples: [ClockOffsetSample] = []
  public let keep: Int

  public init(keep: Int = 8) { self.keep = max(1, keep) }

  /// Adds a sample; one with a negative round trip (a clock stepped during the probe) is
  /// dropped.
  public mutating func add(_ sample: ClockOffsetSample) {
    guard sample.roundTrip >= 0 else { return }
    samples.append(sample)
    if samples.count > keep { samples.removeFirst(samples.count - keep) }
  }

  /// The trusted sample: the shortest round trip kept; nil before the first.
  public var best: ClockOffsetSample? { samples.min { $0.roundTrip < $1.roundTrip } }

  /// Whether the offset is known to be within `tolerance` seconds either way, out of it, or
  /// not known yet.
  public func judge(tolerance: Double) -> ClockJudgement {
    guard let best else { return .unknown }
    // Out of tolerance only when even the most favourable reading of the sample is.
    if abs(best.offset) - best.uncertainty > tolerance { return .outOfTolerance(best.offset) }
    return .inTolerance(best.offset)
  }
}

public enum ClockJudgement: Hashable, Sendable {
  case unknown
  case inTolerance(Double)
  case outOfTolerance(Double)
}
