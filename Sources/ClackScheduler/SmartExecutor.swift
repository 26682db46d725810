import ClackBoard
import ClackCore
import ClackDrivers
import ClackHAL

/// Makes plans happen on smart modules, which step themselves: each tick it sends targets
/// whose planned start has come (never more than `budget` modules moving at once) and reads
/// the status of a few modules, busy ones first. Homing is the module's own `home` command,
/// sent within the budget too. A module that stops answering, reports a dead sensor or
/// resets is dealt with on its own; the others carry on. A bus operation that fails is tried
/// again at the next tick, and only `busFailureLimit` failures in a row make a fault: then the
/// module is left alone and tried again later each time (from `retryFirst` up to
/// `retryCeiling` apart), and taken back, homed again if it must be, once it answers.
public final class SmartExecutor: FlapTickExecutor {
  public let bank: SmartModuleBank
  public let planner: Planner
  /// Status reads per tick: I2C time is the limit (a 13-byte read is about 0.4 ms at 400 kHz).
  public let pollsPerTick: Int
  /// Consecutive failed bus operations after which a module counts as not answering. Five:
  /// configuring a module takes four transfers, so at 5 % of transfers not acknowledged one
  /// try in five fails, and three in a row would happen to one module of a wall in most runs.
  public static let busFailureLimit = 5
  /// How long a module that does not answer is left before it is tried again, in
  /// microseconds: doubled after each failed try, up to the ceiling.
  public static let retryFirst = 50_000
  public static let retryCeiling = 5_000_000
  /// How long a module may take to show that it started a move, in microseconds.
  static let startGrace = 50_000
  private var modules: [Module]
  private var faultPending: PendingFaults
  private var cursor = 0
  private var idleCursor = 0
  private var retryCursor = 0
  /// Bus operations that failed and were tried again (a NACK, a timeout), since the start.
  public private(set) var busRetries = 0

  /// Bus time a tick may spend, in microseconds: three fifths of the tick, so that with the
  /// estimates' slack the bus work leaves a fifth of it (docs/boards.md, "Bus time"). Work
  /// beyond it waits for the next tick; one operation always goes ahead.
  public let busBudgetMicroseconds: Int
  /// What the tick has spent of its bus budget so far.
  private var spent = 0

  /// `pollsPerTick`: status reads per tick at most, fewer when the bus is too slow for them.
  public init(bank: SmartModuleBank, board: BoardDefinition, pollsPerTick: Int = 4) {
    self.bank = bank
    self.planner = Planner(board: board)
    busBudgetMicroseconds = board.flapTickMicroseconds(smart: true) * 3 / 5
    self.pollsPerTick = max(
      1, min(pollsPerTick, busBudgetMicroseconds / max(1, bank.busCosts.status)))
    modules = Array(repeating: Module(), count: bank.moduleCount)
    faultPending = PendingFaults(count: bank.moduleCount)
  }

  public var moduleCount: Int { modules.count }

  public var isIdle: Bool { modules.allSatisfy { $0.phase == .idle } }

  /// Modules that do not answer now, tried again now and then.
  public var unansweredCount: Int { modules.count { $0.unreachable } }

  /// How often an idle board reads each module, in microseconds: enough to notice within ten
  /// seconds one that reset or lost power, the only change an idle module can have.
  public static let idleReadMicroseconds = 10_000_000

  /// Idle, the thread rests between passes of `pollsPerTick` reads, spread over
  /// `idleReadMicroseconds`; while anything moves or waits it keeps ticking.
  public var restMicroseconds: Int {
    isIdle ? Self.idleReadMicroseconds * pollsPerTick / max(1, modules.count) : 0
  }

  /// Homes every working module (within the budget), then shows `flaps`.
  public func home(showing flaps: [Int]) {
    for index in modules.indices where usable(index) {
      modules[index].target = flaps[index]
      modules[index].mode = .lookForHome
      // One that does not answer is homed once it does.
      if !modules[index].unreachable { modules[index].phase = .waitingHome }
    }
  }

  /// Starts the plan in `command` at `now`: each module gets its target at its planned start
  /// (for `reveal`, so that it lands when the plan says: smart modules move in one go).
  public func run(_ command: FlapCommand, at now: Int) {
    for index in modules.indices {
      let target = command.targets[index]
      modules[index].target = target
      // One that does not answer is sent its target once it does.
      guard modules[index].mode == .normal, !modules[index].unreachable else { continue }
      switch modules[index].phase {
      case .waitingHome, .homing:
        continue  // it gets the new target once homed
      case .idle, .waitingDispatch, .moving:
        let count = command.segmentCount[index]
        if count == 0 && modules[index].flap == target && modules[index].phase == .idle {
          continue
        }
        var start = count == 0 ? 0 : command.start0[index]
        if count == 2 {
          let steps = command.steps0[index] + command.steps1[index]
          let land =
            command.start1[index] + planner.timing.microseconds(steps: command.steps1[index])
          start = max(start, land - planner.timing.microseconds(steps: steps))
        }
        modules[index].dispatchAt = now + start
        modules[index].phase = .waitingDispatch
      }
    }
  }

