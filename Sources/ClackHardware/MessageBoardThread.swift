import ClackCore
import ClackDrivers
import ClackHAL
import ClackScheduler
import Dispatch
import Foundation
import Synchronization

/// The thread that drives a message board (a Vestaboard over its Local API): it takes the
/// display's changes, posts each to the board through its link, waits when the board asks for
/// time and tries again when it does not answer, and reports what the board shows as a flap
/// board's executor reports its modules. It is not a real-time loop: nothing here steps a
/// motor and every call waits on the network, so it runs at normal priority, blocks while
/// nothing is to be done, and never drops a change it took (a newer one only replaces it).
final class MessageBoardThread: RealtimeThread, @unchecked Sendable {
  /// A change handed over: the whole board as rows of codes.
  struct Change: Sendable {
    var rows: [[Int]]
    var animation: BoardAnimation?
    /// `MonotonicTickClock.raw` nanoseconds; 0: at once.
    var notBefore: Int
    /// Read what the board shows first (the start, in place of homing).
    var reading: Bool
  }

  let moduleCount: Int
  /// How often the display looks at a change in progress; the thread itself has no tick.
  let tickNanoseconds = 20_000_000
  /// No ticks, so nothing is recorded (retired at once: readers see empty histograms).
  let jitter = JitterRecorder()
  let work = JitterRecorder()
  let link: any MessageBoardLink
  private let timing: MessageBoardTiming
  let clock: any TickClock
  /// Each module's flap index for the board's rows of codes (-1 for a code the flap set lacks).
  let flaps: @Sendable ([[Int]]) -> [Int]
  /// How often the board is read while nothing changes, to report what it shows and whether
  /// it answers (0: only after each change).
  let checkNanoseconds: Int

  private struct Inbox {
    var changes: [Change] = []
    var stop = false
  }
  private let inbox = Mutex(Inbox())
  let published: Mutex<ExecutorState>
  private let wakeUp = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private let running = Atomic<Bool>(false)
  private let dormant = Atomic<Bool>(false)

  init(
    link: any MessageBoardLink, moduleCount: Int, timing: MessageBoardTiming,
    clock: any TickClock, checkSeconds: Int, flaps: @escaping @Sendable ([[Int]]) -> [Int]
  ) {
    self.link = link
    checkNanoseconds = checkSeconds * 1_000_000_000
    self.moduleCount = moduleCount
    self.timing = timing
    self.clock = clock
    self.flaps = flaps
    published = Mutex(ExecutorState(moduleCount: moduleCount))
    jitter.retire()
    work.retire()
  }

  var isDormant: Bool { dormant.load(ordering: .acquiring) }
  var state: ExecutorState { published.withLock { $0 } }

  /// Hands a change over; a change not yet posted is replaced by it (and counted as applied).
  func send(_ change: Change) {
    inbox.withLock { $0.changes.append(change) }
    wakeUp.signal()
  }

  func start() -> RealtimeGrant {
    let grant = RealtimeGrant.networkBoard
    guard !running.exchange(true, ordering: .acquiringAndReleasing) else { return grant }
    let thread = Thread { [self] in main() }
    thread.name = "clack-board-link"
    thread.start()
    return grant
  }

  func stop() {
    guard running.load(ordering: .acquiring) else { return }
    let first = inbox.withLock { inbox in
      defer { inbox.stop = true }
      return !inbox.stop
    }
    guard first else { return }
    wakeUp.signal()
    finished.wait()
  }

  func wait(
    timeoutSeconds: Double, pollMilliseconds: Int, until condition: (ExecutorState) -> Bool
  ) -> ExecutorState {
    let deadline = MonotonicTickClock.raw() + Int(timeoutSeconds * 1e9)
    var current = state
    while !condition(current), MonotonicTickClock.raw() < deadline {
      Thread.sleep(forTimeInterval: Double(pollMilliseconds) / 1000)
      current = state
    }
    return current
  }

  // MARK: The thread

