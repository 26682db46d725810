import ClackCore

/// The commands a stepped executor takes: home, start a plan (from a command slot or made
/// here), and where the modules are for the next plan.
extension SteppedExecutor {
  /// Homes every module (within the budget) and then shows `flaps`.
  public func home(showing flaps: [Int]) {
    lastTickAt = nil
    for index in modules.indices
    where modules[index].mode != .sensorError && modules[index].mode != .disabled {
      modules[index].homed = false
      modules[index].mode = .lookForHome
      modules[index].target = flaps[index]
      enqueue(index)
    }
  }

  /// Starts a plan made by `planner` from the modules' current flaps, at time `now`.
  public func run(_ plan: Plan, at now: Int) {
    let command = FlapCommand(moduleCount: modules.count)
    command.load(plan)
    run(command, at: now)
  }

  /// Starts the plan in `command` at `now`. The plan may be a little stale — made from
  /// positions read a few ticks ago while modules kept moving (a replan) — so each module's
  /// distance is taken from where it is now; the plan's timing is kept.
  public func run(_ command: FlapCommand, at now: Int) {
    lastTickAt = nil  // the plan's times start now, however long the thread rested
    for index in modules.indices {
      let target = command.targets[index]
      modules[index].target = target
      guard modules[index].mode == .normal else { continue }
      let goal = goal(index, flap: target)
      // A module homing or correcting heads for the new goal once it is done.
      modules[index].goal = goal
      guard modules[index].activity == .idle || modules[index].activity == .planned else {
        continue
      }
      var count = command.segmentCount[index]
      var start0 = command.start0[index]
      var steps0 = command.steps0[index]
      let planned = steps0 + (count > 1 ? command.steps1[index] : 0)
      let revolution = revolution(index)
      let needed = (goal - modules[index].position + revolution) % revolution
      if planned % revolution != needed {
        if needed == 0 {
          count = 0
        } else if count == 2, steps0 + needed - planned >= 1 {
          steps0 += needed - planned  // keep the final segment: reveal drops its flap on time
        } else {
          start0 = count == 0 ? 0 : start0
          count = 1
          steps0 = needed
        }
      }
      modules[index].segmentCount = count
      modules[index].segment = 0
      modules[index].doneInSegment = 0
      modules[index].segmentStarted = false
      modules[index].segmentStart.0 = now + start0
      modules[index].segmentSteps.0 = steps0
      modules[index].segmentStart.1 = now + command.start1[index]
      modules[index].segmentSteps.1 = command.steps1[index]
      modules[index].activity = count == 0 ? .idle : .planned
    }
    planEnd = now + command.makespanMicroseconds
  }

  /// Where each module believes it is, in steps from its flap 0: what `planner.plan(from:)`
  /// takes (modules not homed count as at flap 0).
  public var positions: [Int] {
    modules.indices.map { modules[$0].homed ? modules[$0].position - offsets[$0] : 0 }
  }

  /// Plans a change to `flaps` from where the modules are, and starts it at `now`.
  @discardableResult
  public func show(_ flaps: [Int], transition: Transition = Transition(), at now: Int) -> Plan {
    let plan = planner.plan(from: positions, to: flaps, transition: transition)
    run(plan, at: now)
    return plan
  }
}
