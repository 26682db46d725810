import ClackDrivers
import Dispatch
import Foundation
import Synchronization

/// Runs a `TickExecutor` on a dedicated thread at a fixed tick on a monotonic clock, with
/// absolute deadlines (a late tick never shifts the ones after it), SCHED_FIFO and locked
/// memory when the system allows. The async world talks to it only through preallocated,
/// lock-free structures: commands go in through a ring of slots, reports come out through a
/// triple buffer, faults through a second ring, jitter through a double-buffered histogram.
/// The loop itself allocates nothing, takes no lock and never awaits.
///
/// From `start()` on, the executor (and any simulated hardware under it) belongs to the
/// thread; after `stop()` returns it is the caller's again. `Command` is the executor's own
/// kind of command (`FlapCommand`, `ScreenCommand`); what does not depend on it is
/// `RealtimeThread`, which the layers above hold.
public final class ExecutorThread<Command: TimedCommand>: RealtimeThread, @unchecked Sendable {
  public let moduleCount: Int
  public let tickNanoseconds: Int
  public let jitter = JitterRecorder()
  /// How long each tick's work took, from the wake-up to the report published (commands
  /// taken, the tick, its hook): what the thread spends of each period. On a twin (see
  /// `HardwareTimeline`), the time its bus work takes on the wire.
  public let work = JitterRecorder()
  private let executor: any TickExecutor<Command>
  /// The same executor when it draws a picture (found once, here, not in the loop).
  private let picture: (any PictureReporting)?
  private let clock: TickClock
  private let setup: RealtimeSetup
  private let onTick: ((Int) -> Void)?
  private let timeline: (any HardwareTimeline)?
  private let commands: SPSCRing<Command>
  private let faults: SPSCRing<FaultSlot>
  private let reports: TripleBuffer<ExecutorReport>
  private let stopRequested = Atomic<Bool>(false)
  /// True while the thread blocks for want of work (see `TickExecutor.isDormant`); whoever
  /// clears it signals `wakeUp`.
  private let dormant = Atomic<Bool>(false)
  private let wakeUp = DispatchSemaphore(value: 0)
  private let running = Atomic<Bool>(false)
  private let started = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private let producer = Mutex<Void>(())
  private let reader: Mutex<[ModuleFault?]>
  /// The thread's request to keep the CPUs out of deep idle states (its own: only it uses it).
  private var cpuLatency = CPULatencyHold()
  /// Written by the thread before `started` is signalled, read by `start()` after.
  private var grant = RealtimeGrant(fifoPriority: nil, memoryLocked: false, problems: [])

  final class FaultSlot {
    var fault: ModuleFault?
  }

  /// - Parameters:
  ///   - tickMicroseconds: the tick period; at most one step per module per tick.
  ///   - onTick: called on the thread before each tick with the tick's scheduled time, in
  ///     nanoseconds since the thread started: its deadline, not when the thread woke. A
  ///     simulated board's clock follows it, so the host's wake-up lateness never reaches the
  ///     simulated motors (a sped-up simulation would multiply it by its speed and step them
  ///     faster than any motor follows; the jitter benchmark measures it instead). It must not
  ///     allocate either.
  ///   - timeline: a simulated twin's clock (see `HardwareTimeline`). With one, the executor's
  ///     time is the twin's, each tick's work is the time its bus work takes on the wire, and
  ///     only that work makes a tick overrun; without one (real hardware), both are the
  ///     host's.
  public init(
    executor: any TickExecutor<Command>, tickMicroseconds: Int,
    clock: TickClock = MonotonicTickClock(),
    setup: RealtimeSetup = RealtimeSetup(), onTick: ((Int) -> Void)? = nil,
    timeline: (any HardwareTimeline)? = nil, commandSlots: Int = 4
  ) {
    self.executor = executor
    picture = executor as? any PictureReporting
    self.moduleCount = executor.moduleCount
    self.tickNanoseconds = max(1, tickMicroseconds) * 1000
    self.clock = clock
    self.setup = setup
    self.onTick = onTick
    self.timeline = timeline
    let count = executor.moduleCount
    commands = SPSCRing(slots: (0..<max(1, commandSlots)).map { _ in executor.makeCommandSlot() })
    faults = SPSCRing(slots: (0..<max(64, count)).map { _ in FaultSlot() })
    let pixelCount = picture?.pixelCount ?? 0
    reports = TripleBuffer { ExecutorReport(moduleCount: count, pixelCount: pixelCount) }
    reader = Mutex(Array(repeating: nil, count: count))
  }

