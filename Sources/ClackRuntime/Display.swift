import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackScheduler
import ClackStore
import Foundation
import Logging
import Synchronization

/// The daemon's heart: each step it expires messages, asks the content engine what every zone
/// shows, renders the zones that changed into the board's target frame, and hands the change
/// to the executor thread. It also watches the modules and publishes what they show.
public actor Display {
  /// The display's own thread: its commits (fsync) block it, not the cooperative pool, and
  /// the other writers' commits (pins, removals, quotes, accepted messages) do not block it.
  nonisolated let executor: SerialThreadExecutor
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }
  public nonisolated let runner: any RunningBoard
  public nonisolated let zones: [ZoneSpec]
  /// The live sources' latest readings, which pages draw from.
  public nonisolated let sources = SourceBook()
  let store: ClackStore
  /// Replaced only by `reload` (Display+Config.swift).
  var config: RuntimeConfig
  var renderer: ZoneRenderer
  let clock: DaemonClock
  let events: EventHub
  let logger: Logger
  let latency: AcceptLatency?
  let pollWhileMoving: @Sendable () async -> Void
  /// Told when messages expire: what they held is freed then, after a burst's accepts are
  /// over, and is handed back once that work is over too.
  let relief: MemoryRelief?
  var engine: ContentEngine
  /// The active messages, as last read from the store (kept in step with the states set).
  var messages: [Message] = []
  /// The store changed, or a deadline passed: read the messages again before deciding.
  var dirty = true
  /// When `messages` was last read from the store (`refresh`).
  var refreshedAt = Date.distantPast
  /// Wakes the loop when something outside it changed what the board should show.
  let wake = WakeSignal()
  /// Passes of the loop: it stays still while nothing happens (tests and the idle check).
  public internal(set) var passes = 0
  /// Whether the loop sleeps, and until when (nil: until woken).
  public internal(set) var sleeping: (asleep: Bool, until: Date?) = (false, nil)
  /// The screen the content wants (its frame, and on a pixel board the rows that scroll), and
  /// the one last handed to the executor.
  public internal(set) var screen: Screen
  var sent: Screen
  /// The frame the content wants.
  public var target: Frame { screen.frame }
  var pendingTransition: Transition
  /// A change worked out ahead to land on its instant, waiting for its start (Display+Landing).
  var landing: Landing?
  /// The instant the loop woke for, when it decides a timed change at the instant itself.
  var dueInstant: Date?
  /// The instant the change about to be sent is due at, and whether it starts early.
  var landingInstant: (Date, Bool)?
  /// The last change sent for an instant, until it settles.
  var landingTarget: LandingTarget?
  /// How the last change aimed at an instant settled (a wall member reports it).
  public internal(set) var lastLanding: LandingRecord?
  /// When the thread is to start the change about to be sent (`MonotonicTickClock.raw`).
  var landingNotBefore: Int?
  var commandsSent = 0
  var commandsSaved = 0
  /// Messages that started showing since the last hand-over, and the command that shows them.
  private var startedSinceSend: [Int64] = []
  private var awaitingMotion: (command: Int, ids: [Int64])?
  /// Changes of message state made this pass and not yet written (`deferState`).
  var unsavedStates: [StateChange] = []
  /// The last change handed to the executor: the messages it started and how long it moves
  /// (in board time), so a receipt reuses that plan instead of planning again.
  var lastMove: (ids: [Int64], makespanMicroseconds: Int)?
  var lastPublished:
    (frame: Frame, moving: Int, waiting: Int, quiet: Bool, pixels: [UInt8], brightness: Int)?
  public private(set) var quiet = false
  public private(set) var homed = false
  /// A calibration under way (Display+Calibration.swift): while there is one the board shows
  /// its frames, not content, and messages wait in the queue.
  var calibration: CalibrationSession?
  /// A wall member's: its board shows the parts its leader sends, not its own content
  /// (Display+Wall.swift).
  var following: WallFollowing?
  /// The wall this board is a member's tile of: behind a lock, so accepting a message reads
  /// it without waiting its turn on the display's thread.
  public nonisolated let wallMembership = Mutex<WallMembership?>(nil)
  /// On a wall's leader: where each message accepted is handed before it is acknowledged.
  public nonisolated let wallReplication = Mutex<(any MessageReplication)?>(nil)
  /// Each module's offset in use: the board's (its file's, or a saved calibration's laid over
  /// it at start), then each calibration round's.
  lazy var offsets: [Int] = board.offsets
  /// A pixel board's brightness over the day (nil on a flap board), and the level last sent.
  public internal(set) var brightness: BrightnessSchedule?
  var brightnessSent: Int?
  /// Ticks that had overrun their period when that was last logged, and when (see
  /// Display+Overruns.swift).
  var overrunsLogged = (ticks: 0, at: Date.distantPast)
  /// The script of text that names none: set at run time (kept in the store), else the
  /// config's. Behind a lock rather than the actor, so accepting a message reads it without
  /// waiting its turn on the display's thread.
  nonisolated let scriptChoice: Mutex<RunicScript>
  public nonisolated var script: RunicScript { scriptChoice.withLock { $0 } }

  public nonisolated var board: BoardDefinition { runner.board }
  /// How the board is pictured (`picture()`), made on first use.
  var preview: (any BoardPreview)?

  public init(
    runner: any RunningBoard, store: ClackStore, config: RuntimeConfig, clock: DaemonClock,
    events: EventHub, logger: Logger, latency: AcceptLatency? = nil,
    executor: SerialThreadExecutor,
    pollWhileMoving: @escaping @Sendable () async -> Void = Display.realTimePoll,
    relief: MemoryRelief? = nil
  ) {
    self.executor = executor
    self.relief = relief
    self.pollWhileMoving = pollWhileMoving
    self.latency = latency
    self.runner = runner
    self.store = store
    self.config = config
    self.clock = clock
    self.events = events
    self.logger = logger
    let board = runner.board
    zones = config.resolvedZones(rows: board.rows, cols: board.cols)
    renderer = Self.renderer(for: runner, config: config)
    engine = ContentEngine(rules: Self.rules(zones: zones, config: config), now: clock.now())
    screen = Screen(rows: board.rows, cols: board.cols)
    sent = screen
    pendingTransition = Transition()
    scriptChoice = Mutex(
      Self.startingScript(
        saved: Self.saved(.script, in: store, logger: logger), configured: config.script,
        board: board, logger: logger))
    brightness = runner.dimming.map { dimming in
      BrightnessSchedule(
        setting: Self.saved(.brightness, in: store, logger: logger) ?? dimming.brightness,
        night: dimming.night.map { ($0.fromMinute, $0.toMinute, $0.brightness) })
    }
  }

  /// Records that the store changed (a message came, went or was pinned): decide again now.
  public func storeChanged() {
    dirty = true
    step()
    wakeLoop()
  }

  /// A message the store just committed: put into `messages` as a read of the queue would
  /// find it, and the ones it replaced (expired) taken out, rather than reading the whole
  /// queue again for each message accepted. A message not due yet changes no decision: the
  /// loop only learns its new deadline.
  func took(_ message: Message, replacing replaced: [Int64], now: Date) {
    guard !dirty else { return storeChanged() }
    let before = messages.count
    messages.removeAll { replaced.contains($0.id) }
    var changed = messages.count != before
    if message.isActive(at: now), !messages.contains(where: { $0.id == message.id }) {
      // Kept in id order, as the store reads them.
      messages.insert(message, at: messages.firstIndex { $0.id > message.id } ?? messages.endIndex)
      changed = true
      // Narrowed as a read of the store narrows it, once the copy holds twice as many queued
      // messages as a read would: each decision and forecast then stays the same size however
      // long the queue grows, and the narrowing's sort comes once in `newestQueued` messages.
      if messages.count(where: { $0.state == .queued }) > 2 * ActiveQueue.newestQueued {
        messages = ActiveQueue.narrow(messages)
      }
    }
    if changed { step() }
    wakeLoop()
  }

  /// Re-homes the board, ending on the frame it should show.
  public func rehome() -> Bool {
    guard runner.home(showing: sent.frame) else { return false }
    commandsSent += 1
    homed = false
    wakeLoop()
    return true
  }

  /// `quiet on|off` (MQTT): holds the board still, or lets it move, until the configured
  /// quiet hours next begin or end.
  public func setQuiet(_ quiet: Bool) {
    let now = clock.now()
    engine.overrideQuiet(quiet, now: now)
    // Said at once, homed or not: the next decision (once homed) acts on the same answer.
    self.quiet = engine.isQuiet(at: now)
    dirty = true
    step()
    wakeLoop()
  }

  /// `clear` (MQTT): the messages on show end as shown, and the board goes blank until the
  /// next message or schedule fire.
  public func clear() throws(StoreError) {
    let now = clock.now()
    for id in engine.clear(now: now) {
      try setState(.shown, id: id, at: now, reason: "cleared")
    }
    screen = Screen(rows: runner.board.rows, cols: runner.board.cols)
    pendingTransition = Transition()
    dirty = true
    step()
    wakeLoop()
  }

  /// Wakes the loop so it decides again and chooses its next deadline.
  func wakeLoop() {
    sleeping.asleep = false
    wake.signal()
  }

  // MARK: - One pass (the loop that runs it is in Display+Loop.swift)

  /// One pass: expiry, the content decision, rendering, hand-over, saving, publishing.
  public func step() {
    let now = clock.now()
    let state = runner.state
    if !homed, state.commandsApplied >= commandsSent, state.idle {
      homed = true
      logger.info("\(runner.readyLine(state))")
      events.publish(.status(homed: true))
    }
    applyBrightness(at: now)
    refreshCalendars(now: now)
    do {
      try refresh(now: now)
      // Nothing is "showing" before the board can show it: decide once homed.
      if homed {
        if let calibration {
          screen = Screen(frame: calibration.showing)
        } else if following != nil {
          // The leader decides what the wall shows; `follow` set the screen.
        } else {
          decide(now: now)
        }
      }
    } catch {
      logger.error("content step failed: \(error)")
    }
    if homed {
      if let due = dueInstant, screen != sent { landingInstant = (due, false) }
      takeLanding(now: now)
    }
    dueInstant = nil
    if homed, screen != sent { send() }
    landingInstant = nil
    checkLanding(runner.state)
    logOverruns(state, now: now)
    saveStates(at: now)
    if let awaiting = awaitingMotion, state.commandsApplied >= awaiting.command {
      latency?.moveStarted(for: awaiting.ids, at: state.lastAppliedAt)
      awaitingMotion = nil
    }
    saveWhenSettled(state, now: now)
    publishBoard(state)
  }

  /// Expires what ran out and reads the active messages again, when the store changed or a
  /// deadline passed.
  private func refresh(now: Date) throws {
    guard dirty else { return }
    let expired = try store.expireDue(at: now)
    for id in expired {
      publishMessage(id: id, state: .expired, reason: "its time ran out")
    }
    if !expired.isEmpty {
      latency?.forget(expired)
      relief?.note()
    }
    messages = try store.activeMessages(at: now)
    refreshedAt = now
    dirty = false
  }

  /// The content pass (`ContentPass`), and what it decided taken into the display's state.
  private func decide(now: Date) {
    let pass = ContentPass(
      zones: zones, renderer: renderer, config: config, script: script, sources: sources.snapshot)
    let outcome = pass.run(
      engine: &engine, messages: messages, screen: screen, now: now,
      quotes: { [store] in try store.quotes().map(\.quote) })
    quiet = outcome.quiet
    for change in outcome.changes {
      deferState(change.state, id: change.id, at: now, reason: change.reason)
    }
    startedSinceSend += outcome.started
    for warning in outcome.warnings { logger.warning("\(warning)") }
    if let transition = outcome.transition {
      screen = outcome.screen
      pendingTransition = transition
    }
  }

  /// The transition a message asks for (else the configured default), seeded by the clock.
  func transition(_ spec: TransitionSpec?, now: Date) -> Transition {
    ContentPass.transition(spec, now: now, config: config)
  }

  private func send() {
    let makespan: Int
    let notBefore = landingNotBefore ?? 0
    landingNotBefore = nil
    switch runner.show(
      screen, transition: pendingTransition, reduceMotion: config.reduceMotion,
      notBefore: notBefore)
    {
    case .sent(let microseconds): makespan = microseconds
    case .busy: return  // every command slot is taken: try again next step
    case .unshowable:
      logger.error("the target frame has symbols this board lacks; not shown")
      sent = screen
      return
    }
    sent = screen
    commandsSent += 1
    recordLandingTarget()
    delayHoldsUntilSeenWhole()
    lastMove = (startedSinceSend, makespan)
    if !startedSinceSend.isEmpty {
      awaitingMotion = (commandsSent, startedSinceSend)
      startedSinceSend = []
    }
  }

  /// On a board that scrolls, a message's time on show counts from when it has been seen
  /// whole: after the transition, and after the first pass of a line that scrolls.
  private func delayHoldsUntilSeenWhole() {
    guard !startedSinceSend.isEmpty,
      let milliseconds = runner.seenWholeMilliseconds(sent, reduceMotion: config.reduceMotion)
    else { return }
    for id in startedSinceSend {
      guard let zone = messages.first(where: { $0.id == id })?.zone else { continue }
      engine.delayHold(zone: zone, by: Double(milliseconds) / 1000)
    }
  }
}