  public func tick(now: Int) {
    spent = 0
    var active = 0
    for module in modules where module.phase == .homing || module.phase == .moving {
      active += 1
    }
    for index in modules.indices where active < planner.budget {
      switch modules[index].phase {
      case .waitingHome:
        let cost =
          bank.busCosts.write + (modules[index].configured ? 0 : bank.busCosts.configure)
        guard affords(cost) else { break }  // it goes next tick
        if !modules[index].configured {
          spent += bank.busCosts.configure
          if let fault = bank.configure(module: index) {
            failed(index, fault, now: now)
            continue
          }
          modules[index].configured = true
        }
        spent += bank.busCosts.write
        if let fault = bank.home(module: index) {
          failed(index, fault, now: now)
        } else {
          succeeded(index)
          modules[index].phase = .homing
          modules[index].sentAt = now
          active += 1
        }
      case .waitingDispatch where now >= modules[index].dispatchAt:
        guard affords(bank.busCosts.write) else { break }  // it goes next tick
        spent += bank.busCosts.write
        if let fault = bank.setTarget(modules[index].target ?? 0, module: index) {
          failed(index, fault, now: now)
        } else {
          succeeded(index)
          modules[index].phase = .moving
          modules[index].sentAt = now
          active += 1
        }
      default:
        break
      }
    }
    // A module that stopped answering is tried before the polls, which could use up the
    // tick's bus time on a slow bus and leave it waiting for ever.
    retry(now: now)
    poll(now: now)
  }

  /// True when an operation costing `cost` still fits this tick's bus budget (the tick's
  /// first always does).
  private func affords(_ cost: Int) -> Bool {
    spent == 0 || spent + cost <= busBudgetMicroseconds
  }

  /// Tries one module that does not answer, once its wait is over.
  private func retry(now: Int) {
    for _ in modules.indices {
      let index = retryCursor
      retryCursor = (retryCursor + 1) % modules.count
      if modules[index].unreachable, now >= modules[index].retryAt, affords(bank.busCosts.status) {
        read(index, now: now)
        return
      }
    }
  }

  /// Reads busy modules round-robin; a spare read goes to an idle one, to notice resets.
  private func poll(now: Int) {
    let count = modules.count
    guard count > 0 else { return }
    var polls = 0
    var visited = 0
    while polls < pollsPerTick, visited < count, affords(bank.busCosts.status) {
      let index = cursor
      cursor = (cursor + 1) % count
      visited += 1
      if modules[index].phase == .homing || modules[index].phase == .moving {
        read(index, now: now)
        polls += 1
      }
    }
    // One spare read for an idle module while others move; a whole pass of them at rest.
    let idleReads = polls == 0 && isIdle ? pollsPerTick : 1
    var idleDone = 0
    visited = 0
    while polls < pollsPerTick, visited < count, idleDone < idleReads,
      affords(bank.busCosts.status)
    {
      let index = idleCursor
      idleCursor = (idleCursor + 1) % count
      visited += 1
      if modules[index].phase == .idle, modules[index].mode == .normal,
        !modules[index].unreachable
      {
        read(index, now: now)
        polls += 1
        idleDone += 1
      }
    }
  }

  private func read(_ index: Int, now: Int) {
    spent += bank.busCosts.status
    let result = bank.status(module: index)
    if case .failure(let fault) = result, case .bus = fault.kind {
      failed(index, fault, now: now)
      return
    }
    if modules[index].unreachable { answered(index, now: now) }
    switch result {
    case .success(let snapshot):
      succeeded(index)
      clearPassedFault(index)
      modules[index].flap = snapshot.flap
      modules[index].missed = Int(snapshot.missedHomes)
      modules[index].unexpected = Int(snapshot.unexpectedHomes)
      let moving = snapshot.status.contains(.moving)
      switch modules[index].phase {
      case .homing where snapshot.status.contains(.homed) && !moving:
        modules[index].mode = .normal
        settle(index, now: now)
      case .moving where !moving:
        if snapshot.flap == modules[index].target {
          modules[index].phase = .idle
        } else if now - modules[index].sentAt > Self.startGrace {
          settle(index, now: now)  // it stopped short or never started: send it again
        }
      default:
        break
      }
    case .failure(let fault):
      failed(index, fault, now: now)
    }
  }

