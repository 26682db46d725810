import ClackContent
import Foundation
import Synchronization

extension Display {
  /// How often the loop reads the board's report while it moves (real time): often enough
  /// for a viewer to see the flaps pass by.
  static let movingPollMilliseconds = 100

  /// The pause between reads of a moving board, in real time. (A test on a fake board, whose
  /// moves end when the test says, passes one that only yields.)
  public static let realTimePoll: @Sendable () async -> Void = {
    try? await Task.sleep(for: .milliseconds(movingPollMilliseconds))
  }

  /// The loop: a pass whenever something can change what the board shows, and between passes
  /// a sleep — until the next deadline on the injected clock (a message due or expiring, a
  /// schedule fire, the end of a dwell, quiet hours starting or ending) or until woken (a
  /// message accepted, removed or pinned, a command). Only while the board moves does it poll,
  /// to follow the executor's reports. Returns when the task is cancelled.
  public func run() async {
    while !Task.isCancelled {
      passes += 1
      step()
      if isBusy {
        await pollWhileMoving()
        // Messages expire while the board moves too: taken out of the store's queue and of
        // `messages` now, not when it next rests. Without this a board kept moving by a
        // stream of messages held every expired one, in memory and counted as queued.
        if expiredSinceRefresh() { dirty = true }
        continue
      }
      let now = clock.now()
      let deadline = nextDeadline(after: now)
      // A deadline of the content's own (not the queue's): its change may start early.
      let timed = deadline.flatMap { $0 == engine.nextChange(after: now) ? $0 : nil }
      landing = timed.flatMap { prepareLanding(for: $0, now: now) }
      let wakeAt = landing?.handover ?? deadline
      sleeping = (true, wakeAt)
      if await sleep(until: wakeAt) {
        dirty = true
        if landing == nil { dueInstant = timed }
      }
      sleeping.asleep = false
    }
  }

  /// True while the executor has work the loop must follow: homing, a command not yet taken,
  /// modules moving, a frame not yet handed over or not yet saved.
  public var isBusy: Bool {
    let state = runner.state
    // A scrolling line is followed too, so viewers see it move.
    return !homed || state.commandsApplied < commandsSent || !state.idle || screen != sent
      || runner.isAnimating
      || commandsSaved < commandsSent
  }

  /// True while the board changes with no change under way: a line scrolls.
  public nonisolated var isScrolling: Bool {
    runner.isAnimating && runner.state.idle
  }

  /// Whether a message expired since `messages` was read (an indexed look at each state).
  func expiredSinceRefresh() -> Bool {
    guard !dirty, let next = try? store.nextExpiry(after: refreshedAt) else { return false }
    return next <= clock.now()
  }

  /// The next time something can change what the board shows without anyone telling it.
  func nextDeadline(after now: Date) -> Date? {
    let stored: Date?
    do {
      stored = try store.nextTimedChange(after: now)
    } catch {
      logger.error("cannot read the queue's next due or expiry time: \(error)")
      stored = now.addingTimeInterval(60)  // try again in a (board) minute
    }
    let dimming = brightness?.nextChange(after: now, in: config.timeZone)
    return [engine.nextChange(after: now), stored, dimming, sources.nextCalendarChange]
      .compactMap { $0 }.min()
  }

  /// Sleeps until `deadline` (none: until woken); true when the deadline passed.
  private func sleep(until deadline: Date?) async -> Bool {
    let clock = self.clock
    let wake = self.wake
    return await withTaskGroup(of: Bool.self) { group in
      if let deadline {
        group.addTask {
          do {
            try await clock.sleep(until: deadline)
            return true
          } catch {
            return false
          }
        }
      }
      group.addTask {
        await wake.wait()
        return false
      }
      let reachedDeadline = await group.next() ?? false
      group.cancelAll()
      return reachedDeadline
    }
  }
}

/// Wakes one waiting task; a signal with nobody waiting is kept for the next wait.
final class WakeSignal: Sendable {
  private struct State {
    var pending = false
    var waiter: CheckedContinuation<Void, Never>?
  }
  private let state = Mutex(State())

  func signal() {
    let waiter = state.withLock { state in
      guard let waiter = state.waiter else {
        state.pending = true
        return nil as CheckedContinuation<Void, Never>?
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume()
  }

  /// Returns on a signal (or one given while nobody waited), or when the task is cancelled.
  func wait() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let now = state.withLock { state in
          if state.pending {
            state.pending = false
            return true
          }
          if Task.isCancelled { return true }
          state.waiter = continuation
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      state.withLock { state in
        defer { state.waiter = nil }
        return state.waiter
      }?.resume()
    }
  }
}
