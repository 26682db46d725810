import ClackBoard
import ClackCore
import ClackDrivers
import ClackHAL

/// Makes plans happen on smart modules, which step themselves: each tick it sends targets
/// whose planned start has come (never more than `budget` modules moving at once) and reads
/// the status of a few modules, busy ones first. Homing is the module's own `home` command,
/// sent within the budget too. A module that stops answering, reports a dead sensor or
/// resets is dealt with on its own; the others carry on.
public final class SmartExecutor: FlapTickExecutor {
  public let bank: SmartModuleBank
  public let planner: Planner
  /// Status reads per tick: I2C time is the limit (a 13-byte read is about 0.4 ms at 400 kHz).
  public let pollsPerTick: Int
  /// Consecutive failed bus operations after which a module is switched off.
  public static let busFailureLimit = 3
  /// How long a module may take to show that it started a move, in microseconds.
  static let startGrace = 50_000
  private var modules: [Module]
  private var faultPending: PendingFaults
  private var cursor = 0
  private var idleCursor = 0

  struct Module {
    enum Phase: Equatable {
      case idle
      case waitingHome
      case homing
      case waitingDispatch
      case moving
    }
    var mode = ModuleMode.lookForHome
    var phase = Phase.idle
    var configured = false
    var target: Int?
    var dispatchAt = 0
    var sentAt = 0
    var flap: Int?
    var missed = 0
    var unexpected = 0
    var fault: ModuleFault?
    var busFailures = 0
  }

  public init(bank: SmartModuleBank, board: BoardDefinition, pollsPerTick: Int = 4) {
    self.bank = bank
    self.planner = Planner(board: board)
    self.pollsPerTick = max(1, pollsPerTick)
    modules = Array(repeating: Module(), count: bank.moduleCount)
    faultPending = PendingFaults(count: bank.moduleCount)
  }

  public var moduleCount: Int { modules.count }

  public var isIdle: Bool { modules.allSatisfy { $0.phase == .idle } }

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
      modules[index].phase = .waitingHome
    }
  }

  /// Starts the plan in `command` at `now`: each module gets its target at its planned start
  /// (for `reveal`, so that it lands when the plan says: smart modules move in one go).
  public func run(_ command: FlapCommand, at now: Int) {
    for index in modules.indices {
      let target = command.targets[index]
      modules[index].target = target
      guard modules[index].mode == .normal else { continue }
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
    var active = 0
    for module in modules where module.phase == .homing || module.phase == .moving {
      active += 1
    }
    for index in modules.indices where active < planner.budget {
      switch modules[index].phase {
      case .waitingHome:
        if !modules[index].configured {
          if let fault = bank.configure(module: index) {
            failed(index, fault)
            continue
          }
          modules[index].configured = true
        }
        if let fault = bank.home(module: index) {
          failed(index, fault)
        } else {
          succeeded(index)
          modules[index].phase = .homing
          modules[index].sentAt = now
          active += 1
        }
      case .waitingDispatch where now >= modules[index].dispatchAt:
        if let fault = bank.setTarget(modules[index].target ?? 0, module: index) {
          failed(index, fault)
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
    poll(now: now)
  }

  /// Reads busy modules round-robin; a spare read goes to an idle one, to notice resets.
  private func poll(now: Int) {
    let count = modules.count
    guard count > 0 else { return }
    var polls = 0
    var visited = 0
    while polls < pollsPerTick, visited < count {
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
    while polls < pollsPerTick, visited < count, idleDone < idleReads {
      let index = idleCursor
      idleCursor = (idleCursor + 1) % count
      visited += 1
      if modules[index].phase == .idle, modules[index].mode == .normal {
        read(index, now: now)
        polls += 1
        idleDone += 1
      }
    }
  }

  private func read(_ index: Int, now: Int) {
    switch bank.status(module: index) {
    case .success(let snapshot):
      succeeded(index)
      if modules[index].fault != nil, case .bus = modules[index].fault?.kind {
        modules[index].fault = nil  // it answers again
      }
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
      failed(index, fault)
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

  private func succeeded(_ index: Int) {
    modules[index].busFailures = 0
  }

  private func failed(_ index: Int, _ fault: ModuleFault) {
    record(index, fault)
    switch fault.kind {
    case .bus:
      modules[index].busFailures += 1
      if modules[index].busFailures >= Self.busFailureLimit { disable(index, .disabled) }
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
        _ = bank.clearFaults(module: index)  // noted; let it carry on
      }
    case .homeNotFound, .sensorStuckActive:
      disable(index, .sensorError)
    }
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
      reports[index].mode = modules[index].mode
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
