import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackScheduler
import ClackStore
import Foundation

/// When a queued message should appear: a time on the daemon's clock (which a sped-up
/// simulation runs faster than the wall), and the real seconds until then.
public struct Estimate: Sendable, Hashable {
  /// 1 for the next to show in its zone.
  public let position: Int
  public let displayAt: Date
  /// Real seconds until `displayAt` (board time divided by a simulation's speed).
  public let waitSeconds: Double
  /// Real seconds the board will move to show it (0 when not planned).
  public var transitionSeconds = 0.0
  /// True when quiet hours hold it back.
  public let heldByQuietHours: Bool
}

/// The move that will show an accepted message, for `Display.transitionSeconds(of:)`.
public enum MoveToTime: Sendable {
  /// None to make (it cannot be laid out).
  case none
  /// Already planned and handed to the executor (board microseconds).
  case planned(microseconds: Int)
  /// From the modules' positions to this screen.
  case toPlan(Screen, Transition, reduceMotion: Bool)
}

extension Display {
  /// What the board shows and is turning to, module by module.
  public func reading() -> BoardReading {
    let state = runner.state
    let board = runner.board
    let shown = runner.shownFrame(state)
    let waiting = self.waiting(state, shown: shown)
    let modules = state.statuses.enumerated().map { index, status in
      let cell = board.order.cell(ofModule: index, rows: board.rows, cols: board.cols)
      var faults: [String] = []
      if let fault = status.fault { faults.append(fault.message) }
      if status.missedHomes > 0 { faults.append("missed home \(status.missedHomes)×") }
      if status.unexpectedHomes > 0 { faults.append("unexpected home \(status.unexpectedHomes)×") }
      var module = ModuleReading(
        row: cell.row, col: cell.col, mode: status.mode, flap: status.flap,
        moving: status.moving, waiting: waiting[index], faults: faults)
      module.revolution = status.measuredRevolution
      module.homeError = status.measuredRevolution == nil ? nil : status.homeError
      // A step either way comes from where in a tick the edge was seen, not from the spool.
      if let measured = status.measuredRevolution,
        abs(measured - board.motion.stepsPerRevolution) > 1
      {
        module.warnings.append(
          "its spool measures \(measured) steps a revolution, the board file says "
            + "\(board.motion.stepsPerRevolution): set motion.steps_per_revolution: \(measured) "
            + "if the other modules measure so too")
      }
      return module
    }
    var reading = BoardReading(
      name: board.name, kind: runner.kind, shown: shown, target: target, moving: state.moving,
      waiting: waiting.count { $0 }, quiet: quiet, homed: homed,
      zones: Dictionary(
        uniqueKeysWithValues: zones.map { ($0.name, describe(engineSource(zone: $0.name))) }),
      modules: modules, leds: runner.picture(state), script: script, pages: pagesOnShow())
    reading.overruns = state.deadlineMisses
    reading.tickMicroseconds = runner.tickNanoseconds / 1000
    return reading
  }

  /// Each zone's page on show, for the zones that show one.
  func pagesOnShow() -> [String: String] {
    var pages: [String: String] = [:]
    for zone in zones {
      guard case .scheduled(let index, _) = engineSource(zone: zone.name),
        config.schedules.indices.contains(index), let page = config.schedules[index].pageName
      else { continue }
      pages[zone.name] = page
    }
    return pages
  }

  /// Which modules have a move still to start: those the executor holds back (for their
  /// start time or a slot in the power budget), and those whose new target it has not taken
  /// yet — so a board about to move never looks settled.
  func waiting(_ state: ExecutorState, shown: Frame) -> [Bool] {
    let board = runner.board
    return state.modules.indices.map { index in
      let report = state.modules[index]
      guard !report.moving else { return false }
      if report.waiting { return true }
      let cell = board.order.cell(ofModule: index, rows: board.rows, cols: board.cols)
      return report.mode == .normal && shown[cell.row, cell.col] != target[cell.row, cell.col]
    }
  }

  /// The zone's source as the content engine last chose it.
  func engineSource(zone: String) -> ZoneSource { engine.current[zone]?.source ?? .idle }

  func describe(_ source: ZoneSource) -> String {
    switch source {
    case .message(let id): "message \(id)"
    case .pinned(let id): "pinned message \(id)"
    case .scheduled(let index, _):
      "schedule \(index): \(config.schedules[index].label), \(config.schedules[index].cadenceText)"
    case .idle: "idle"
    }
  }

  /// Takes a just-committed message (and the older ones it `replaced`) into account,
  /// deciding again now, and says where it stands. The move that will show it is left to
  /// time (`transitionSeconds(of:)`) off the display's thread: planning it is the costliest part
  /// of a receipt, and the thread has the next messages to take.
  public func accepted(_ message: Message, replaced: [Int64] = []) -> (Estimate, MoveToTime) {
    let now = clock.now()
    took(message, replacing: replaced, now: now)
    // No forecast: nothing within a week shows it. Held still by `quiet on` with no quiet
    // hours configured to end it, it waits for `quiet off`, and the receipt says so.
    let estimate =
      forecast(of: message, now: now)
      ?? estimate(
        at: max(now, message.notBefore), now: now, position: 1,
        quiet: engine.isQuiet(at: now) && !message.bypassQuietHours)
    return (estimate, move(for: message, now: now))
  }

