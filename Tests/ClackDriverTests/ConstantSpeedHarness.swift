import ClackDrivers
import ClackSimHAL

/// Test support: drives a StepperBank at one constant step rate in virtual time. It homes
/// each module on the leading edge of its sensor, then steps it forward to a target flap; every
/// tick is one `writeCoils` for all modules. (The real planner and executor, with ramps and a
/// power budget, are the scheduler's; this is just enough motion to prove the drivers.)
final class ConstantSpeedHarness {
  enum Mode: Equatable {
    case idle
    case leaving(budget: Int)
    case seeking(budget: Int)
    case moving(goal: Int)
  }

  let bank: StepperBank
  let clock: VirtualClock
  let revolution: Int
  let flapCount: Int
  let offsets: [Int]
  let interval: UInt64
  private(set) var modes: [Mode]
  private(set) var faults: [ModuleFault?]
  private(set) var logical: [Int?]
  private(set) var ticks = 0
  private var phase: [Int]
  private var targets: [Int?]
  private var active: [Bool]
  private var wasActive: [Bool]

  init(
    bank: StepperBank, clock: VirtualClock, revolution: Int = 4096, flapCount: Int = 52,
    offsets: [Int], stepsPerSecond: Int = 1000
  ) {
    self.bank = bank
    self.clock = clock
    self.revolution = revolution
    self.flapCount = flapCount
    self.offsets = offsets
    self.interval = UInt64(1_000_000_000 / stepsPerSecond)
    let count = bank.moduleCount
    modes = Array(repeating: .idle, count: count)
    faults = Array(repeating: nil, count: count)
    logical = Array(repeating: nil, count: count)
    phase = Array(repeating: 0, count: count)
    targets = Array(repeating: nil, count: count)
    active = Array(repeating: false, count: count)
    wasActive = Array(repeating: false, count: count)
  }

  /// Homes every module, then moves each to `flaps[i]`; returns when all are idle.
  func show(_ flaps: [Int]) {
    bank.writeCoils(Array(repeating: 0, count: bank.moduleCount))
    clock.advance(nanoseconds: interval)
    bank.writeCoils(Array(repeating: 0, count: bank.moduleCount))
    bank.readSensors(into: &active)
    for module in 0..<bank.moduleCount where faults[module] == nil {
      targets[module] = flaps[module]
      if let position = logical[module] {
        modes[module] = .moving(goal: goal(for: flaps[module], module: module))
        if goal(for: flaps[module], module: module) == position { modes[module] = .idle }
      } else {
        wasActive[module] = active[module]
        modes[module] =
          active[module] ? .leaving(budget: revolution / 4) : .seeking(budget: seekBudget)
      }
    }
    var guardTicks = revolution * 4
    while modes.contains(where: { $0 != .idle }) && guardTicks > 0 {
      tick()
      guardTicks -= 1
    }
    bank.coilsOff()
  }

  var seekBudget: Int { revolution * (flapCount + 2) / flapCount }

  func goal(for flap: Int, module: Int) -> Int {
    ((offsets[module] + (flap * revolution + flapCount - 1) / flapCount) % revolution + revolution)
      % revolution
  }

  private func tick() {
    ticks += 1
    var patterns = [UInt8](repeating: 0, count: bank.moduleCount)
    for module in 0..<bank.moduleCount where modes[module] != .idle {
      phase[module] = (phase[module] + 1) % 8
      patterns[module] = StepperMotorModel.halfStepSequence[phase[module]]
      if let position = logical[module] { logical[module] = (position + 1) % revolution }
    }
    bank.writeCoils(patterns)
    clock.advance(nanoseconds: interval)
    bank.readSensors(into: &active)
    for module in 0..<bank.moduleCount where modes[module] != .idle {
      if let fault = bank.busFaults[module] {
        faults[module] = fault
        modes[module] = .idle
        continue
      }
      let rising = active[module] && !wasActive[module]
      wasActive[module] = active[module]
      switch modes[module] {
      case .idle: break
      case .leaving(let budget):
        if !active[module] {
          modes[module] = .seeking(budget: seekBudget)
        } else if budget <= 1 {
          fail(
            module, .sensorStuckActive,
            "the sensor stayed active for \(revolution / 4) steps: the rotor is stuck on the magnet or the sensor is shorted"
          )
        } else {
          modes[module] = .leaving(budget: budget - 1)
        }
      case .seeking(let budget):
        if rising {
          // The sensors lag the coils by `sensorDelayTicks`: the rotor is that far past the edge.
          logical[module] = bank.sensorDelayTicks
          let goal = goal(for: targets[module] ?? 0, module: module)
          modes[module] = goal == bank.sensorDelayTicks ? .idle : .moving(goal: goal)
        } else if budget <= 1 {
          fail(
            module, .homeNotFound,
            "no home pulse within \(seekBudget) steps: the hall sensor may be dead or the rotor stuck"
          )
        } else {
          modes[module] = .seeking(budget: budget - 1)
        }
      case .moving(let goal):
        if logical[module] == goal { modes[module] = .idle }
      }
    }
  }

  private func fail(_ module: Int, _ kind: ModuleFault.Kind, _ message: String) {
    faults[module] = ModuleFault(module: module, kind: kind, message: message)
    modes[module] = .idle
  }
}
