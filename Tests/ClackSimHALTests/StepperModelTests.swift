import Testing

@testable import ClackSimHAL

/// Drives `motor` through `patterns`, one every `interval` ns.
func drive(
  _ motor: StepperMotorModel, _ patterns: [UInt8], every interval: UInt64,
  from start: UInt64 = 1_000_000
) {
  for (index, pattern) in patterns.enumerated() {
    motor.drive(coils: pattern, at: start + UInt64(index) * interval)
  }
}

let halfSteps = StepperMotorModel.halfStepSequence
let slow: UInt64 = 2_000_000  // 500 half-steps/s, well under the default top speed

@Suite struct StepperModelTests {
  @Test func halfSteppingMovesExactlyOneStepPerPattern() {
    let motor = StepperMotorModel()
    drive(motor, Array(repeating: halfSteps, count: 3).flatMap { $0 } + [halfSteps[0]], every: slow)
    #expect(motor.position == 24)
    #expect(motor.stepsTaken == 24 && motor.stepsLost == 0)
  }

  @Test func fullAndWaveSteppingMoveTwoHalfStepsPerPattern() {
    let full = StepperMotorModel(position: 1)  // aligned with AB
    drive(full, [0b0110, 0b1100, 0b1001, 0b0011], every: slow)
    #expect(full.position == 9)
    let wave = StepperMotorModel()
    drive(wave, [0b0010, 0b0100, 0b1000, 0b0001], every: slow)
    #expect(wave.position == 8)
  }

  @Test func reverseOrderTurnsBackwardsAndIsCounted() {
    let motor = StepperMotorModel()
    drive(motor, [halfSteps[7], halfSteps[6], halfSteps[5]], every: slow)
    #expect(motor.position == -3)
    #expect(motor.backwardSteps == 3)
  }

  @Test func aStepIssuedTooFastIsLost() {
    let motor = StepperMotorModel(parameters: .init(maxStepRate: 1000))
    motor.drive(coils: halfSteps[1], at: 10_000_000)
    motor.drive(coils: halfSteps[2], at: 10_500_000)  // 0.5 ms later: faster than 1000/s
    #expect(motor.position == 1)
    #expect(motor.stepsLost == 1)
    // The rotor is now two half-steps behind the field: the next pattern is too far to follow.
    motor.drive(coils: halfSteps[3], at: 20_000_000)
    #expect(motor.position == 3, "a full step away, a slow enough change pulls the rotor on")
  }

  @Test func invalidPatternsAndDeEnergisedCoilsDoNotMove() {
    let motor = StepperMotorModel()
    drive(motor, [0b0101, 0b1111, 0, halfSteps[4]], every: slow)
    #expect(motor.position == 0)
    #expect(motor.invalidPatterns == 2)
    #expect(motor.stepsLost == 1, "four half-steps away is lost")
    #expect(!StepperMotorModel(position: 3).isEnergized)
  }

  @Test func slipsAreSeededAndRepeatable() {
    func run(seed: UInt64) -> (Int, Int) {
      let motor = StepperMotorModel(parameters: .init(slipProbability: 0.05), seed: seed)
      drive(motor, Array(repeating: halfSteps, count: 50).flatMap { $0 }, every: slow)
      return (motor.position, motor.stepsLost)
    }
    let (position, lost) = run(seed: 9)
    #expect(lost > 0 && position < 400)
    #expect(run(seed: 9) == (position, lost))
  }

  @Test func aStuckRotorNeverMoves() {
    let motor = StepperMotorModel(parameters: .init(stuck: true))
    drive(motor, Array(repeating: halfSteps, count: 4).flatMap { $0 }, every: slow)
    #expect(motor.position == 0)
    #expect(motor.stepsLost > 0)
  }
}

@Suite struct SplitFlapModuleModelTests {
  func module(window: Int = 60, offset: Int = 0, dead: Bool = false) -> SplitFlapModuleModel {
    SplitFlapModuleModel(
      motor: StepperMotorModel(),
      parameters: .init(
        flapCount: 52, sensorWindowStart: 100, sensorWindow: window, mechanicalOffset: offset,
        sensorDead: dead))
  }

  @Test func theSensorFiresOverItsWindowOnly() {
    let m = module()
    var activeAngles: [Int] = []
    for angle in 0..<4096 {
      m.motor.displace(by: angle - m.motor.position)
      if m.sensorActive { activeAngles.append(angle) }
    }
    #expect(activeAngles == Array(100..<160))
    m.motor.displace(by: 100 - m.motor.position)
    #expect(m.sensorLevel == false, "hall sensors pull the line low near the magnet")
  }

  @Test func aDeadSensorNeverFires() {
    let m = module(dead: true)
    for angle in stride(from: 0, to: 4096, by: 7) {
      m.motor.displace(by: angle - m.motor.position)
      #expect(!m.sensorActive)
    }
  }

  @Test func displayedFlapFollowsTheOffsetAndTheCeilingRule() {
    let m = module(offset: 30)
    // Flap f is fully shown from window start + offset + ceil(f × 4096 / 52).
    for flap in [0, 1, 13, 51] {
      let at = 100 + 30 + (flap * 4096 + 51) / 52
      m.motor.displace(by: at - m.motor.position)
      #expect(m.displayedFlap == flap)
      m.motor.displace(by: -1)
      #expect(m.displayedFlap == (flap + 51) % 52)
    }
  }
}
