/// Late ticks. The executor steps a module whenever its ramp (`MoveTiming.stepsDone`) runs
/// ahead of the steps it has made, at most one step a tick. After a tick that comes late — a
/// busy machine, a page fault — the ramp has run ahead by several steps, and catching up at
/// one step a tick would step the motor faster than its ramp allows (on a board whose tick
/// is shorter than a step, up to the tick rate, from a standstill): a real motor stalls there
/// and loses those steps. So the whole schedule slides instead: every move in progress, every
/// planned segment still to come and every settle go on as if the late time had not passed.
/// A move ends that much later; no step comes sooner than its ramp says.
extension SteppedExecutor {
  /// Delays every time still ahead of `last` (the previous tick) by `late` microseconds.
  func slide(by late: Int, after last: Int) {
    for index in modules.indices {
      switch modules[index].activity {
      case .leaving, .seeking, .correcting:
        modules[index].searchStart += late
      case .planned:
        modules[index].segmentStart.0 += late
        modules[index].segmentStart.1 += late
      case .idle, .waiting:
        break
      }
      if modules[index].holdUntil > last { modules[index].holdUntil += late }
    }
    if planEnd > last { planEnd += late }
  }
}