  /// Real seconds the board moves for `move`: planned from where the modules are now, slowed
  /// as the executor is (a pixel board's frame loop keeps its ticks or shows late, no more).
  public nonisolated func transitionSeconds(of move: MoveToTime) -> Double {
    let microseconds: Int
    switch move {
    case .none: return 0
    case .planned(let known): microseconds = known
    case .toPlan(let screen, let transition, let reduceMotion):
      microseconds = runner.moveMicroseconds(
        to: screen, transition: transition, reduceMotion: reduceMotion)
    }
    let slowdown =
      !runner.slowsWithMissedTicks
      ? 1 : self.slowdown(runner.state, stepMicroseconds: runner.topSpeedStepMicroseconds)
    return Double(microseconds) * slowdown / 1e6 / Double(runner.speed)
  }

  private func estimate(at: Date, now: Date, position: Int, quiet: Bool) -> Estimate {
    Estimate(
      position: position, displayAt: at,
      waitSeconds: max(0, at.timeIntervalSince(now)) / Double(runner.speed),
      heldByQuietHours: quiet)
  }

  /// When a message still queued will show, if nothing else arrives: the content rules played
  /// forward over the queue as it stands, from when the board can next decide (now, or once
  /// homing is done). Nil when it is not queued, or a newer message takes its place first.
  public func forecast(of message: Message, now: Date? = nil) -> Estimate? {
    let now = now ?? clock.now()
    guard message.state == .queued else { return nil }
    let start = now.addingTimeInterval(homingSecondsLeft(runner.state))
    var queue = messages
    if !queue.contains(where: { $0.id == message.id }) { queue.append(message) }
    guard let forecast = engine.forecast(message.id, messages: queue, from: start) else {
      return nil
    }
    return estimate(
      at: forecast.at, now: now, position: forecast.ahead + 1, quiet: forecast.heldByQuietHours)
  }

  /// Board time until homing is done (seconds on the daemon's clock): the modules still
  /// looking for home, `budget` at a time, each about a revolution at the search speed. Zero
  /// once homed.
  func homingSecondsLeft(_ state: ExecutorState) -> TimeInterval {
    guard !homed else { return 0 }
    let left = state.modules.count { $0.mode == .lookForHome }
    let budget = max(1, runner.powerBudget)
    // The batch under way is about half done; a last one still turning counts a half too.
    let batches = left == 0 ? 0.5 : Double((left + budget - 1) / budget)
    let perModule = Double(runner.homingMicrosecondsPerModule)
    let step = Int(perModule) / max(1, runner.board.motion.stepsPerRevolution)
    return batches * perModule * slowdown(state, stepMicroseconds: step) / 1e6
  }

  /// How much slower than planned the modules move: 1 while the executor keeps its ticks;
  /// more on a host too slow for them (a debug build at a high `--speed`), which skips ticks
  /// and so steps each module at most once per tick it does run.
  nonisolated func slowdown(_ state: ExecutorState, stepMicroseconds: Int) -> Double {
    guard state.ticks > 0, stepMicroseconds > 0 else { return 1 }
    let tick =
      Double(runner.tickNanoseconds) / 1000 * Double(state.ticks + state.deadlineMisses)
      / Double(state.ticks)
    let step = Double(stepMicroseconds)
    return max(1, (step / tick).rounded(.up) * tick / step)
  }

  /// The move that shows `message`: the plan already handed to the executor when the message
  /// started at once, else one to plan from the screen as it is with the message placed.
  private func move(for message: Message, now: Date) -> MoveToTime {
    if let move = lastMove, move.ids.contains(message.id) {
      return .planned(microseconds: move.makespanMicroseconds)
    }
    guard let zone = zones.first(where: { $0.name == message.zone }),
      let part = try? renderer.screen(for: message, in: zone)
    else { return .none }
    var next = screen
    ZoneRenderer.place(part, of: zone, into: &next)
    return .toPlan(
      next, transition(message.transition, now: now), reduceMotion: config.reduceMotion)
  }

  // MARK: - Events

  func publishMessage(id: Int64, state: MessageState, reason: String) {
    events.publish(.message(id: id, state: state, reason: reason))
  }

  /// Publishes what the modules show whenever it changes (mid-flip too, so a viewer sees
  /// the flaps pass by), and when quiet hours begin or end.
  func publishBoard(_ state: ExecutorState) {
    let shown = runner.shownFrame(state)
    let (moving, waiting) = (state.moving, self.waiting(state, shown: shown).count { $0 })
    let published = (shown, moving, waiting, quiet, state.pixels, state.brightness)
    if let last = lastPublished, last == published { return }
    lastPublished = published
    events.publish(
      .board(
        BoardChange(
          shown: shown, target: target, moving: moving, waiting: waiting, quiet: quiet,
          leds: runner.picture(state))))
  }
}
