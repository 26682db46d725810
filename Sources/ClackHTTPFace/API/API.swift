import ClackAPI
import ClackContent
import ClackCore
import ClackRuntime
import ClackStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The REST API (docs/api.md): messages, the board, quotes, events, health and metrics.
public struct API: Sendable {
  /// Request bodies larger than this are refused with 413.
  public static let maxBodyBytes = MessageRequest.maxBodyBytes

  let runtime: Runtime
  let store: ClackStore
  let writer: StoreWriter
  let display: Display
  let messages: MessageService
  /// The settings as they are now (a reload may replace them between requests).
  var config: RuntimeConfig { runtime.config }
  let limits: HTTPLimits
  /// The Vestaboard Local API enablement token; nil turns enablement off.
  let enablementToken: String?
  let events: EventHub
  let clock: DaemonClock
  let metrics = MetricsPage()
  let access: AccessPolicy
  let limiter: AddressRateLimiter?

  public init(
    runtime: Runtime, access: AccessPolicy, limits: HTTPLimits = HTTPLimits(),
    enablementToken: String? = nil
  ) {
    self.runtime = runtime
    self.access = access
    self.limits = limits
    self.enablementToken = enablementToken
    limiter =
      limits.perAddressPerMinute > 0
      ? AddressRateLimiter(perMinute: limits.perAddressPerMinute) : nil
    store = runtime.store
    writer = runtime.writer
    display = runtime.display
    messages = runtime.messages
    events = runtime.events
    clock = runtime.clock
  }

  public func router() -> Router<ClackRequestContext> {
    let router = Router(context: ClackRequestContext.self)
    router.add(middleware: metrics.middleware())
    router.add(middleware: JSONErrorMiddleware())
    if let limiter { router.add(middleware: RateLimitMiddleware(limiter: limiter)) }
    router.add(middleware: AccessMiddleware(policy: access))
    router.get("/health") { _, _ in try await health() }
    router.get("/metrics") { _, _ in metrics.render(runtime, limiter: limiter) }
    let v1 = router.group("api/v1")
    v1.post("messages") { request, _ in try await postMessage(request) }
    v1.get("messages") { request, _ in try listMessages(request) }
    v1.get("messages/:id") { _, context in
      let id = try Self.id(context)
      guard let message = try store.message(id: id) else {
        throw APIError.notFound("no message with id \(id)")
      }
      var view = MessageView(message, history: try store.history(id: id))
      if let forecast = await display.forecast(of: message) {
        view.displayAt = forecast.displayAt
        view.waitSeconds = forecast.waitSeconds
        if forecast.heldByQuietHours { view.note = Self.quietNote }
      }
      return Self.json(view)
    }
    v1.delete("messages/:id") { _, context in
      let id = try Self.id(context)
      guard try await writer.perform({ store throws(StoreError) in try store.remove(id: id) })
      else { throw APIError.notFound("no message with id \(id)") }
      await display.storeChanged()
      return Response(status: .noContent)
    }
    v1.post("messages/:id/pin") { _, context in
      let (id, now) = (try Self.id(context), clock.now())
      let message = try await writer.perform { store throws(StoreError) in
        try store.pin(id: id, at: now)
      }
      await display.storeChanged()
      return Self.json(MessageView(message))
    }
    v1.get("board") { _, _ in Self.json(await display.view()) }
    v1.post("board/home") { _, _ in
      guard await display.rehome() else {
        throw APIError(.serviceUnavailable, code: "busy", message: "the executor is busy; retry")
      }
      return Self.json(HomingStarted(), status: .accepted)
    }
    v1.get("board/brightness") { _, _ in Self.json(try await brightness()) }
    v1.put("board/brightness") { request, _ in
      let level = try BrightnessView.level(
        from: JSONValue.parse(Data(buffer: try await body(of: request))))
      do {
        try await display.setBrightness(level)
      } catch let error as BrightnessError {
        throw APIError.from(error)
      }
      return Self.json(try await brightness())
    }
    v1.get("board/script") { _, _ in Self.json(await display.scriptView()) }
    v1.put("board/script") { request, _ in
      let script = try ScriptView.script(
        from: JSONValue.parse(Data(buffer: try await body(of: request))))
      do {
        try await display.setScript(script)
      } catch let error as ScriptError {
        throw APIError.from(error)
      }
      return Self.json(await display.scriptView())
    }
    v1.get("board/glyphs") { _, _ in Self.json(BoardGlyphs.view(for: display.board)) }
    v1.get("status") { _, _ in Self.json(try await status()) }
    addQuoteRoutes(v1)
    v1.get("events") { _, _ in eventStream() }
    addLocalAPIRoutes(router)
    addWebRoutes(router)
    return router
  }

  // MARK: - Messages

