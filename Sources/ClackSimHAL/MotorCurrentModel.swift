/// What a simulated stepper draws from its supply, in milliamps, from what its rotor is doing:
/// the twin's ammeter. Off, it draws `idle` (driver and sensor). Turning, its coils reach
/// full current at low step rates and less as the rate rises (their inductance and the
/// motor's back-EMF): `ramping` at `startSpeed` or below, falling in a straight line to
/// `cruising` at `topSpeed`. Energised but still (no step for twice its last interval), it
/// draws `holding`.
/// The figures are the board file's `power.module_amps`; the planner's phases bound this from
/// above, which is what the twin checks.
public struct MotorCurrentModel: Sendable, Hashable {
  public var ramping: Int
  public var cruising: Int
  public var holding: Int
  public var idle: Int
  public var startSpeed: Int
  public var topSpeed: Int

  public init(
    ramping: Int, cruising: Int, holding: Int, idle: Int, startSpeed: Int, topSpeed: Int
  ) {
    self.ramping = ramping
    self.cruising = cruising
    self.holding = holding
    self.idle = idle
    self.startSpeed = startSpeed
    self.topSpeed = topSpeed
  }

  /// The motor's draw at virtual time `time` (ns).
  public func milliamps(of motor: StepperMotorModel, at time: UInt64) -> Int {
    guard motor.isEnergized else { return idle }
    guard let interval = motor.lastInterval, interval > 0, let last = motor.lastMove,
      time <= last + 2 * interval
    else { return holding }
    let rate = 1e9 / Double(interval)
    let low = Double(startSpeed)
    let high = Double(max(topSpeed, startSpeed + 1))
    let share = min(1, max(0, (rate - low) / (high - low)))
    return ramping - Int((Double(ramping - cruising) * share).rounded())
  }
}
