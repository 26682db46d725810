import ClackCore
import ClackDrivers

/// Each module's state machine, run after every tick's coil write and sensor read: homing
/// (leaving the magnet, seeking the edge), the once-a-revolution home check while moving,
/// missed and unexpected home pulses, corrections and faults.
extension SteppedExecutor {
  /// The state machine, after the tick's write and read.
  func observe(_ index: Int, now: Int) {
    if let fault = bank.busFaults[index] {
      if modules[index].fault != fault { faultPending.mark(index) }
      modules[index].fault = fault
      modules[index].mode = .disabled
      modules[index].activity = .idle
      return
    }
    let sensor = active[index]
    let rising = sensor && !modules[index].sensorWas
    modules[index].sensorWas = sensor
    // The sensors lag the coils by `sensorDelayTicks`: the edge happened that many ticks ago.
    let edgeAt =
      bank.sensorDelayTicks == 0 ? modules[index].position : modules[index].previousPosition
    let revolution = revolution(index)
    let sinceEdge = (modules[index].position - edgeAt + revolution) % revolution
    switch modules[index].activity {
    case .idle, .waiting:
      // A move that ends on the home edge sees the edge with its last step (or a tick later,
      // through a chain): after the move has ended, but it is this revolution's home pulse all
      // the same. Ignored, it made the next pass a false "missed home".
      if rising, modules[index].homed, modules[index].mode == .normal {
        checkHome(index, rising: true, edgeAt: edgeAt, sinceEdge: sinceEdge)
      }
      // A knock or a slip noticed on the way left it off its goal: put it right after the plan.
      if modules[index].activity == .idle, modules[index].mode == .normal, modules[index].homed,
        let goal = modules[index].goal, modules[index].position != goal
      {
        enqueue(index)
      }
    case .leaving(let budget):
      if !sensor {
        modules[index].activity = .seeking(
          budget: revolution * (planner.flapCount + 2) / planner.flapCount)
      } else if budget <= 1 {
        fail(index, .sensorStuckActive, sensorStuckMessage)
      } else if modules[index].position != modules[index].previousPosition {
        modules[index].activity = .leaving(budget: budget - 1)
      }
    case .seeking(let budget):
      if rising {
        measureRevolution(index, sinceEdge: sinceEdge)
        modules[index].homed = true
        modules[index].mode = .normal
        modules[index].position = sinceEdge
        modules[index].homeSeen = true
        modules[index].goal = modules[index].target.map { goal(index, flap: $0) }
        if let goal = modules[index].goal {
          // Onward to the goal without stopping: the same ramped move, now with an end.
          modules[index].activity = .correcting
          modules[index].searchTotal = modules[index].searchDone
          aim(index)
          if modules[index].searchTotal == modules[index].searchDone, goal == sinceEdge {
            modules[index].activity = .idle
          }
        } else {
          modules[index].activity = .idle
        }
      } else if budget <= 1 {
        fail(index, .homeNotFound, homeNotFoundMessage)
      } else if modules[index].position != modules[index].previousPosition {
        modules[index].activity = .seeking(budget: budget - 1)
      }
    case .correcting, .planned:
      checkHome(index, rising: rising, edgeAt: edgeAt, sinceEdge: sinceEdge)
      if modules[index].activity == .correcting, modules[index].position == modules[index].goal,
        modules[index].searchDone >= modules[index].searchTotal
      {
        modules[index].activity = .idle
      }
      if modules[index].activity == .idle, modules[index].mode == .normal,
        let goal = modules[index].goal,
        modules[index].position != goal
      {
        enqueue(index)  // a slip left it short: put it right once the plan is done
      }
    }
  }

  /// Once a revolution the magnet must pass within a quarter flap of home: seen elsewhere it
  /// is unexpected (re-synchronise on it), not seen it was missed (re-home).
  private func checkHome(_ index: Int, rising: Bool, edgeAt: Int, sinceEdge: Int) {
    let revolution = revolution(index)
    let tolerance = max(1, revolution / planner.flapCount / 4)
    let distance = min(edgeAt, revolution - edgeAt)
    if rising {
      if distance > tolerance {
        modules[index].unexpected += 1
      } else {
        modules[index].missedInARow = 0
      }
      modules[index].homeError = edgeAt > revolution / 2 ? edgeAt - revolution : edgeAt
      measureRevolution(index, sinceEdge: sinceEdge)
      modules[index].position = sinceEdge
      modules[index].homeSeen = true
      return
    }
    let previous = modules[index].previousPosition
    if modules[index].position != previous {
      if previous == tolerance + 1 && !modules[index].homeSeen {
        modules[index].missed += 1
        modules[index].missedInARow += 1
        if modules[index].missedInARow >= Self.missesBeforeFault {
          fail(index, .homeNotFound, keepsMissingMessage)
          return
        }
        modules[index].homed = false
        modules[index].mode = .lookForHome
        modules[index].activity = .idle
        enqueue(index)
      } else if previous == revolution / 2 {
        modules[index].homeSeen = false
      }
    }
  }

  /// Steps since the previous home edge, when the module has passed one: its spool's
  /// revolution as built. A count far from the board file's (a missed edge, a re-home from
  /// anywhere) is not a revolution and is left out.
  private func measureRevolution(_ index: Int, sinceEdge: Int) {
    let edge = modules[index].travelled - sinceEdge
    if let last = modules[index].lastEdgeAt {
      let steps = edge - last
      let revolution = revolution(index)
      if abs(steps - revolution) <= revolution / 8 {
        modules[index].previousMeasurement = modules[index].measuredRevolution
        modules[index].measuredRevolution = steps
        adoptRevolution(index, measured: steps)
      }
    }
    modules[index].lastEdgeAt = edge
  }

  /// Takes a measured revolution as the spool's own once two measurements in a row agree
  /// (within a step: where in a tick the edge was seen) and differ from the figure in use by
  /// more than that step. One measurement alone is not enough: the first
  /// edge after power-on (the magnet already under the sensor) is not a whole revolution away.
  private func adoptRevolution(_ index: Int, measured steps: Int) {
    let revolution = revolution(index)
    let previous = modules[index].previousMeasurement
    guard abs(steps - revolution) > 1, abs(previous - steps) <= 1 else { return }
    // From now on positions wrap where this spool's edge comes, and its goal with them.
    revolutions[index] = steps
    modules[index].position %= steps
    modules[index].goal = modules[index].target.map { goal(index, flap: $0) }
  }

  private func fail(_ index: Int, _ kind: ModuleFault.Kind, _ message: String) {
    modules[index].fault = ModuleFault(module: index, kind: kind, message: message)
    faultPending.mark(index)
    modules[index].mode = .sensorError
    modules[index].activity = .idle
  }
}