  func postMessage(_ request: Request) async throws -> Response {
    let body = try await body(of: request)
    let new = try MessageRequest.parse(
      JSONValue.parse(Data(buffer: body)), defaultSender: "api", now: clock.now())
    let receipt = try await accept(new)
    let message = receipt.message
    let answer = MessageReceipt(
      id: message.id, state: message.state, zone: message.zone, position: receipt.position,
      displayAt: receipt.displayAt,
      waitSeconds: receipt.waitSeconds,
      transitionSeconds: receipt.transitionSeconds, expiresAt: message.expiresAt,
      replaced: receipt.replaced,
      note: receipt.heldByQuietHours ? Self.quietNote : nil)
    return Self.json(answer, status: .created)
  }

  static let quietNote = "quiet hours: it will show when they end"

  /// A pixel board's brightness; 409 on a flap board.
  func brightness() async throws(APIError) -> BrightnessView {
    guard let view = await display.brightnessView() else {
      throw APIError.from(BrightnessError.notPixels(board: display.board.name))
    }
    return view
  }

  /// Hands a message to the accept service; its refusals become API errors.
  func accept(_ new: NewMessage) async throws(APIError) -> Receipt {
    do {
      return try await messages.accept(new)
    } catch {
      throw APIError.from(error)
    }
  }

  func listMessages(_ request: Request) throws -> Response {
    var state: MessageState?
    if let text = request.uri.queryParameters.get("state") {
      guard let parsed = MessageState(rawValue: text) else {
        throw APIError.badRequest(
          "state",
          "'\(text)' is not one of: "
            + MessageState.allCases.map(\.rawValue).joined(separator: ", "))
      }
      state = parsed
    }
    let messages = try store.messages(state: state)
    return Self.json(MessageList(messages: messages.map { MessageView($0) }))
  }

  // MARK: - Board, status, health

  func status() async throws -> StatusView {
    let view = await display.view()
    var counts: [String: Int] = [:]
    for state in MessageState.allCases {
      counts[state.rawValue] = try store.count(state: state)
    }
    let now = clock.now()
    let next = config.schedules.compactMap { entry in
      entry.cron.nextFire(after: now, in: config.timeZone).map { (entry, $0) }
    }.min { $0.1 < $1.1 }
    return StatusView(
      board: view, faults: view.faultLines, queue: counts,
      showing: try store.messages(state: .showing).map { MessageView($0) },
      nextScheduled: next.map { entry, at in
        StatusView.ScheduledFire(
          at: at, cron: entry.cron.source, zone: entry.zone, show: Self.describe(entry.content),
          when: LocalTimeText.describe(at, now: now, in: config.timeZone))
      },
      quietHours: config.quietHours.map {
        String(
          format: "%02d:%02d-%02d:%02d", $0.startMinute / 60, $0.startMinute % 60,
          $0.endMinute / 60, $0.endMinute % 60)
      }, time: now, timeZone: config.timeZone.identifier)
  }

  static func describe(_ content: ScheduledContent) -> String {
    switch content {
    case .quoteOfTheDay: "quote of the day"
    case .clock(let format): "clock (\(format))"
    case .text(let text): "text \"\(text)\""
    }
  }

  func health() async throws -> Response {
    let homed = await display.homed
    return Self.json(HealthView(homed: homed, queued: try store.count(state: .queued)))
  }

  // MARK: - Events

  func eventStream() -> Response {
    let stream = events.subscribe()
    var headers = HTTPFields()
    headers[.contentType] = "text/event-stream"
    headers[.cacheControl] = "no-cache"
    return Response(
      status: .ok, headers: headers,
      body: ResponseBody { writer in
        try await writer.write(ByteBuffer(string: ": connected to clack\n\n"))
        for await event in stream {
          try await writer.write(ByteBuffer(string: event.sse))
        }
        try await writer.finish(nil)
      })
  }

  // MARK: - Helpers

  /// A request's body: at most `maxBodyBytes` (else 413), arriving within the configured
  /// `body_timeout` (else 408), so a client trickling bytes cannot hold a request open.
  func body(of request: Request) async throws -> ByteBuffer {
    let timeout = limits.bodyTimeout
    return try await withThrowingTaskGroup(of: ByteBuffer.self) { group in
      group.addTask {
        var request = request
        return try await request.collectBody(upTo: Self.maxBodyBytes)
      }
      group.addTask {
        try await Task.sleep(for: timeout)
        throw APIError(
          .requestTimeout, code: "body_timeout",
          message: "the request body did not arrive within \(timeout.components.seconds) s")
      }
      defer { group.cancelAll() }
      guard let body = try await group.next() else { throw CancellationError() }
      return body
    }
  }

  static func id(_ context: ClackRequestContext) throws -> Int64 {
    let text = context.parameters.get("id") ?? ""
    guard let id = Int64(text), id > 0 else {
      throw APIError.badRequest("id", "'\(text)' is not a message id (a positive whole number)")
    }
    return id
  }

  /// An answer: one of the API's Codable types as JSON (`WireJSON`), with a final newline.
  static func json<Answer: Encodable>(
    _ answer: Answer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
  ) -> Response {
    var headers = headers
    headers[.contentType] = "application/json; charset=utf-8"
    var body = ByteBuffer(bytes: WireJSON.encode(answer))
    body.writeString("\n")
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
  }
}
