import ClackBoard

/// What a moving module draws from the supply over a move, above its idle draw: `ramping`
/// while it speeds up and slows down, `cruising` between, `holding` while its last step
/// settles (`PowerSupply`). The planner schedules these phases against the supply's headroom
/// and the executor checks each start against them, both with this one model.
public struct CurrentDraw: Hashable, Sendable {
  public let supply: PowerSupply
  public let timing: MoveTiming
  /// What moving modules may draw in all above idle.
  public let headroomMilliamps: Int
  let ramping: Int
  let cruising: Int
  let holding: Int

  public init(supply: PowerSupply, timing: MoveTiming, moduleCount: Int) {
    self.supply = supply
    self.timing = timing
    headroomMilliamps = supply.headroomMilliamps(moduleCount: moduleCount)
    ramping = supply.ramping - supply.idle
    cruising = supply.cruising - supply.idle
    holding = supply.holding - supply.idle
  }

  /// A moving module's highest draw above idle.
  public var peakMilliamps: Int { max(ramping, cruising, holding) }

  /// What a module starting a move draws at once.
  public var startMilliamps: Int { ramping }

  /// The draw above idle `micros` into a move of `steps` (zero before it and once settled).
  /// Allocates nothing: the executor calls it every tick.
  public func milliamps(after micros: Int, of steps: Int) -> Int {
    guard steps > 0, micros >= 0 else { return 0 }
    let motion = timing.motionMicroseconds(steps: steps)
    let accelerating = timing.accelerationMicroseconds(steps: steps)
    if micros < accelerating { return ramping }
    if micros < motion - accelerating { return cruising }
    if micros < motion { return ramping }
    return micros < motion + timing.settleMicroseconds ? holding : 0
  }

  /// A move's phases as (from, to, milliamps above idle), from its start: what the planner
  /// packs. Empty phases are left out.
  public func phases(steps: Int) -> [CurrentPhase] {
    guard steps > 0 else { return [] }
    let motion = timing.motionMicroseconds(steps: steps)
    let accelerating = timing.accelerationMicroseconds(steps: steps)
    let all = [
      CurrentPhase(start: 0, end: accelerating, milliamps: ramping),
      CurrentPhase(start: accelerating, end: motion - accelerating, milliamps: cruising),
      CurrentPhase(start: motion - accelerating, end: motion, milliamps: ramping),
      CurrentPhase(
        start: motion, end: motion + timing.settleMicroseconds, milliamps: holding),
    ]
    return all.filter { $0.end > $0.start }
  }

  /// The charge of a move above idle (milliamp-microseconds): its share of the supply.
  public func charge(steps: Int) -> Int {
    phases(steps: steps).reduce(0) { $0 + ($1.end - $1.start) * $1.milliamps }
  }
}

/// One stretch of a move at one draw, in microseconds from the move's start.
public struct CurrentPhase: Hashable, Sendable {
  public let start: Int
  public let end: Int
  public let milliamps: Int
}
