import ClackDrivers
import ClackHAL
import ClackScheduler

/// Carrying out the display's changes: taking them, posting them when their time comes, and
/// what a post's success or failure does to the state.
extension MessageBoardThread {
  /// Takes the changes handed over since the last pass: the newest replaces any not yet
  /// posted, which count as applied (the display counts every change it hands over), and a
  /// start still to read the board is kept.
  func take(_ changes: [Change], into progress: inout Progress) {
    guard var newest = changes.last else { return }
    let replaced = changes.count - 1 + (progress.current?.counted == true ? 1 : 0)
    newest.reading =
      newest.reading || progress.current?.reading == true
      || changes.contains(where: \.reading)
    // The board's wait (its Retry-After, or backoff while it does not answer) stands.
    progress.current = newest
    let waiting = progress.shown.map { flaps($0) }
    let target = flaps(newest.rows)
    published.withLock { state in
      state.commandsApplied += replaced
      state.idle = false
      for module in state.modules.indices {
        state.modules[module].waiting = waiting.map { $0[module] != target[module] } ?? true
      }
    }
  }

  /// When `change` may be posted: its own start, and not before the board's wait is over.
  func start(of change: Change, _ progress: Progress) -> Int {
    var start = progress.retryAt
    if change.notBefore > 0 {
      start = max(start, clock.nanoseconds() + (change.notBefore - MonotonicTickClock.raw()))
    }
    return start
  }

  /// Reads the board if it has not been read, then posts `change` when it differs from what
  /// the board shows. A failure leaves the change to try again (a message the board refused
  /// is dropped: sending it again would be refused again) and reports it on every module.
  func carryOut(_ change: Change, at now: Int, _ progress: inout Progress) {
    do throws(MessageBoardError) {
      if change.reading || progress.shown == nil {
        guard let read = try link.shown() else {
          // The board cannot say yet (another Clack board homing): ask again shortly.
          progress.retryAt = now + 1_000_000_000
          return
        }
        progress.shown = read
        published.withLock { state in
          for (module, flap) in flaps(read).enumerated() {
            state.modules[module].mode = .normal
            state.modules[module].flap = flap
            state.modules[module].position = flap
          }
        }
      }
      var moveNanoseconds = 0
      if progress.shown != change.rows {
        try link.show(change.rows, animation: change.animation)
        moveNanoseconds =
          timing.microseconds(
            from: progress.shown ?? [], to: change.rows, animation: change.animation) * 1000
      }
      applied(change, moving: moveNanoseconds, at: now, &progress)
    } catch {
      failed(change, error, at: now, &progress)
    }
  }

  func applied(
    _ change: Change, moving nanoseconds: Int, at now: Int, _ progress: inout Progress
  ) {
    let before = progress.shown.map { flaps($0) } ?? []
    let after = flaps(change.rows)
    progress.shown = change.rows
    progress.current = nil
    progress.failures = 0
    progress.retryAt = 0
    if nanoseconds > 0 {
      progress.movingUntil = now + nanoseconds
    } else {
      progress.checkAt = checkNanoseconds > 0 ? now + checkNanoseconds : nil
    }
    published.withLock { state in
      if change.counted { state.commandsApplied += 1 }
      state.lastAppliedAt = MonotonicTickClock.raw()
      for module in state.modules.indices {
        let changes = module < before.count && before[module] != after[module]
        state.modules[module].moving = nanoseconds > 0 && changes
        state.modules[module].waiting = false
        state.modules[module].mode = .normal
        state.modules[module].flap = after[module]
        state.modules[module].position = after[module]
        state.modules[module].faulted = false
        state.faults[module] = nil
      }
      if nanoseconds == 0 {
        state.idle = true
        state.settledAt = state.lastAppliedAt
      }
    }
  }

  func failed(
    _ change: Change, _ error: MessageBoardError, at now: Int, _ progress: inout Progress
  ) {
    progress.failures += 1
    let backoff = Double(1 << min(progress.failures - 1, 5))
    progress.retryAt = now + Int((error.retryAfterSeconds ?? min(30, backoff)) * 1e9)
    // Asked for time: a wait, not a fault.
    guard error.kind != .rateLimited else { return }
    let dropped = error.kind == .refused && !change.reading
    if dropped { progress.current = nil }
    // A board that does not answer at the start does not hold the start up (the daemon is
    // ready, serves and queues): the start counts as done, with every cell unknown and
    // faulted, and its screen is still owed to the board, sent when it answers.
    let startGivenUp = change.reading && change.counted && progress.shown == nil
    if startGivenUp { progress.current?.counted = false }
    let kind = Self.faultKind(error.kind)
    published.withLock { state in
      if (dropped && change.counted) || startGivenUp {
        state.commandsApplied += 1
        state.idle = progress.movingUntil == nil
      }
      for module in state.modules.indices {
        if startGivenUp { state.modules[module].mode = .normal }
        state.modules[module].faulted = true
        if dropped { state.modules[module].waiting = false }
        state.faults[module] = ModuleFault(module: module, kind: kind, message: error.message)
      }
    }
  }

  /// A board's answer as the fault a module on a bus would report.
  static func faultKind(_ kind: MessageBoardError.Kind) -> ModuleFault.Kind {
    switch kind {
    case .unauthorized: .bus(.permissionDenied)
    case .rateLimited: .bus(.busy)
    case .unreachable: .bus(.timeout)
    case .refused: .bus(.invalidArgument)
    case .malformed: .bus(.busError)
    }
  }
}
