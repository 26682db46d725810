import ClackBoard
import ClackContent
import ClackHardware
import ClackScheduler
import ClackStore
import Logging

/// What every face of the daemon sits on: the board (its runner and the display loop that
/// feeds it), the store, the clock, the event stream, the metrics and the one accept service.
/// Faces (HTTP, the Local API, MQTT, the terminal view) hold this and nothing else of the
/// daemon's, so a test builds the same runtime in memory and drives the real faces over it.
public struct Runtime: Sendable {
  /// The settings as they are now (a reload replaces them).
  public let settings: LiveConfig
  public var config: RuntimeConfig { settings.current }
  public let store: ClackStore
  /// Store writes other than the display's, on the store thread.
  public let writer: StoreWriter
  public let display: Display
  public let messages: MessageService
  public let events: EventHub
  public let clock: DaemonClock
  /// From each message's acknowledgement to the first bus write of its move.
  public let latency: AcceptLatency
  /// All a face sees: messages in, commands, queries, events.
  public let service: BoardService
  /// Hands a burst's memory back once it is over; nil when `relievesMemory` was false.
  public let relief: MemoryRelief?

  /// Puts the parts together around an opened board and store; homing starts here (or, after
  /// a clean stop, the move from the saved positions: `cleanStop`). `pollWhileMoving`: the
  /// pause between reads of a moving board (a test on a fake board only yields).
  /// `relievesMemory`: hand a burst's memory back once it is over (`MemoryRelief`); off in
  /// tests that count what sleeps on their clock.
  public init(
    config: RuntimeConfig, runner: any RunningBoard, store: ClackStore, clock: DaemonClock,
    logger: Logger, cleanStop: CleanStop? = nil,
    pollWhileMoving: @escaping @Sendable () async -> Void = Display.realTimePoll,
    relievesMemory: Bool = true
  ) async {
    settings = LiveConfig(config)
    let zoneNames = config.resolvedZones(rows: runner.board.rows, cols: runner.board.cols)
      .map(\.name)
    if let items = Display.saved(.runOfShow, in: store, logger: logger) {
      let source = settings.setRunOfShow(items, zones: zoneNames, board: runner.board)
      Self.log(source, logger: logger)
    }
    self.store = store
    self.clock = clock
    events = EventHub()
    latency = AcceptLatency()
    writer = StoreWriter(store: store, executor: SerialThreadExecutor(name: "clack-store"))
    // Work (accepts, expiries) marks the relief; once none has come for a while, the burst's
    // memory is handed back.
    relief =
      !relievesMemory
      ? nil
      : MemoryRelief(clock: clock) { [store] in
        store.releaseMemory()
        // Locked pages cannot be handed back: unlocked for the trim, then locked again.
        if MemoryRelief.memoryIsLocked() {
          RealtimeGrant.withMemoryUnlocked { MemoryRelief.trimHeap() }
        } else {
          MemoryRelief.trimHeap()
        }
      }
    // The display loop has a thread of its own: a pin's or a quote's commit, waiting for its
    // fsync, does not hold up the next decision.
    display = Display(
      runner: runner, store: store, config: settings.current, clock: clock, events: events,
      logger: logger, latency: latency, executor: SerialThreadExecutor(name: "clack-display"),
      pollWhileMoving: pollWhileMoving, relief: relief)
    await display.startHoming(resuming: cleanStop)
    // Accepted messages are committed on a thread of their own: while one batch waits for
    // its fsync, the display loop goes on, and the next batch gathers.
    let commitThread = SerialThreadExecutor(name: "clack-commit")
    messages = MessageService(
      committer: MessageCommitter(store: store, executor: commitThread, clock: clock),
      display: display,
      settings: settings, events: events, clock: clock, latency: latency,
      relief: relief)
    service = BoardService(
      display: display, store: store, writer: writer, messages: messages, settings: settings,
      clock: clock, events: events, latency: latency)
  }

  /// Applies a reloaded config without stopping: the queue, the board's positions and what
  /// it shows stay. Zones cannot change while running (messages are laid out for them).
  /// A run of show set at run time stays, when it still resolves against the new config:
  /// the answer says where the run of show comes from now.
  @discardableResult
  public func reload(_ newConfig: RuntimeConfig) async throws(ReloadError) -> RunOfShowSource {
    let board = display.board
    let old = config.resolvedZones(rows: board.rows, cols: board.cols)
    let new = newConfig.resolvedZones(rows: board.rows, cols: board.cols)
    guard old == new else { throw ReloadError.zonesChanged }
    let source = settings.reconfigure(newConfig, zones: new.map(\.name), board: board)
    await display.reload(settings.current)
    return source
  }

  /// Says at start which run of show the board shows, when one was set at run time.
  private static func log(_ source: RunOfShowSource, logger: Logger) {
    switch source {
    case .config: break
    case .setAtRunTime:
      logger.notice(
        "showing the run of show set at run time, not the config's ('clack pages reset' goes back to the config's)"
      )
    case .setAside: logger.warning("\(source.setAsideWarning ?? "")")
    }
  }

  public var board: BoardDefinition { display.board }
}

/// Why a reloaded config was not applied.
public enum ReloadError: Error, Sendable, CustomStringConvertible {
  case zonesChanged

  public var description: String {
    switch self {
    case .zonesChanged:
      "the zones changed: queued messages are laid out for the old ones, so new zones take "
        + "effect at the next restart (systemctl restart clack); nothing else was applied"
    }
  }
}
