import ClackCore

/// A 28BYJ-48-like geared stepper behind a ULN2003 driver, modelled from its coils.
///
/// Coil bits: bit 0 = IN1 (coil A) … bit 3 = IN4 (coil D). The rotor moves only when the
/// energised coils step through the half-step sequence A, AB, B, BC, C, CD, D, DA (full-step
/// and wave drive use every other entry). Position counts half-steps; forward is the order of
/// that sequence. A change that asks the rotor to jump more than a full step, arrives sooner
/// than the motor can follow, or slips (seeded), is lost: the rotor stays and falls out of step,
/// as a real motor does. Coils switched off before the rotor has had a step's time to reach
/// the detent it was pulled towards let it fall back to the one it left (a step lost). With
/// all coils off the rotor holds its detent position.
public final class StepperMotorModel {
  public struct Parameters: Sendable, Hashable {
    /// Half-steps per output-shaft (spool) revolution.
    public var stepsPerRevolution: Int
    /// The fastest the rotor follows, in half-steps per second. A full step counts as two.
    public var maxStepRate: Double
    /// Chance that a well-timed step is missed anyway (a weak motor, a sticky flap).
    public var slipProbability: Double
    /// A jammed rotor never moves.
    public var stuck: Bool
    /// Coils wired in reverse order (IN1 to coil D … IN4 to coil A): the sequence that turns
    /// it forward turns it backward.
    public var wiredBackwards = false

    public init(
      stepsPerRevolution: Int = 4096, maxStepRate: Double = 1400, slipProbability: Double = 0,
      stuck: Bool = false
    ) {
      self.stepsPerRevolution = stepsPerRevolution
      self.maxStepRate = maxStepRate
      self.slipProbability = slipProbability
      self.stuck = stuck
    }
  }

  /// The half-step sequence, as coil patterns.
  public static let halfStepSequence: [UInt8] = [
    0b0001, 0b0011, 0b0010, 0b0110, 0b0100, 0b1100, 0b1000, 0b1001,
  ]

  public var parameters: Parameters
  /// Rotor position in half-steps (not reduced modulo a revolution).
  public private(set) var position: Int
  public private(set) var coils: UInt8 = 0
  public private(set) var stepsTaken = 0
  public private(set) var stepsLost = 0
  public private(set) var backwardSteps = 0
  /// Coil patterns that energise opposing coils or nothing sensible (e.g. A and C together).
  public private(set) var invalidPatterns = 0
  /// Virtual time (ns) the coils last changed while energised.
  public private(set) var energizedSince: UInt64?
  /// Virtual time (ns) of the rotor's last move, and the time between its last two moves
  /// while energised (nil once the coils go off): how fast it is turning.
  public private(set) var lastMove: UInt64?
  public private(set) var lastInterval: UInt64?
  /// The last move's half-steps, undone if the coils go off before the rotor gets there.
  private var lastDelta = 0
  private var random: SplitMix64

  public init(parameters: Parameters = Parameters(), position: Int = 0, seed: UInt64 = 1) {
    self.parameters = parameters
    self.position = position
    self.random = SplitMix64(seed: seed)
  }

  public var isEnergized: Bool { coils != 0 }

  /// The coils as the driver now sets them, at virtual time `time` (ns).
  public func drive(coils newCoils: UInt8, at time: UInt64) {
    let pattern =
      parameters.wiredBackwards ? Self.mirrored(newCoils & 0x0F) : newCoils & 0x0F
    guard pattern != coils else { return }
    coils = pattern
    guard pattern != 0 else {
      energizedSince = nil
      lastInterval = nil
      if let lastMove, lastDelta != 0, time < lastMove + stepTime(lastDelta) {
        position -= lastDelta
        stepsTaken -= abs(lastDelta)
        if lastDelta < 0 { backwardSteps -= -lastDelta }
        stepsLost += 1
      }
      lastDelta = 0
      return
    }
    if energizedSince == nil { energizedSince = time }
    guard let target = StepperMotorModel.halfStepSequence.firstIndex(of: pattern) else {
      invalidPatterns += 1
      return
    }
    let rotorPhase = ((position % 8) + 8) % 8
    var delta = (target - rotorPhase + 8) % 8
    if delta > 4 { delta -= 8 }
    guard delta != 0 else { return }
    // Three or four half-steps away the field cannot pull the rotor round reliably.
    guard abs(delta) <= 2, !parameters.stuck else {
      stepsLost += 1
      return
    }
    if let lastMove, time < lastMove + stepTime(delta) {
      stepsLost += 1
      return
    }
    if parameters.slipProbability > 0 {
      let draw = Double(random.next() >> 11) / Double(1 << 53)
      if draw < parameters.slipProbability {
        stepsLost += 1
        return
      }
    }
    position += delta
    stepsTaken += abs(delta)
    if delta < 0 { backwardSteps += -delta }
    lastInterval = energizedSince == time ? nil : lastMove.map { time - $0 }
    lastMove = time
    lastDelta = delta
  }

  /// A coil pattern with IN1–IN4 in reverse order.
  public static func mirrored(_ pattern: UInt8) -> UInt8 {
    (pattern & 1) << 3 | (pattern & 2) << 1 | (pattern & 4) >> 1 | (pattern & 8) >> 3
  }

  /// How long the rotor takes to follow a move of `delta` half-steps, in ns.
  private func stepTime(_ delta: Int) -> UInt64 {
    UInt64(Double(abs(delta)) * 1e9 / parameters.maxStepRate)
  }

  /// Moves the rotor by hand (set-up of a test, or a knock that a re-home must correct).
  public func displace(by steps: Int) {
    position += steps
  }
}
