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
    /// Handed over by the display, which counts it as applied once done or replaced; false
    /// for the start's screen still owed to a board that did not answer at the start.
    var counted = true
  }

  let moduleCount: Int
  /// How often the display looks at a change in progress; the thread itself has no tick.
  let tickNanoseconds = 20_000_000
  /// No ticks, so nothing is recorded (retired at once: readers see empty histograms).
  let jitter = JitterRecorder()
  let work = JitterRecorder()
  let link: any MessageBoardLink
  let timing: MessageBoardTiming
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
          state.idle = progress.current?.counted != true
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
}
