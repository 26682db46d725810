import ClackBoard
import ClackHardware
import ClackScheduler
import ClackSimHAL
import Testing

/// A slow board (the VM's full-stack board: 104 half-steps a revolution, 30 to 60 steps/s)
/// whose tick (1 ms) is much shorter than a step, on a twin whose motors follow at most 70
/// half-steps/s: steps that come faster, or coils switched off before the rotor reaches its
/// detent, lose steps. That is what a busy machine's late ticks and an early release did to
/// the rotors in the VM's full-stack check.
private let slowBoard = """
  name: slow-1x2
  geometry: {rows: 1, cols: 2}
  flaps: splitflap-52
  modules:
    type: gpio-stepper
    wiring:
      chip: gpiochip0
      sensor_active: low
      modules:
        - {coils: [0, 1, 2, 3], sensor: 4}
        - {coils: [5, 6, 7, 8], sensor: 9}
  motion: {steps_per_revolution: 104, start_speed: 30, top_speed: 60, ramp_ms: 100}
  power: {max_moving: 2}
  simulation: {max_step_rate: 70}
  """

@Suite struct LateTickTests {
  /// Homes and shows `targets`, ticking every millisecond except that every `lateEvery`th tick
  /// comes `lateBy` µs late; returns the twin once every coil is off.
  private func run(targets: [[Int]], lateEvery: Int, lateBy: Int) throws -> SimulatedBoard {
    let board = try BoardDefinition.parse(yaml: slowBoard, file: "slow-1x2.yaml")
    let twin = try SimulatedBoard(board: board)
    twin.log.isEnabled = false
    // A 1 ms tick, not the board's own (a step at top speed, 16.6 ms): many ticks a step.
    let executor = SteppedExecutor(
      bank: try #require(twin.stepped), board: board, tickMicroseconds: 1000)
    #expect(board.flapTickMicroseconds(smart: false) == 16_666)
    var now = 0
    var ticks = 0
    func tickUntilDormant() {
      var guardTicks = 0
      repeat {
        executor.tick(now: now)
        ticks += 1
        let gap = ticks % lateEvery == 0 ? 1000 + lateBy : 1000
        now += gap
        twin.clock.advance(nanoseconds: UInt64(gap) * 1000)
        guardTicks += 1
      } while !executor.isDormant && guardTicks < 200_000
    }
    executor.home(showing: targets[0])
    tickUntilDormant()
    for flaps in targets.dropFirst() {
      executor.show(flaps, at: now)
      tickUntilDormant()
    }
    return twin
  }

  @Test func lateTicksSlideTheScheduleInsteadOfSteppingFasterThanTheRamp() throws {
    let targets = [[10, 40], [3, 51], [27, 0], [50, 26]]
    // Every seventh tick 40 ms late: two steps' time at top speed.
    let twin = try run(targets: targets, lateEvery: 7, lateBy: 40_000)
    for module in twin.modules {
      #expect(module.motor.stepsLost == 0, "the executor stepped faster than the motor follows")
      #expect(module.motor.invalidPatterns == 0)
    }
    #expect(twin.modules.map(\.displayedFlap) == targets.last)
  }

  @Test func theLastStepIsHeldUntilTheRotorSettles() throws {
    let targets = [[5, 17], [44, 2], [30, 30]]
    let twin = try run(targets: targets, lateEvery: .max, lateBy: 0)
    for module in twin.modules {
      #expect(module.motor.stepsLost == 0, "coils released before the rotor reached its detent")
      #expect(!module.motor.isEnergized)
    }
    #expect(twin.modules.map(\.displayedFlap) == targets.last)
  }

  @Test func theSettleIsOneStepAtTheStartSpeedAndPlansCountIt() throws {
    let board = try BoardDefinition.parse(yaml: slowBoard, file: "slow-1x2.yaml")
    let timing = Planner(board: board).timing
    #expect(timing.settleMicroseconds == 33_334)
    #expect(timing.microseconds(steps: 10) == timing.motionMicroseconds(steps: 10) + 33_334)
    #expect(timing.microseconds(steps: 0) == 0)
    #expect(timing.stepsDone(after: timing.motionMicroseconds(steps: 10), of: 10) == 10)
  }
}
