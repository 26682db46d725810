import ClackContent
import ClackCore
import ClackScheduler
import Foundation

/// Content due at an instant lands on it: the change a deadline brings (a clock page's next
/// minute, an entry coming due) is worked out ahead from a copy of the engine, and handed to
/// the board a little early with the moment to start (`TimedCommand`): the instant less the
/// planner's forecast of the move (homing done, the power budget and the transition
/// included), so the last flap settles at the instant, to the executor's tick.
extension Display {
  /// A change worked out ahead: the screen the content wants at `at`, from `base`; its move
  /// starts at `start`, and it is handed over at `handover`, a moment before.
  struct Landing {
    var at: Date
    var start: Date
    var handover: Date
    var base: Screen
    var screen: Screen
    var transition: Transition
  }

  /// How the last change handed over for an instant settled against it.
  public struct LandingRecord: Sendable, Equatable {
    public var instant: Date
    /// Real milliseconds after the instant (negative: before).
    public var lateMilliseconds: Double
  }

  /// A change handed over for an instant, to see how late it settled.
  struct LandingTarget {
    var instant: Date
    var command: Int
    /// `instant` on the executor's clock (`MonotonicTickClock.raw`, nanoseconds).
    var raw: Int
    var early: Bool
  }

  /// The change due at `deadline`, when it is the content's own (nothing from the queue) and
  /// can still start in time; nil otherwise (the loop then decides at the instant).
  func prepareLanding(for deadline: Date, now: Date) -> Landing? {
    guard config.landOnTime, homed, !isBusy, following == nil, deadline > now else { return nil }
    var future = engine
    let pass = ContentPass(
      zones: zones, renderer: renderer, config: config, script: script, sources: sources.snapshot)
    let outcome = pass.run(
      engine: &future, messages: messages, screen: screen, now: deadline,
      quotes: { [store] in try store.quotes().map(\.quote) })
    guard outcome.changes.isEmpty, !outcome.quiet, let transition = outcome.transition,
      outcome.screen != screen
    else { return nil }
    let move = runner.landingMicroseconds(
      to: outcome.screen, transition: transition, reduceMotion: config.reduceMotion)
    // The thread takes the command at the first tick at or after its start, the last step
    // falls on the first tick after the motion's end, and the stop is seen once that tick's
    // work is done: about two ticks in all on flaps (measured by scripts/bench-clock.sh),
    // half a frame on a panel (`landingLatencyNanoseconds`).
    let ticks = Double(runner.landingLatencyNanoseconds) / 1e9
    let start = deadline.addingTimeInterval(-(Double(move) / 1e6 + ticks))
    // Handed over a quarter of a real second ahead: the loop's wake-up and the pass before
    // the hand-over take some milliseconds; the thread then waits for `start` to the tick.
    let handover = start.addingTimeInterval(-Self.landingMargin * Double(max(1, runner.speed)))
    guard handover > now else { return nil }
    return Landing(
      at: deadline, start: start, handover: handover, base: screen, screen: outcome.screen,
      transition: transition)
  }

  /// Real seconds between handing a landing change over and its start.
  static let landingMargin = 0.25

  /// At its hand-over, the prepared change replaces the screen (if nothing changed it
  /// meanwhile), to be sent with its start.
  func takeLanding(now: Date) {
    guard let landing, now >= landing.handover else { return }
    self.landing = nil
    guard now < landing.at, screen == landing.base else { return }
    screen = landing.screen
    pendingTransition = landing.transition
    landingInstant = (landing.at, true)
    let seconds = max(0, landing.start.timeIntervalSince(now)) / Double(max(1, runner.speed))
    landingNotBefore = MonotonicTickClock.raw() + Int(seconds * 1e9)
  }

  /// Remembers the instant the command just sent is due at, to see when it settles.
  func recordLandingTarget() {
    guard let (instant, early) = landingInstant else { return }
    landingInstant = nil
    let seconds = instant.timeIntervalSince(clock.now()) / Double(max(1, runner.speed))
    landingTarget = LandingTarget(
      instant: instant, command: commandsSent,
      raw: MonotonicTickClock.raw() + Int(seconds * 1e9), early: early)
  }

  /// Once the change has settled: how late (or early) against its instant, in the log.
  func checkLanding(_ state: ExecutorState) {
    guard let target = landingTarget, state.commandsApplied >= target.command else { return }
    guard state.commandsApplied == target.command, state.idle else {
      if state.commandsApplied > target.command { landingTarget = nil }  // another came
      return
    }
    landingTarget = nil
    // No module moved (the same flaps): nothing landed.
    guard state.settledAt > 0, state.settledAt >= state.lastAppliedAt else { return }
    let milliseconds = Double(state.settledAt - target.raw) / 1e6
    lastLanding = LandingRecord(instant: target.instant, lateMilliseconds: milliseconds)
    let when = LocalTimeFormat.string(target.instant, "HH:mm:ss", in: config.timeZone)
    logger.debug(
      "landed \(String(format: "%.1f", abs(milliseconds))) ms \(milliseconds < 0 ? "before" : "after") \(when) (\(target.early ? "started early" : "started at the instant"))"
    )
  }
}
