import CHeap
import Foundation
import Synchronization

/// Hands back the memory a burst of work used, once the burst is over. A flood of messages
/// leaves the allocator holding the heap its threads used (glibc keeps freed memory in each
/// thread's arena) and SQLite's connections holding full page caches: measured after 24,000
/// messages that had since expired, 21 MiB more than at rest, until a restart
/// (docs/performance.md, `scripts/bench-flood.sh`). `note()` marks work; once none has come for
/// `quietSeconds` (real time), `release` runs, once. Nothing runs while the daemon rests: the
/// wait is armed by work and ends with the release.
public final class MemoryRelief: Sendable {
  /// Real seconds without work before memory is handed back.
  public static let defaultQuietSeconds = 10.0
  private let clock: DaemonClock
  private let quietSeconds: Double
  private let release: @Sendable () -> Void
  private let state = Mutex<(lastWork: Double, armed: Bool)>((0, false))
  private let releaseCount = Atomic(0)
  /// How many times memory has been handed back (tests, metrics).
  public var releases: Int { releaseCount.load(ordering: .relaxed) }

  public init(
    clock: DaemonClock, quietSeconds: Double = defaultQuietSeconds,
    release: @escaping @Sendable () -> Void
  ) {
    self.clock = clock
    self.quietSeconds = quietSeconds
    self.release = release
  }

  /// Work was done: memory is handed back once none has come for `quietSeconds`.
  public func note() {
    let now = clock.monotonicSeconds()
    let arm = state.withLock { state in
      state.lastWork = now
      defer { state.armed = true }
      return !state.armed
    }
    guard arm else { return }
    Task.detached { [self] in await self.waitForQuiet() }
  }

  private func waitForQuiet() async {
    while true {
      let left = state.withLock { state in
        let left = state.lastWork + quietSeconds - clock.monotonicSeconds()
        if left <= 0 { state.armed = false }
        return left
      }
      if left <= 0 { break }
      do {
        try await clock.pause(realSeconds: left)
      } catch {
        state.withLock { $0.armed = false }
        return
      }
    }
    release()
    releaseCount.add(1, ordering: .relaxed)
  }

  /// Hands every arena's free pages back to the system (glibc's `malloc_trim`; elsewhere
  /// nothing).
  public static func trimHeap() {
    _ = clack_heap_trim()
  }

  /// What the C allocator holds now; nil where it does not say (not glibc).
  public static func heapFigures() -> HeapFigures? {
    var inUse: Int64 = -1
    var free: Int64 = -1
    clack_heap_figures(&inUse, &free)
    guard inUse >= 0, free >= 0 else { return nil }
    return HeapFigures(inUse: Int(inUse), freeHeld: Int(free))
  }

  /// Whether the process has locked memory (`VmLck` in /proc/self/status): the executor of real
  /// hardware locks it (`RealtimeSetup`).
  public static func memoryIsLocked() -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return false
    }
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmLck:") }) else {
      return false
    }
    return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 > 0 } ?? false
  }
}

/// The C allocator's holdings: what lives in it, and what it keeps free without handing it
/// back. After a burst, the live figure returns to rest; what the process's resident memory
/// keeps beyond it is free memory the allocator could not hand back (pages that a live block
/// shares).
public struct HeapFigures: Sendable, Hashable {
  /// Bytes in live blocks.
  public let inUse: Int
  /// Bytes free in the allocator's arenas.
  public let freeHeld: Int
}