  /// A module that did not answer does again: taken back where it was. If it kept its
  /// configuration and knew where it was, it carries on towards its target (the status just
  /// read says whether it moves, and a stop short is sent again); else it homes again.
  private func answered(_ index: Int, now: Int) {
    modules[index].unreachable = false
    if modules[index].configured, modules[index].mode == .normal {
      modules[index].phase = .moving
      modules[index].sentAt = now - Self.startGrace - 1
    } else {
      modules[index].mode = .lookForHome
      modules[index].phase = .waitingHome
    }
  }

  /// After homing or a stop: idle if it shows its target, else dispatch it now.
  private func settle(_ index: Int, now: Int) {
    if let target = modules[index].target, modules[index].flap != target {
      modules[index].phase = .waitingDispatch
      modules[index].dispatchAt = now
    } else {
      modules[index].phase = .idle
    }
  }

  /// A status with no fault and no reset ends a fault that was an event, not a state: the
  /// faults a module reported and had cleared, and a reset once the module homed again.
  private func clearPassedFault(_ index: Int) {
    switch modules[index].fault?.kind {
    case .reported(let faults) where !faults.contains(.homeNotFound):
      modules[index].fault = nil
    case .moduleReset where modules[index].mode == .normal:
      modules[index].fault = nil
    default:
      break
    }
  }

  private func succeeded(_ index: Int) {
    modules[index].busFailures = 0
    if case .bus = modules[index].fault?.kind { modules[index].fault = nil }  // it answers
  }

  private func failed(_ index: Int, _ fault: ModuleFault, now: Int) {
    if case .bus = fault.kind {
      busRetries += 1
      modules[index].busFailures += 1
      // A NACK now and then is the bus's noise, not the module's fault: tried again.
      guard modules[index].busFailures >= Self.busFailureLimit else { return }
      record(
        index,
        ModuleFault(
          module: index, kind: fault.kind,
          message: "does not answer (\(Self.busFailureLimit) tries in a row): \(fault.message); "
            + "tried again every few seconds"))
      unreachable(index, now: now)
      return
    }
    if case .moduleReset = fault.kind, !modules[index].configured {
      // Its power-on flag, read before it was ever configured (it did not answer then): no
      // fault. The bank has configured it now; it homes as it was going to.
      modules[index].configured = true
      modules[index].mode = .lookForHome
      modules[index].phase = .waitingHome
      return
    }
    record(index, fault)
    switch fault.kind {
    case .bus:
      break
    case .protocolMismatch, .flapCountMismatch:
      disable(index, .disabled)
    case .moduleReset:
      // The bank configured it again; it no longer knows where it is.
      modules[index].mode = .lookForHome
      modules[index].phase = .waitingHome
    case .reported(let faults):
      if faults.contains(.homeNotFound) {
        disable(index, .sensorError)
      } else {
        spent += bank.busCosts.write
        _ = bank.clearFaults(module: index)  // noted; let it carry on
      }
    case .homeNotFound, .sensorStuckActive:
      disable(index, .sensorError)
    }
  }

  /// Leaves a module that does not answer alone until `retryAt`, later after each failed try.
  private func unreachable(_ index: Int, now: Int) {
    let tries = min(modules[index].busFailures - Self.busFailureLimit, 16)
    modules[index].retryAt = now + min(Self.retryCeiling, Self.retryFirst << tries)
    modules[index].unreachable = true
    modules[index].phase = .idle
  }

  private func disable(_ index: Int, _ mode: ModuleMode) {
    modules[index].mode = mode
    modules[index].phase = .idle
  }

  private func record(_ index: Int, _ fault: ModuleFault) {
    if modules[index].fault != fault { faultPending.mark(index) }
    modules[index].fault = fault
  }

  private func usable(_ index: Int) -> Bool {
    modules[index].mode != .disabled && modules[index].mode != .sensorError
  }

  // MARK: - TickExecutor

  /// Stops sending targets; the modules finish their current step and switch off.
  public func release() {
    for index in modules.indices { modules[index].phase = .idle }
    bank.release()
  }

  public func report(into reports: inout [ModuleReport]) {
    for index in modules.indices {
      reports[index].mode = modules[index].unreachable ? .disabled : modules[index].mode
      let flap = modules[index].mode == .normal ? (modules[index].flap ?? -1) : -1
      reports[index].flap = flap
      reports[index].position = flap < 0 ? -1 : planner.position(ofFlap: flap)
      reports[index].moving =
        modules[index].phase == .homing || modules[index].phase == .moving
      reports[index].waiting =
        modules[index].phase == .waitingHome || modules[index].phase == .waitingDispatch
      reports[index].missedHomes = modules[index].missed
      reports[index].unexpectedHomes = modules[index].unexpected
      reports[index].faulted = modules[index].fault != nil
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
  }
}
