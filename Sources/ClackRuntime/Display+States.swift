import ClackContent
import ClackScheduler
import ClackStore
import Foundation

/// What the display keeps in the store: the frame the board settled on, and message states
/// as the display changes them: in `messages` at once, in the store now or
/// with the pass's other changes, and on the event stream.
extension Display {
  /// Moves a message to `state` in the store, in `messages` and on the event stream.
  func setState(_ state: MessageState, id: Int64, at now: Date, reason: String)
    throws(StoreError)
  {
    try store.setState(state, id: id, at: now, reason: reason)
    noteState(state, id: id, at: now)
    publishMessage(id: id, state: state, reason: reason)
  }

  /// Moves a message to `state` in `messages` at once, and in the store (and on the event
  /// stream) with the pass's other changes once its move is handed over (`saveStates`): a
  /// commit's fsync must not stand between an urgent message and the board.
  func deferState(_ state: MessageState, id: Int64, at now: Date, reason: String) {
    noteState(state, id: id, at: now)
    unsavedStates.append(StateChange(id: id, state: state, reason: reason))
  }

  func noteState(_ state: MessageState, id: Int64, at now: Date) {
    if let index = messages.firstIndex(where: { $0.id == id }) {
      messages[index].state = state
      if !messages[index].isActive(at: now) { messages.remove(at: index) }
    }
  }

  /// Writes the pass's changes of state in one transaction, then publishes them.
  func saveStates(at now: Date) {
    guard !unsavedStates.isEmpty else { return }
    let changes = unsavedStates
    unsavedStates.removeAll()
    do {
      try store.setStates(changes, at: now)
    } catch {
      logger.error("could not save \(changes.count) changes of message state: \(error)")
      dirty = true  // read the queue again: it says what the store holds
      return
    }
    for change in changes {
      publishMessage(id: change.id, state: change.state, reason: change.reason)
    }
  }

  /// At a clean stop: saves the frame the board has settled on, if the loop has not yet (it
  /// looks every 100 ms while the board moves), so the next start shows it at once instead of
  /// a blank board that then turns to the content.
  public func saveIfSettled() {
    saveWhenSettled(runner.state, now: clock.now())
  }

  /// Saves the frame once the board has settled on it, so a restart can return to it.
  func saveWhenSettled(_ state: ExecutorState, now: Date) {
    guard homed, commandsSaved < commandsSent, state.commandsApplied >= commandsSent, state.idle,
      let codes = try? sent.frame.codes()
    else { return }
    let flaps = state.modules.map { $0.flap >= 0 ? $0.flap : nil }
    do {
      try store.saveBoardState(BoardSnapshot(codes: codes, flaps: flaps, savedAt: now))
      commandsSaved = commandsSent
    } catch {
      logger.error("could not save the board's state: \(error)")
    }
  }
}
