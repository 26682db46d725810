import ClackBoard
import ClackContent
import ClackHardware
import ClackStore
import Logging

/// What every face of the daemon sits on: the board (its runner and the display loop that
/// feeds it), the store, the clock, the event stream, the metrics and the one accept service.
/// Faces (HTTP, the Local API, MQTT, the terminal view) hold this and nothing else of the
/// daemon's, so a test builds the same runtime in memory and drives the real faces over it.
public struct Runtime: Sendable {
  public let config: RuntimeConfig
  public let store: ClackStore
  /// Store writes other than the display's, on the store thread.
  public let writer: StoreWriter
  public let display: Display
  public let messages: MessageService
  public let events: EventHub
  public let clock: DaemonClock
  /// From each message's acknowledgement to the first bus write of its move.
  public let latency: AcceptLatency

  /// Puts the parts together around an opened board and store; homing starts here (or, after
  /// a clean stop, the move from the saved positions: `cleanStop`).
  public init(
    config: RuntimeConfig, runner: BoardRunner, store: ClackStore, clock: DaemonClock,
    logger: Logger, cleanStop: CleanStop? = nil
  ) async {
    self.config = config
    self.store = store
    self.clock = clock
    events = EventHub()
    latency = AcceptLatency()
    let storeThread = SerialThreadExecutor(name: "clack-store")
    writer = StoreWriter(store: store, executor: storeThread)
    display = Display(
      runner: runner, store: store, config: config, clock: clock, events: events,
      logger: logger, latency: latency, executor: storeThread)
    await display.startHoming(resuming: cleanStop)
    // Accepted messages are committed on a thread of their own: while one batch waits for
    // its fsync, the display loop goes on, and the next batch gathers.
    let commitThread = SerialThreadExecutor(name: "clack-commit")
    messages = MessageService(
      committer: MessageCommitter(store: store, executor: commitThread), display: display,
      config: config, events: events, clock: clock, latency: latency)
  }

  public var board: BoardDefinition { display.board }
}
