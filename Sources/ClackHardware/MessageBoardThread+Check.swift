import ClackDrivers
import ClackHAL

extension MessageBoardThread {
  /// Reads what the board shows, after a change settles and then every `checkNanoseconds`
  /// while nothing changes: what it reports becomes the state (someone may have changed it
  /// from its own app), and a board that stopped answering is reported even while idle.
  func check(_ progress: inout Progress) {
    let now = clock.nanoseconds()
    let next = checkNanoseconds > 0 ? now + checkNanoseconds : nil
    do throws(MessageBoardError) {
      let read = try link.shown()
      progress.checkAt = next
      if let read { progress.shown = read }
      let shown = progress.shown.map { flaps($0) }
      published.withLock { state in
        for module in state.modules.indices {
          if let shown {
            state.modules[module].flap = shown[module]
            state.modules[module].position = shown[module]
          }
          state.modules[module].faulted = false
          state.faults[module] = nil
        }
      }
    } catch {
      // Asked for time, or not answering: ask again then, or sooner than a full period.
      let again =
        error.retryAfterSeconds.map { Int($0 * 1e9) } ?? min(30_000_000_000, checkNanoseconds)
      progress.checkAt = next.map { _ in now + again }
      guard error.kind != .rateLimited else { return }
      let kind = Self.faultKind(error.kind)
      published.withLock { state in
        for module in state.modules.indices {
          state.modules[module].faulted = true
          state.faults[module] = ModuleFault(module: module, kind: kind, message: error.message)
        }
      }
    }
  }
}
