import ClackContent
import ClackCore
import ClackStore
import Foundation

/// All a face sees of the daemon: accept a message, perform a command, answer a query, follow
/// the events. REST, the Vestaboard Local API, MQTT and the terminal view hold this and
/// nothing else of the runtime, so the rules live here once and every face refuses the same
/// thing the same way. Store writes run on the store thread; reads of the executor's state
/// never wait on the real-time thread.
public struct BoardService: Sendable {
  let display: Display
  let store: ClackStore
  let writer: StoreWriter
  let messages: MessageService
  let settings: LiveConfig
  let clock: DaemonClock
  let events: EventHub
  let latency: AcceptLatency

  /// The time on the daemon's clock (a sped-up simulation's runs ahead of the wall).
  public func now() -> Date { clock.now() }

  /// Real seconds on a monotonic clock (see `DaemonClock.monotonicSeconds`).
  public func monotonicSeconds() -> Double { clock.monotonicSeconds() }

  /// The time zone schedules, quiet hours and the quote of the day go by.
  public var timeZone: TimeZone { settings.current.timeZone }

  /// The board this daemon drives.
  public var board: BoardFacts {
    let definition = display.board
    return BoardFacts(
      name: definition.name, rows: definition.rows, cols: definition.cols,
      panel: display.runner.panel.map {
        BoardFacts.Panel(width: $0.width, height: $0.height, chip: $0.chip)
      }, scripts: display.availableScripts)
  }

  // MARK: - Messages in

  /// Accepts a message: once this returns, it is durable and may be acknowledged.
  public func accept(_ message: NewMessage) async throws(AcceptError) -> Receipt {
    try await messages.accept(message)
  }

  // MARK: - Commands

  /// Carries out a command from any face.
  @discardableResult
  public func perform(_ command: BoardCommand) async throws(ServiceError) -> CommandOutcome {
    switch command {
    case .home:
      guard await display.rehome() else { throw .busy }
      return .homingStarted
    case .quiet(let quiet):
      await display.setQuiet(quiet)
    case .clear:
      do { try await display.clear() } catch { throw .store(error) }
    case .brightness(let level):
      do { try await display.setBrightness(level) } catch { throw .brightness(error) }
    case .script(let script):
      do { try await display.setScript(script) } catch { throw .script(error) }
    case .pin(let id):
      let now = clock.now()
      let message = try await write { store throws(StoreError) in try store.pin(id: id, at: now) }
      await display.storeChanged()
      return .message(message)
    case .remove(let id):
      guard try await write({ store throws(StoreError) in try store.remove(id: id) }) else {
        throw .notFound(what: "message", id: id)
      }
      await display.storeChanged()
    case .addQuotes(let quotes):
      return .quotes(try await addQuotes(quotes))
    case .removeQuote(let id):
      guard try await write({ store throws(StoreError) in try store.removeQuote(id: id) }) else {
        throw .notFound(what: "quote", id: id)
      }
    case .showPage(let name):
      do { _ = try await display.showPage(name) } catch { throw .page(error) }
    }
    return .done
  }

  private func addQuotes(_ quotes: [Quote]) async throws(ServiceError) -> [QuoteEntry] {
    var added: [QuoteEntry] = []
    for (index, quote) in quotes.enumerated() {
      let now = clock.now()
      do {
        let stored = try await writer.perform { store throws(StoreError) in
          try store.addQuote(quote, at: now)
        }
        added.append(QuoteEntry(stored))
      } catch {
        if case .invalid(let field, let message) = error {
          throw .invalidQuote(index: index, field: field, message: message)
        }
        throw .store(error)
      }
    }
    return added
  }

  /// A store write on the store thread; a missing id becomes `notFound`.
  func write<T: Sendable>(_ body: @Sendable (ClackStore) throws(StoreError) -> T)
    async throws(ServiceError) -> T
  {
    do {
      return try await writer.perform(body)
    } catch {
      throw .store(error)
    }
  }

  // MARK: - Queries

  /// A read of the store (WAL: it waits for no writer); its failure becomes `.store`.
  func read<T>(_ body: (ClackStore) throws(StoreError) -> T) throws(ServiceError) -> T {
    do {
      return try body(store)
    } catch {
      throw .store(error)
    }
  }

  /// What the board shows and is turning to, module by module.
  public func boardReading() async -> BoardReading { await display.reading() }

  /// What the board shows this instant; reads the executor's report without waiting on it.
  public func live() async -> LiveBoard {
    let runner = display.runner
    let state = runner.state
    let picture = runner.picture(state)
    return LiveBoard(
      shown: runner.shownFrame(state), leds: picture, moving: state.moving,
      waiting: state.waiting, brightness: runner.dimming == nil ? nil : state.brightness,
      homed: await display.homed,
      quiet: await display.quiet, queued: (try? store.count(state: .queued)) ?? 0)
  }

