import ClackAPI
import ClackMQTT
import ClackRuntime
import ClackWireMapping
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// The daemon's MQTT face (docs/mqtt.md): messages and commands in, state, availability,
/// discovery and errors out. Messages go through the same path as the REST API's, so they
/// are durable before anything reports them accepted.
public struct MQTTBridge: Service {
  let settings: MQTTSettings
  let topics: MQTTTopics
  let transport: any MQTTTransport
  let service: BoardService
  let logger: Logger
  let discovery: HomeAssistantDiscovery?
  private let lastState: StateMemo
  /// The pages the Page select offers: the run of show's, which can change while running.
  private let pages: PagesMemo
  /// Home Assistant's Statestream, when a source reads it (`MQTTBridge+Statestream.swift`).
  let statestream: StatestreamMemo?

  /// The sender MQTT messages are stored under, unless their JSON names one.
  public static let sender = "mqtt"

  public init(
    settings: MQTTSettings, topics: MQTTTopics, transport: any MQTTTransport,
    service: BoardService, logger: Logger, statestreamSettle: Duration = .milliseconds(300)
  ) {
    self.settings = settings
    statestream = StatestreamMemo(sources: service.sources, settle: statestreamSettle)
    self.topics = topics
    self.transport = transport
    self.service = service
    self.logger = logger
    lastState = StateMemo(now: service.monotonicSeconds)
    pages = PagesMemo(service.pagesInRunOfShow)
    let board = service.board
    let model =
      board.panel.map { "\($0.width)×\($0.height) LED matrix (\($0.chip.uppercased()))" }
      ?? "\(board.rows)×\(board.cols) split-flap board"
    let scripts = board.scripts
    discovery = settings.discoveryPrefix.map {
      HomeAssistantDiscovery(
        topics: topics, discoveryPrefix: $0, displayName: board.name, model: model,
        // A pixel board scrolls long text: Home Assistant's longest text is its limit.
        version: ClackVersion.current,
        capacity: board.panel != nil
          ? HomeAssistantDiscovery.maxStateLength : board.rows * board.cols,
        brightness: board.panel != nil, scripts: scripts, pages: service.pagesInRunOfShow)
    }
  }

