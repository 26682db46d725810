import ClackBoard

/// How long a module takes to move a number of steps under its motion profile: a linear ramp
/// from the start speed to the top speed over `rampMilliseconds`, a cruise, and the same ramp
/// down (a triangle when the move is too short to reach top speed), then the last step's
/// phase held while the rotor settles. Times are microseconds.
public struct MoveTiming: Hashable, Sendable {
  public let profile: MotionProfile

  public init(profile: MotionProfile) {
    self.profile = profile
  }

  /// How long the last step's coils stay energised after it: one step's time at the start
  /// speed, the slowest step of the ramp. A rotor needs that long to reach the detent it was
  /// pulled towards; switched off sooner, it can fall back to the one it left and the module
  /// is a step short (seen under load, when the coils were released a tick after the step).
  public var settleMicroseconds: Int {
    (1_000_000 + max(1, profile.startSpeed) - 1) / max(1, profile.startSpeed)
  }

  /// How long a move of `steps` keeps its module energised: the motion and the settle after
  /// it. This is what the planner schedules and the power budget counts.
  public func microseconds(steps: Int) -> Int {
    guard steps > 0 else { return 0 }
    return motionMicroseconds(steps: steps) + settleMicroseconds
  }

  /// How long the steps of a move take, from its first step's start to its last step.
  public func motionMicroseconds(steps: Int) -> Int {
    guard steps > 0 else { return 0 }
    let v0 = Double(profile.startSpeed)
    let v1 = Double(max(profile.topSpeed, profile.startSpeed))
    let ramp = Double(profile.rampMilliseconds) / 1000
    let n = Double(steps)
    let seconds: Double
    if ramp == 0 || v1 == v0 {
      seconds = n / v1
    } else {
      let acceleration = (v1 - v0) / ramp
      let rampSteps = (v0 + v1) / 2 * ramp
      if n >= 2 * rampSteps {
        seconds = 2 * ramp + (n - 2 * rampSteps) / v1
      } else {
        let peak = (v0 * v0 + acceleration * n).squareRoot()
        seconds = 2 * (peak - v0) / acceleration
      }
    }
    return Int((seconds * 1_000_000).rounded(.up))
  }
}

extension MoveTiming {
  /// How long a move of `steps` speeds up (and, as long, slows down): the whole ramp, or half
  /// the move when it is too short to reach top speed. Zero without a ramp.
  public func accelerationMicroseconds(steps: Int) -> Int {
    let v0 = Double(profile.startSpeed)
    let v1 = Double(max(profile.topSpeed, profile.startSpeed))
    let ramp = Double(profile.rampMilliseconds) / 1000
    guard steps > 0, ramp > 0, v1 > v0 else { return 0 }
    let acceleration = (v1 - v0) / ramp
    let n = Double(steps)
    let seconds =
      n >= (v0 + v1) * ramp ? ramp : ((v0 * v0 + acceleration * n).squareRoot() - v0) / acceleration
    return min(Int((seconds * 1_000_000).rounded()), motionMicroseconds(steps: steps) / 2)
  }

  /// How many of a move's `steps` are done `micros` after it started: the inverse of
  /// `motionMicroseconds(steps:)`, following the same ramp up, cruise and ramp down. The executor
  /// steps a module whenever this runs ahead of the steps it has made.
  public func stepsDone(after micros: Int, of steps: Int) -> Int {
    guard steps > 0, micros > 0 else { return 0 }
    let total = motionMicroseconds(steps: steps)
    guard micros < total else { return steps }
    let v0 = Double(profile.startSpeed)
    let v1 = Double(max(profile.topSpeed, profile.startSpeed))
    let ramp = Double(profile.rampMilliseconds) / 1000
    let t = Double(micros) / 1_000_000
    let n = Double(steps)
    guard ramp > 0, v1 > v0 else { return min(steps, Int(t * v1 + 1e-6)) }
    let acceleration = (v1 - v0) / ramp
    // The time spent accelerating (and decelerating), and the speed reached.
    let rampSteps = (v0 + v1) / 2 * ramp
    let (accelerating, peak) =
      n >= 2 * rampSteps
      ? (ramp, v1)
      : (
        ((v0 * v0 + acceleration * n).squareRoot() - v0) / acceleration,
        (v0 * v0 + acceleration * n).squareRoot()
      )
    let end = Double(total) / 1_000_000
    let done: Double
    if t < accelerating {
      done = v0 * t + acceleration * t * t / 2
    } else if t < end - accelerating {
      done =
        v0 * accelerating + acceleration * accelerating * accelerating / 2 + peak
        * (t - accelerating)
    } else {
      let left = max(0, end - t)
      done = n - (v0 * left + acceleration * left * left / 2)
    }
    // A hair over, so that a step due exactly on a tick is not lost to rounding (at a top
    // speed of one step a tick it would skip a tick now and then: a stutter the motor feels).
    return max(0, min(steps, Int(done + 1e-6)))
  }
}