  /// The board's symbols, by index, as its flaps (or a panel's font) have them.
  public var symbols: FlapSet { display.board.flapSet }

  /// A pixel board's brightness, or nil on a flap board.
  public func brightness() async -> BrightnessReading? { await display.brightnessReading() }

  /// The script of text that names none, and those this board can show.
  public func script() async -> ScriptReading { await display.scriptReading() }

  /// Bitmaps of the board's symbols that have no Vestaboard code, for viewers.
  public func glyphs() -> GlyphSheet { BoardGlyphs.sheet(for: display.board) }

  /// Whether a pixel board is scrolling a line now (its pixels change without a new message).
  public var isScrolling: Bool { display.isScrolling }

  public func message(id: Int64) async throws(ServiceError) -> MessageDetail? {
    guard let message = try read({ store throws(StoreError) in try store.message(id: id) }) else {
      return nil
    }
    let history = try read { store throws(StoreError) in try store.history(id: id) }.map {
      StateChangeRecord(state: $0.state, at: $0.at, reason: $0.reason)
    }
    return MessageDetail(
      message: message, history: history, forecast: await display.forecast(of: message))
  }

  /// Messages in the store, of one state or all.
  public func messages(state: MessageState? = nil) throws(ServiceError) -> [Message] {
    try read { store throws(StoreError) in try store.messages(state: state) }
  }

  public func quotes() throws(ServiceError) -> [QuoteEntry] {
    try read { store throws(StoreError) in try store.quotes() }.map(QuoteEntry.init)
  }

  /// Today's quote of the day; nil when the library is empty.
  public func quoteOfTheDay() throws(ServiceError) -> QuoteOfTheDayEntry? {
    let day = CivilDate.wallClock(of: clock.now(), in: timeZone).day
    let pool = try quotes().map(\.quote)
    return QuoteOfTheDay(pool: pool).quote(on: day).map { QuoteOfTheDayEntry(day: day, quote: $0) }
  }

  public func status() throws(ServiceError) -> StatusReport {
    let config = settings.current
    var counts: [MessageState: Int] = [:]
    for state in MessageState.allCases {
      counts[state] = try read { store throws(StoreError) in try store.count(state: state) }
    }
    let now = clock.now()
    let next = config.schedules.compactMap { entry in
      entry.nextFire(after: now, in: config.timeZone).map {
        StatusReport.ScheduledFire(at: $0, entry: entry)
      }
    }.min { $0.at < $1.at }
    var report = StatusReport(
      queue: counts, showing: try messages(state: .showing), nextScheduled: next,
      quietHours: config.quietHours, now: now, timeZone: config.timeZone)
    // The leader knows every member; a member knows its wall and leader.
    report.wall =
      display.runner.wallStatus
      ?? display.wallMembership.withLock { $0 }.map {
        WallStatus(wall: $0.wall, leader: $0.leader, member: $0.member, members: [])
      }
    return report
  }

  public func health() async throws(ServiceError) -> HealthReport {
    HealthReport(
      homed: await display.homed,
      queued: try read { store throws(StoreError) in try store.count(state: .queued) })
  }

  /// The counters behind the metrics page.
  public func metrics() -> RuntimeMetrics {
    var counts: [MessageState: Int]? = [:]
    for state in MessageState.allCases {
      guard let count = try? store.count(state: state) else {
        counts = nil
        break
      }
      counts?[state] = count
    }
    let board = display.runner
    let executor = board.state
    let committer = messages.committer
    return RuntimeMetrics(
      messages: counts,
      modulesFaulted: executor.modules.count { $0.faulted || $0.mode == .sensorError },
      modulesMoving: executor.moving, modulesWaiting: executor.waiting, ticks: executor.ticks,
      deadlineMisses: executor.deadlineMisses, commits: committer.commits,
      committed: committer.committed, tickLateness: board.tickLateness.snapshot(),
      tickWork: board.tickWork.snapshot(), acceptToMotion: latency.snapshot(),
      heap: MemoryRelief.heapFigures(), memoryReliefs: messages.relief?.releases ?? 0)
  }

  // MARK: - Events

  /// The runtime's events from now on: messages changing state, the board changing, homing.
  public func subscribe() -> AsyncStream<DaemonEvent> { events.subscribe() }
}

extension QuoteEntry {
  init(_ stored: StoredQuote) {
    self.init(id: stored.id ?? 0, quote: stored.quote, source: stored.source)
  }
}