  public func run() async throws {
    for topic in topics.subscriptions + (statestream?.subscriptions ?? []) {
      try transport.subscribe(topic, qos: 1)
    }
    try transport.start()
    let tls = settings.tls == nil ? "" : " (TLS)"
    logger.info(
      "MQTT: connecting to \(brokerName)\(tls) as board \(topics.board); send to \(topics.message)"
    )
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await consume() }
      group.addTask { await deliverStatestreamBursts() }
      group.addTask {
        await cancelWhenGracefulShutdown { await watchState() }
      }
      group.addTask {
        // Until the daemon stops; then `offline`, and the event stream ends.
        try? await gracefulShutdown()
        await transport.stop(finalPublish: (topics.availability, Array("offline".utf8)))
      }
    }
    logger.info("MQTT: disconnected")
  }

  /// The broker as the log names it: its address, or the one found on the LAN.
  private var brokerName: String {
    settings.findsBroker ? "the broker found on the LAN" : "\(settings.host):\(settings.port)"
  }

  // MARK: - In

  private func consume() async {
    var filter = RedeliveryFilter(window: settings.redeliveryWindow)
    for await event in transport.events {
      switch event {
      case .connected:
        logger.info("MQTT: connected to \(brokerName)")
        announce()
        await statestreamConnection(lost: nil)
      case .disconnected(let reason, let retry):
        logger.warning("MQTT: \(reason); retrying in \(retry) s")
        await statestreamConnection(lost: "\(reason); retrying in \(retry) s")
      case .message(let topic, let payload, _) where takeStatestream(topic: topic, payload: payload):
        continue
      case .message(let topic, let payload, let qos):
        if qos >= 1, filter.isRedelivery(topic: topic, payload: payload, at: service.now()) {
          logger.info("MQTT: ignored a redelivery on \(topic) (\(payload.count) bytes)")
          continue
        }
        await handle(topic: topic, payload: payload)
        await publishState()
      }
    }
    statestream?.signal.finish()
  }

  func handle(topic: String, payload: [UInt8]) async {
    do {
      switch topic {
      case topics.message, topics.broadcast:
        let new = try MessageRequest.parse(
          try MQTTPayload.messageBody(payload), defaultSender: Self.sender, now: service.now())
        let receipt = try await service.accept(new)
        logger.info("MQTT: message \(receipt.message.id) accepted from \(topic)")
      case topics.command:
        try await run(MQTTPayload.command(payload))
      default:
        logger.debug("MQTT: ignored a message on \(topic)")
      }
    } catch {
      report(error, topic: topic, bytes: payload.count)
    }
  }

  private func run(_ command: BoardCommand) async throws(ServiceError) {
    try await service.perform(command)
    switch command {
    case .home: logger.info("MQTT: re-homing")
    case .quiet(let quiet): logger.info("MQTT: quiet \(quiet ? "on" : "off")")
    case .clear: logger.info("MQTT: board cleared")
    case .brightness(let level): logger.info("MQTT: brightness \(level)")
    case .script(let script): logger.info("MQTT: script \(script.rawValue)")
    default: logger.info("MQTT: \(command)")
    }
  }

  /// Publishes why a payload was refused on `…/error`, and logs it.
  private func report(_ error: any Error, topic: String, bytes: Int) {
    let (code, message, field) = Self.describe(error)
    logger.warning("MQTT: refused \(bytes) bytes on \(topic): \(message)")
    let refusal = MQTTRefusal(
      topic: topic, code: code, message: message, bytes: bytes, field: field)
    publish(topics.error, WireJSON.text(refusal), retain: false)
  }

  static func describe(_ error: any Error) -> (code: String, message: String, field: String?) {
    switch error {
    case let error as MQTTPayloadError: return (error.code, error.message, error.field)
    case let error as AcceptError: return describe(APIError.from(error))
    case let error as APIError:
      if case .string(let field) = error.details["field"] {
        return (error.code, error.message, field)
      }
      return (error.code, error.message, nil)
    case let error as ServiceError: return describe(APIError.from(error))
    default: return ("internal", "\(error)", nil)
    }
  }

  // MARK: - Out

  /// On every (re)connect: `online`, the discovery configs and the state, all retained.
  private func announce() {
    publish(topics.availability, "online", retain: true)
    var current = discovery
    current?.pages = pages.current
    for entry in current?.entries ?? [] {
      publish(entry.topic, WireJSON.text(entry.config), retain: true)
    }
    lastState.forget()
    Task { await publishState() }
  }

  /// Looks at the state after every runtime event (a message's change of state, the board
  /// changing or settling, quiet hours, homing), and only then: an idle board sends nothing.
  private func watchState() async {
    let stream = service.subscribe()
    await publishState()
    for await event in stream {
      if case .runOfShow(let names) = event { offerPages(names) }
      await publishState()
    }
  }

  /// A new run of show: the Page select offers its pages (and goes when there are none).
  func offerPages(_ names: [String]) {
    guard let discovery, pages.replace(with: names) else { return }
    let (topic, config) = discovery.pageSelect(for: names)
    publish(topic, config.map(WireJSON.text) ?? "", retain: true)
    logger.info(
      "MQTT: the Page select offers \(names.isEmpty ? "no pages" : names.joined(separator: ", "))")
  }

  /// Publishes the state when it differs from the last one published. The text is what the
  /// board shows or turns to, so a new message is published as soon as its move begins; while
  /// flaps turn only the `moving` and `waiting` counts change, many times a second, and those
  /// alone are published at most every 5 s, and at once when the board settles.
  func publishState() async {
    let view = BoardView(await service.boardReading())
    let depth = (try? await service.health().queued) ?? 0
    var state = MQTTBoardState(view: view, queueDepth: depth, firstZone: service.firstZone)
    let sources = service.sourceReadings()
    if !sources.isEmpty {
      state.sources = Dictionary(
        uniqueKeysWithValues: sources.map {
          ($0.spec.name, .init(stale: $0.reading.isStale, problem: $0.reading.problem))
        })
    }
    var still = state
    (still.moving, still.waiting, still.pixels) = (0, 0, nil)
    let key = WireJSON.text(still)
    // A pixel board's scrolling line changes its pixels many times a second: like turning
    // flaps, those changes alone go out at most every 5 s.
    let turning = state.moving + state.waiting > 0 || service.isScrolling
    if turning, lastState.key == key, !lastState.isOlder(than: 5) { return }
    let text = WireJSON.text(state)
    guard lastState.replace(with: text, key: key) else { return }
    publish(topics.state, text, retain: true)
    // The picture once the board has settled on something new (or on first publish): new
    // rows, or another page (a picture page's cells are blank, as an empty board's are).
    if !turning, lastState.pictureNeeded(for: state.rows + [state.page ?? ""]) {
      await publishPicture()
    }
  }

  /// The board's picture on `…/image`, retained, for Home Assistant's image entity.
  private func publishPicture() async {
    guard let png = await service.picture() else { return }
    do {
      try transport.publish(topic: topics.image, payload: png, qos: 1, retain: true)
    } catch {
      logger.warning("MQTT: \(error)")
    }
  }

  private func publish(_ topic: String, _ text: String, retain: Bool) {
    do {
      try transport.publish(topic: topic, payload: Array(text.utf8), qos: 1, retain: retain)
    } catch {
      logger.warning("MQTT: \(error)")
    }
  }
}

/// The pages the Page select offers now.
final class PagesMemo: Sendable {
  private let names: Mutex<[String]>

  init(_ names: [String]) { self.names = Mutex(names) }

  var current: [String] { names.withLock { $0 } }

  /// True (and remembered) when `new` differs from what is offered.
  func replace(with new: [String]) -> Bool {
    names.withLock {
      guard $0 != new else { return false }
      $0 = new
      return true
    }
  }
}

/// The last state published, so an unchanged one is not sent again; `key` is that state
/// without its moving and waiting counts. Ages are in real seconds (`now`, the runtime's
/// monotonic clock).
final class StateMemo: Sendable {
  private let now: @Sendable () -> Double
  private let memo = Mutex<(text: String?, key: String?, at: Double)>((nil, nil, 0))

  init(now: @escaping @Sendable () -> Double) { self.now = now }

  var key: String? { memo.withLock { $0.key } }

  /// True (and remembered) when `new` differs from the last one.
  func replace(with new: String, key: String) -> Bool {
    let at = now()
    return memo.withLock {
      guard $0.text != new else { return false }
      $0 = (new, key, at)
      return true
    }
  }

  func isOlder(than seconds: Double) -> Bool {
    let at = now()
    return memo.withLock { $0.text == nil || at - $0.at > seconds }
  }

  func forget() {
    memo.withLock { ($0.text, $0.key) = (nil, nil) }
    pictured.withLock { $0 = nil }
  }

  /// The rows (and the page on show) last pictured on `…/image`.
  private let pictured = Mutex<[String]?>(nil)

  /// True (and remembered) when `rows` are not the ones last pictured.
  func pictureNeeded(for rows: [String]) -> Bool {
    pictured.withLock {
      guard $0 != rows else { return false }
      $0 = rows
      return true
    }
  }
}
