import ClackBoard

/// How long a module takes to move a number of steps under its motion profile: a linear ramp
/// from the start speed to the top speed over `rampMilliseconds`, a cruise, and the same ramp
/// down (a triangle when the move is too short to reach top speed). Times are microseconds.
public struct MoveTiming: Hashable, Sendable {
  public let profile: MotionProfile

  public init(profile: MotionProfile) {
    self.profile = profile
  }

  public func microseconds(steps: Int) -> Int {
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
