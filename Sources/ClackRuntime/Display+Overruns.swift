import ClackScheduler
import Foundation

/// Ticks whose work did not fit their period: on real hardware the thread's, on a twin the
/// time its bus work takes on the wire (docs/hal.md, "Time on the wire"). A board that
/// overruns moves slower than planned and lands late, so it is logged, summarised at most
/// once a minute of the board's clock, and the status names it.
extension Display {
  static let overrunLogInterval: TimeInterval = 60

  func logOverruns(_ state: ExecutorState, now: Date) {
    let ticks = state.deadlineMisses
    guard ticks > overrunsLogged.ticks,
      now.timeIntervalSince(overrunsLogged.at) >= Self.overrunLogInterval
    else { return }
    let new = ticks - overrunsLogged.ticks
    overrunsLogged = (ticks, now)
    let line =
      "\(new) ticks overran their \(runner.tickNanoseconds / 1000) µs period"
      + " (\(ticks) since the start): \(Self.overrunAdvice)"
    logger.warning("\(line)")
  }

  /// What an overrun means and where to read about it.
  static let overrunAdvice =
    "the board's work each tick (its bus transfers) does not fit the tick, so it moves"
    + " slower than planned (docs/hal.md, Time on the wire)"
}
