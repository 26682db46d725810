import ClackCore
import ClackDrivers

/// What the real-time thread uses beyond `tick`: release, reports, faults and shutdown.
extension SteppedExecutor {
  /// Stops everything where it is; the next tick switches the coils off.
  public func release() {
    for index in modules.indices { modules[index].holdUntil = .min }
    for index in modules.indices where modules[index].activity != .idle {
      modules[index].activity = .idle
      modules[index].goal = modules[index].homed ? modules[index].position : nil
    }
    queue.removeAll(keepingCapacity: true)
    planEnd = 0
  }

  /// Calibration's offsets: each homed module's goal moves with its offset, and one at rest
  /// off its new goal is put right by the state machine's correction (a moving one once its
  /// plan ends), within the power budget like any correction.
  public func setOffsets(_ offsets: [Int]) {
    for index in modules.indices where index < offsets.count {
      self.offsets[index] = offsets[index]
      guard modules[index].homed else { continue }
      modules[index].goal = modules[index].target.map { goal(index, flap: $0) }
    }
  }

  public func report(into reports: inout [ModuleReport]) {
    for index in modules.indices {
      let module = modules[index]
      reports[index].mode = module.mode
      let revolution = revolution(index)
      let position = ((module.position - offsets[index]) % revolution + revolution) % revolution
      reports[index].flap = module.homed ? position * planner.flapCount / revolution : -1
      reports[index].position = module.homed ? position : -1
      // Moving means energised: a planned segment counts once it has begun.
      reports[index].moving = isRunning(index)
      reports[index].waiting = module.activity != .idle && !reports[index].moving
      reports[index].missedHomes = module.missed
      reports[index].unexpectedHomes = module.unexpected
      reports[index].faulted = module.fault != nil
      reports[index].phase = module.phase
      reports[index].measuredRevolution = module.measuredRevolution
      reports[index].homeError = module.homeError
    }
  }

  public func nextNewFault() -> ModuleFault? {
    faultPending.next { modules[$0].fault }
  }

  public func fault(of index: Int) -> ModuleFault? {
    modules[index].fault
  }

  /// Modules with a saved position are homed as of now, where they were, with the coil
  /// phase their rotor settled on; the rest are homed as usual (after the plan, so the power
  /// budget holds). The plan then starts at once. A module moved while the board was off is
  /// found when it next passes its sensor (`checkHome`) and put right.
  public func resume(_ command: FlapCommand, at now: Int) {
    for index in modules.indices
    where modules[index].mode != .sensorError && modules[index].mode != .disabled {
      let saved = command.positions[index]
      guard saved >= 0 else {
        modules[index].homed = false
        modules[index].mode = .lookForHome
        modules[index].target = command.targets[index]
        enqueue(index)
        continue
      }
      let revolution = revolution(index)
      let position = ((saved + offsets[index]) % revolution + revolution) % revolution
      modules[index].homed = true
      modules[index].mode = .normal
      modules[index].activity = .idle
      modules[index].position = position
      modules[index].previousPosition = position
      modules[index].phase = command.phases[index] & 7
      modules[index].goal = position
      modules[index].homeSeen = true
    }
    run(command, at: now)
  }

  public func shutdown() {
    release()
    bank.coilsOff()
  }
}
