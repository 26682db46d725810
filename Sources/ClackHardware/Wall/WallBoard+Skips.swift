import ClackScheduler

/// A change of the wall that leaves the local tile as it is takes no command of the local
/// board: one would wait for its start (the frame's instant) and hold every later change
/// behind it, so a headline sent just after a ticker line landed half a second late. The
/// display still counts one command for it, so the wall's state counts it applied once
/// every local command before it is, and says it moved nothing (`lastAppliedAt` after the
/// local board's last settling), so no landing is measured for it.
struct SkippedChanges {
  /// Skipped changes not yet counted applied: the local commands sent before each, and when
  /// it was made (raw nanoseconds).
  private var pending: [(afterLocal: Int, at: Int)] = []
  /// Skipped changes counted applied.
  private(set) var applied = 0
  /// When the latest counted one was made.
  private var appliedAt = 0
  /// True while the wall's latest change was a skipped one.
  private var latestSkipped = false

  mutating func skip(at raw: Int, afterLocal: Int) {
    pending.append((afterLocal, raw))
    latestSkipped = true
  }

  /// A local command was sent after them.
  mutating func passed() { latestSkipped = false }

  /// The local board's counters with the skipped changes in: `commandsApplied` counts those
  /// whose local commands before them are applied; while the latest change was skipped and
  /// is counted, `lastAppliedAt` is after the local board settled (it moved nothing).
  mutating func count(into state: inout ExecutorState) {
    while let first = pending.first, first.afterLocal <= state.commandsApplied {
      pending.removeFirst()
      applied += 1
      appliedAt = first.at
    }
    state.commandsApplied += applied
    guard latestSkipped, pending.isEmpty else { return }
    state.lastAppliedAt = max(state.lastAppliedAt, appliedAt, state.settledAt + 1)
  }
}
