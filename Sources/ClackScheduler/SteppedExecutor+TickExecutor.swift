import ClackDrivers

/// What the real-time thread uses beyond `tick`: release, reports, faults and shutdown.
extension SteppedExecutor {
  /// Stops everything where it is; the next tick switches the coils off.
  public func release() {
    for index in modules.indices where modules[index].activity != .idle {
      modules[index].activity = .idle
      modules[index].goal = modules[index].homed ? modules[index].position : nil
    }
    queue.removeAll(keepingCapacity: true)
    planEnd = 0
  }

  public func report(into reports: inout [ModuleReport]) {
    for index in modules.indices {
      let module = modules[index]
      reports[index].mode = module.mode
      reports[index].flap =
        module.homed ? planner.flap(atPosition: module.position - offsets[index]) : -1
      reports[index].position =
        module.homed ? (module.position - offsets[index] + revolution) % revolution : -1
      // Moving means energised: a planned segment counts once it has begun.
      reports[index].moving = isRunning(index)
      reports[index].waiting = module.activity != .idle && !reports[index].moving
      reports[index].missedHomes = module.missed
      reports[index].unexpectedHomes = module.unexpected
      reports[index].faulted = module.fault != nil
    }
  }

  public func nextNewFault() -> ModuleFault? {
    faultPending.next { modules[$0].fault }
  }

  public func fault(of index: Int) -> ModuleFault? {
    modules[index].fault
  }

  public func shutdown() {
    release()
    bank.coilsOff()
  }
}