  /// Starts the thread and says what real-time treatment it got (one line for the log).
  @discardableResult
  public func start() -> RealtimeGrant {
    guard !running.exchange(true, ordering: .acquiringAndReleasing) else { return grant }
    let thread = Thread { [self] in main() }
    thread.name = "clack-executor"
    thread.stackSize = 1 << 20
    thread.start()
    started.wait()
    return grant
  }

  /// Stops the loop, which stops all motion and switches every coil off, and waits for it.
  public func stop() {
    guard running.load(ordering: .acquiring) else { return }
    guard !stopRequested.exchange(true, ordering: .acquiringAndReleasing) else { return }
    wake()
    finished.wait()
  }

  /// Hands a command to the thread: `fill` writes into a preallocated slot. False while all
  /// slots wait to be taken (the thread takes them on its next tick, or its first tick at or
  /// after `notBefore`, `MonotonicTickClock.raw` nanoseconds, when that is later).
  @discardableResult
  public func send(notBefore: Int = 0, _ fill: (Command) -> Void) -> Bool {
    producer.withLock { _ in
      guard let slot = commands.reserve() else { return false }
      fill(slot)
      slot.notBefore = notBefore
      commands.publish()
      wake()
      return true
    }
  }

  /// True while the thread blocks with nothing to do (a board at rest), or rests between an
  /// idle smart board's fault-watching reads.
  public var isDormant: Bool { dormant.load(ordering: .acquiring) }

  /// Ends a dormant wait, if the thread is in one.
  private func wake() {
    if dormant.exchange(false, ordering: .acquiringAndReleasing) { wakeUp.signal() }
  }

  /// The latest report, with each module's current fault.
  public var state: ExecutorState {
    reader.withLock { table in
      while let slot = faults.peek() {
        if let fault = slot.fault, fault.module < table.count { table[fault.module] = fault }
        faults.release()
      }
      let report = reports.read()
      // The arrays are copied into storage of the state's own, not shared with the report: a
      // shared one, still held when the buffer came back to the writer, would make the
      // executor's next write to it copy the whole array on the real-time thread (copy on
      // write), an allocation in the loop whenever a reader keeps its state for two ticks,
      // as the display does.
      var state = ExecutorState(
        modules: report.modules.withUnsafeBufferPointer(Array.init),
        faults: report.modules.indices.map { report.modules[$0].faulted ? table[$0] : nil },
        ticks: report.ticks, nowMicroseconds: report.nowMicroseconds, idle: report.idle,
        commandsApplied: report.commandsApplied, lastAppliedAt: report.lastAppliedAt,
        deadlineMisses: report.deadlineMisses,
        stopped: report.stopped)
      state.pixels = report.pixels.withUnsafeBufferPointer(Array.init)
      state.brightness = report.brightness
      state.settledAt = report.settledAt
      return state
    }
  }

  /// Polls the state every `pollMilliseconds` of real time until `condition` holds or
  /// `timeoutSeconds` pass; returns the last state seen. For command-line tools and tests.
  public func wait(
    timeoutSeconds: Double, pollMilliseconds: Int,
    until condition: (ExecutorState) -> Bool
  ) -> ExecutorState {
    let deadline = MonotonicTickClock.raw() + Int(timeoutSeconds * 1e9)
    var current = state
    while !condition(current), MonotonicTickClock.raw() < deadline {
      var pause = timespec(tv_sec: 0, tv_nsec: pollMilliseconds * 1_000_000)
      nanosleep(&pause, nil)
      current = state
    }
    return current
  }

  // MARK: - The thread

