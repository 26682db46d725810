import ClackCommands
import ClackRuntime
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Runs the display's loop until the daemon shuts down.
struct DisplayService: Service {
  let display: Display

  func run() async throws {
    await cancelWhenGracefulShutdown {
      await display.run()
    }
  }
}

/// Tells systemd (and the log) when the daemon is ready — homed and serving — and keeps
/// its watchdog fed while the executor thread is alive (ticking, or at rest by design). It
/// logs module faults as they appear and clear, and counts them in `STATUS=`. On shutdown it
/// says `STOPPING=1` and closes the event streams so open connections end.
struct LifecycleService: Service {
  let display: Display
  let events: EventHub
  let notifier: SystemdNotifier
  let serving: ServingFlag
  let logger: Logger
  /// Its real seconds count from the daemon's start.
  let clock: DaemonClock
  let address: String

  func run() async throws {
    await withGracefulShutdownHandler {
      await cancelWhenGracefulShutdown { await watch() }
    } onGracefulShutdown: {
      notifier.notify("STOPPING=1")
      events.finish()
    }
  }

  /// Waits for readiness, then feeds the watchdog; returns when cancelled.
  private func watch() async {
    var faults = FaultWatch()
    var polls = 0
    while !Task.isCancelled {
      if serving.isSet, await display.homed { break }
      polls += 1
      if polls % 50 == 0 { report(&faults, status: "homing") }
      try? await Task.sleep(for: .milliseconds(20))
    }
    guard !Task.isCancelled else { return }
    // Faults homing found are logged before READY, which then counts them.
    report(&faults, status: "homing")
    let milliseconds = Int(clock.monotonicSeconds() * 1000)
    logger.info("ready: homed and serving http://\(address) (\(milliseconds) ms after start)")
    notifier.notify("READY=1\nSTATUS=serving http://\(address)\(faults.summary)")
    var lastTicks = -1
    // Faults are looked for as often as the watchdog is fed, and every 10 s without one: a
    // wake-up that costs microseconds.
    let interval = min(notifier.watchdogInterval ?? .seconds(10), .seconds(10))
    while !Task.isCancelled {
      try? await Task.sleep(for: interval)
      guard !Task.isCancelled else { break }
      report(&faults, status: "serving http://\(address)")
      guard notifier.watchdogInterval != nil else { continue }
      // Only a live executor earns a watchdog ping: one that ticked since the last, or one
      // resting by design (blocked until a command, with nothing to move). A thread stuck
      // anywhere else gets restarted.
      let board = display.runner
      let ticks = board.state.ticks
      if ticks != lastTicks || board.isDormant { notifier.notify("WATCHDOG=1") }
      lastTicks = ticks
    }
  }
}

extension LifecycleService {
  /// Logs faults that appeared (warnings) or cleared (notices) and updates `STATUS=`.
  func report(_ faults: inout FaultWatch, status: String) {
    guard let change = faults.look(at: display.runner, now: clock.monotonicSeconds()) else {
      return
    }
    for line in change.appeared { logger.warning("\(line)") }
    for line in change.cleared { logger.notice("\(line)") }
    notifier.notify("STATUS=\(status)\(faults.summary)")
  }
}

/// Set once the HTTP server listens.
final class ServingFlag: Sendable {
  private let flag = Mutex(false)
  var isSet: Bool { flag.withLock { $0 } }
  func set() { flag.withLock { $0 = true } }
}

/// Returns once SIGTERM or SIGINT arrives, which shuts the service group down gracefully.
struct StopSignalService: Service {
  let logger: Logger

  func run() async throws {
    StopSignal.install()
    let number = await cancelWhenGracefulShutdown { await StopSignal.wait() }
    if number != 0 {
      logger.info("\(StopSignal.name(number)) received: stopping")
    }
  }
}