  /// What the thread knows between passes of its loop.
  struct Progress {
    /// What the board shows, as last read or posted; nil until read.
    var shown: [[Int]]?
    /// The change being carried out (waiting for its time, or for the board).
    var current: Change?
    /// Failed attempts at `current` in a row, and when to try again.
    var failures = 0
    var retryAt = 0
    /// When the board's last change will have settled (clock nanoseconds), while it moves.
    var movingUntil: Int?
    /// When to read the board next, while nothing changes (`check`).
    var checkAt: Int?
  }

  private func main() {
    let started = clock.nanoseconds()
    var progress = Progress()
    while true {
      let (taken, stop) = inbox.withLock { inbox in
        defer { inbox.changes.removeAll(keepingCapacity: true) }
        return (inbox.changes, inbox.stop)
      }
      if stop { break }
      take(taken, into: &progress)
      let now = clock.nanoseconds()
      if let change = progress.current, now >= start(of: change, progress) {
        carryOut(change, at: now, &progress)
      }
      if let until = progress.movingUntil, clock.nanoseconds() >= until {
        progress.movingUntil = nil
        published.withLock { state in
          for module in state.modules.indices { state.modules[module].moving = false }
          state.idle = progress.current == nil
          state.settledAt = MonotonicTickClock.raw()
        }
        // Once it rests, what the board reports it shows is the state.
        progress.checkAt = clock.nanoseconds()
      }
      if progress.current == nil, progress.movingUntil == nil, let at = progress.checkAt,
        clock.nanoseconds() >= at
      {
        check(&progress)
      }
      published.withLock { state in
        state.ticks += 1
        state.nowMicroseconds = (clock.nanoseconds() - started) / 1000
      }
      let deadlines = [
        progress.movingUntil, progress.current.map { start(of: $0, progress) },
        progress.current == nil ? progress.checkAt : nil,
      ]
      if let deadline = deadlines.compactMap(\.self).min() {
        _ = clock.wait(for: wakeUp, until: deadline)
      } else {
        dormant.store(true, ordering: .releasing)
        wakeUp.wait()
        dormant.store(false, ordering: .releasing)
      }
    }
    published.withLock { $0.stopped = true }
    finished.signal()
  }

  /// Takes the changes handed over since the last pass: the newest replaces any not yet
  /// posted, which count as applied (the display counts every change it hands over), and a
  /// start still to read the board is kept.
  private func take(_ changes: [Change], into progress: inout Progress) {
    guard var newest = changes.last else { return }
    let replaced = changes.count - 1 + (progress.current == nil ? 0 : 1)
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
  private func start(of change: Change, _ progress: Progress) -> Int {
    var start = progress.retryAt
    if change.notBefore > 0 {
      start = max(start, clock.nanoseconds() + (change.notBefore - MonotonicTickClock.raw()))
    }
    return start
  }

  /// Reads the board if it has not been read, then posts `change` when it differs from what
  /// the board shows. A failure leaves the change to try again (a message the board refused
  /// is dropped: sending it again would be refused again) and reports it on every module.
  private func carryOut(_ change: Change, at now: Int, _ progress: inout Progress) {
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

  private func applied(
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
      state.commandsApplied += 1
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

  private func failed(
    _ change: Change, _ error: MessageBoardError, at now: Int, _ progress: inout Progress
  ) {
    progress.failures += 1
    let backoff = Double(1 << min(progress.failures - 1, 5))
    progress.retryAt = now + Int((error.retryAfterSeconds ?? min(30, backoff)) * 1e9)
    // Asked for time: a wait, not a fault.
    guard error.kind != .rateLimited else { return }
    let dropped = error.kind == .refused && !change.reading
    if dropped { progress.current = nil }
    let kind = Self.faultKind(error.kind)
    published.withLock { state in
      if dropped {
        state.commandsApplied += 1
        state.idle = progress.movingUntil == nil
      }
      for module in state.modules.indices {
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