  private func main() {
    RealtimeGrant.raisePriority(setup, into: &grant)
    RealtimeGrant.place(setup, into: &grant)
    cpuLatency.open(setup, into: &grant)
    // Last, on this thread: its stack and everything set up so far are mapped by now.
    RealtimeGrant.lockMemory(setup, into: &grant)
    started.signal()
    let period = tickNanoseconds
    let origin = clock.nanoseconds()
    var deadline = origin
    var ticks = 0
    var applied = 0
    var misses = 0
    var appliedAt = 0
    var settledAt = 0
    var wasIdle = true
    while !stopRequested.load(ordering: .acquiring) {
      deadline += period
      clock.sleep(until: deadline)
      let woke = clock.nanoseconds()
      jitter.record(nanoseconds: woke - deadline)
      onTick?(deadline - origin)
      // A twin starts each tick at its scheduled time; real hardware when the thread woke.
      let started: Int
      if let timeline {
        timeline.moveOn(to: deadline - origin)
        started = origin + timeline.nanoseconds
      } else {
        started = woke
      }
      let now = (started - origin) / 1000
      while let command = commands.peek() {
        // One handed over early waits for its moment, and those behind it with it.
        if command.notBefore > 0, MonotonicTickClock.raw() < command.notBefore { break }
        executor.apply(command, now: now)
        commands.release()
        applied += 1
        appliedAt = MonotonicTickClock.raw()
      }
      executor.tick(now: now)
      ticks += 1
      let idle = executor.isIdle
      if idle, !wasIdle { settledAt = MonotonicTickClock.raw() }
      wasIdle = idle
      handOverFaults()
      reports.writeBuffer.lastAppliedAt = appliedAt
      reports.writeBuffer.settledAt = settledAt
      publish(ticks: ticks, now: now, applied: applied, misses: misses, idle: idle, stopped: false)
      // A twin's tick ends when its bus work would; real hardware's when the thread is done.
      let done = timeline.map { origin + $0.nanoseconds } ?? clock.nanoseconds()
      work.record(nanoseconds: done - started)
      if done >= deadline + period {
        // Overran into the next period(s): count them and rejoin the grid after `done`.
        let late = (done - deadline) / period
        misses += late
        deadline += late * period
      }
      let restFor = executor.restMicroseconds
      if restFor > 0, rest(microseconds: restFor, after: deadline) {
        // Ticks go on from the wake-up: a command that ended the rest is taken at once. Not
        // before the last tick's work ended, though: a twin's bus time may run past the
        // host's clock, and a tick cannot start on a bus that is still busy.
        deadline = max(clock.nanoseconds(), done) - period
      }
    }
    executor.shutdown()
    cpuLatency.close()
    RealtimeGrant.unplace(grant)
    handOverFaults()
    publish(
      ticks: ticks, now: (clock.nanoseconds() - origin) / 1000, applied: applied, misses: misses,
      idle: executor.isIdle, stopped: true)
    jitter.retire()
    work.retire()
    finished.signal()
  }

  /// Blocks until a command comes (or stop is asked), or until `microseconds` after the last
  /// tick's deadline (`Int.max`: no limit), unless a command is already waiting; true when it
  /// blocked. Flag first, then look: a command published in between clears the flag and
  /// signals, so the wait returns at once.
  private func rest(microseconds: Int, after deadline: Int) -> Bool {
    guard microseconds == .max || microseconds * 1000 > tickNanoseconds else { return false }
    dormant.store(true, ordering: .sequentiallyConsistent)
    if commands.peek() != nil || stopRequested.load(ordering: .acquiring) {
      // Take the flag back; if a sender took it first, its signal is on the way: consume it.
      if !dormant.exchange(false, ordering: .acquiringAndReleasing) { wakeUp.wait() }
      return false
    }
    // Deep idle states are fine while nothing ticks; the first tick after pays for one wake.
    cpuLatency.release()
    defer { cpuLatency.hold() }
    if microseconds == .max {
      wakeUp.wait()
    } else if !clock.wait(for: wakeUp, until: deadline + microseconds * 1000) {
      // Woke by the clock: take the flag back, or consume the signal of a sender who took it.
      if !dormant.exchange(false, ordering: .acquiringAndReleasing) { wakeUp.wait() }
    }
    return true
  }

  private func handOverFaults() {
    while let fault = executor.nextNewFault() {
      guard let slot = faults.reserve() else { break }  // the report still flags the module
      slot.fault = fault
      faults.publish()
    }
  }

  private func publish(
    ticks: Int, now: Int, applied: Int, misses: Int, idle: Bool, stopped: Bool
  ) {
    let report = reports.writeBuffer
    executor.report(into: &report.modules)
    picture?.report(pixels: &report.pixels, brightness: &report.brightness)
    report.ticks = ticks
    report.nowMicroseconds = now
    report.idle = idle
    report.commandsApplied = applied
    report.deadlineMisses = misses
    report.stopped = stopped
    reports.publish()
  }
}
