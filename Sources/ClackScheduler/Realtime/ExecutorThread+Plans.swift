import ClackBoard
import ClackCore

/// The async side's commands to a flap board: plans are made here, off the real-time thread,
/// from the positions in the latest report, and handed over in a preallocated slot.
extension ExecutorThread where Command == FlapCommand {
  /// Plans a change to `flaps` from where the modules are now (mid-move included: a replan
  /// keeps moving modules moving) and hands it over, to start at once or at `notBefore`
  /// (`TimedCommand`). Nil while every command slot is taken.
  @discardableResult
  public func show(
    _ flaps: [Int], transition: Transition = Transition(), planner: Planner, notBefore: Int = 0
  ) -> Plan? {
    let current = state
    let positions = current.modules.map { max(0, $0.position) }
    let moving = Set(current.modules.indices.filter { current.modules[$0].moving })
    let plan = planner.plan(from: positions, to: flaps, transition: transition, moving: moving)
    return send(notBefore: notBefore) { $0.load(plan) } ? plan : nil
  }

  /// Trusts the positions and coil phases saved at a clean stop (-1: home that module) and
  /// shows `flaps` from them at once, without homing; each module's home is checked as it
  /// passes its sensor, and one found elsewhere is put right (docs/scheduler.md).
  @discardableResult
  public func resume(
    positions: [Int], phases: [Int], showing flaps: [Int], transition: Transition = Transition(),
    planner: Planner
  ) -> Bool {
    let from = positions.map { max(0, $0) }
    let plan = planner.plan(from: from, to: flaps, transition: transition)
    return send { $0.loadResume(plan, positions: positions, phases: phases) }
  }

  /// Homes every module (within the power budget), then shows `flaps`.
  @discardableResult
  public func home(showing flaps: [Int]) -> Bool {
    send { $0.loadHome(showing: flaps) }
  }

  /// Hands new offsets to the executor (calibration): each homed module moves to where its
  /// flap is by them. False while every command slot is taken.
  @discardableResult
  public func setOffsets(_ offsets: [Int]) -> Bool {
    send { $0.loadOffsets(offsets) }
  }

  /// Stops all motion where it is and switches the coils off; the thread keeps running.
  @discardableResult
  public func release() -> Bool {
    send { $0.loadRelease() }
  }
}

extension BoardDefinition {
  /// The real-time thread's tick for a flap board: one step per tick at top speed (at least
  /// 100 µs) for stepped modules, so a slower top speed leaves a slow bus a longer tick for
  /// its transfers. Never longer than a step at top speed: steps fall on ticks, and a tick
  /// longer than the step would bunch some steps faster than the top speed. 5 ms for smart
  /// modules, which step themselves and are only polled.
  public func flapTickMicroseconds(smart: Bool) -> Int {
    if smart { return 5000 }
    return max(100, 1_000_000 / max(1, motion.topSpeed))
  }
}
