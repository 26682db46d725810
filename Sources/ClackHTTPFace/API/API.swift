import ClackAPI
import ClackRuntime
import ClackWireMapping
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOPosix

/// The REST API (docs/api.md): messages, the board, quotes, events, health and metrics. It
/// translates HTTP into the runtime's `BoardService` and back, and holds no rules of its own.
public struct API: Sendable {
  /// Request bodies larger than this are refused with 413.
  public static let maxBodyBytes = MessageRequest.maxBodyBytes

  let service: BoardService
  let limits: HTTPLimits
  /// The Vestaboard Local API enablement token; nil turns enablement off.
  let enablementToken: String?
  let metrics = MetricsPage()
  let access: AccessPolicy
  let limiter: AddressRateLimiter?
  /// The SHA-256 fingerprint of the HTTPS certificate, shown by /health; nil on plain HTTP.
  let tlsFingerprint: String?

  public init(
    service: BoardService, access: AccessPolicy, limits: HTTPLimits = HTTPLimits(),
    enablementToken: String? = nil, tlsFingerprint: String? = nil
  ) {
    self.service = service
    self.tlsFingerprint = tlsFingerprint
    self.access = access
    self.limits = limits
    self.enablementToken = enablementToken
    limiter =
      limits.perAddressPerMinute > 0
      ? AddressRateLimiter(perMinute: limits.perAddressPerMinute) : nil
  }

  public func router() -> Router<ClackRequestContext> {
    let router = guardedRouter()
    router.get("/health") { _, _ in try await health() }
    router.get("/metrics") { _, _ in metrics.render(service.metrics(), limiter: limiter) }
    let v1 = router.group("api/v1")
    v1.post("messages") { request, _ in try await postMessage(request) }
    v1.get("messages") { request, _ in try listMessages(request) }
    v1.get("messages/:id") { _, context in
      let id = try Self.id(context)
      guard let detail = try await service.message(id: id) else {
        throw APIError.notFound("no message with id \(id)")
      }
      return Self.json(MessageView(detail))
    }
    v1.delete("messages/:id") { _, context in
      try await perform(.remove(id: try Self.id(context)))
      return Response(status: .noContent)
    }
    v1.post("messages/:id/pin") { _, context in
      guard case .message(let message) = try await perform(.pin(id: try Self.id(context))) else {
        throw APIError(.internalServerError, code: "internal", message: "pin returned no message")
      }
      return Self.json(MessageView(message))
    }
    addBoardRoutes(v1)
    addCalibrationRoutes(v1)
    v1.get("status") { _, _ in Self.json(try await status()) }
    addQuoteRoutes(v1)
    addPageRoutes(v1)
    addSourceRoutes(v1)
    addKeyRoutes(v1)
    v1.get("events") { _, _ in eventStream() }
    addLocalAPIRoutes(router)
    addVBMLRoutes(router)
    addWebRoutes(router)
    return router
  }

  /// Only the Vestaboard Local API, for its plain-HTTP listener beside an HTTPS one
  /// (docs/vestaboard.md): the same limits and key check, and nothing else.
  public func localAPIRouter() -> Router<ClackRequestContext> {
    let router = guardedRouter()
    addLocalAPIRoutes(router)
    return router
  }

  /// A router with the middleware every listener puts first: metrics, errors as JSON, the
  /// per-address limit, the key check.
  private func guardedRouter() -> Router<ClackRequestContext> {
    let router = Router(context: ClackRequestContext.self)
    router.add(middleware: metrics.middleware())
    router.add(middleware: JSONErrorMiddleware())
    if let limiter {
      router.add(middleware: RateLimitMiddleware(limiter: limiter, now: service.monotonicSeconds))
    }
    router.add(middleware: AccessMiddleware(policy: access))
    return router
  }

  // MARK: - Messages

  func postMessage(_ request: Request) async throws -> Response {
    let body = try await body(of: request)
    let new = try MessageRequest.parse(
      JSONValue.parse(Data(buffer: body)), defaultSender: "api", now: service.now())
    let receipt = try await accept(new)
    let message = receipt.message
    let answer = MessageReceipt(
      id: message.id, state: message.state, zone: message.zone, position: receipt.position,
      displayAt: receipt.displayAt,
      waitSeconds: receipt.waitSeconds,
      transitionSeconds: receipt.transitionSeconds, expiresAt: message.expiresAt,
      replaced: receipt.replaced,
      note: receipt.heldByQuietHours ? MessageView.quietNote : nil)
    return Self.json(answer, status: .created)
  }

  /// Hands a message to the accept service; its refusals become API errors.
  func accept(_ new: NewMessage) async throws(APIError) -> Receipt {
    do {
      return try await service.accept(new)
    } catch {
      throw APIError.from(error)
    }
  }

  /// Hands a command to the service; its refusals become API errors.
  @discardableResult
  func perform(_ command: BoardCommand) async throws(APIError) -> CommandOutcome {
    do {
      return try await service.perform(command)
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
    let messages = try service.messages(state: state)
    return Self.json(MessageList(messages: messages.map { MessageView($0) }))
  }

  // MARK: - Board, status, health

  func status() async throws -> StatusView {
    var view = StatusView(try service.status(), board: BoardView(await service.boardReading()))
    let sources = service.sourceReadings()
    view.sources =
      sources.isEmpty ? nil : sources.map { SourceView($0.spec, $0.reading, withData: false) }
    return view
  }

  func health() async throws -> Response {
    Self.json(HealthView(try await service.health(), tlsFingerprint: tlsFingerprint))
  }

  // MARK: - Events

  func eventStream() -> Response {
    let stream = service.subscribe()
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
  /// `body_timeout` (else 408), so a client trickling bytes cannot hold a request open. The
  /// deadline is kept by an event loop of NIO's shared group, the one the server runs on
  /// (`LoopDeadline`), which forgets it as soon as the body is in.
  func body(of request: Request) async throws -> ByteBuffer {
    let timeout = limits.bodyTimeout
    return try await withThrowingTaskGroup(of: ByteBuffer.self) { group in
      group.addTask {
        var request = request
        return try await request.collectBody(upTo: Self.maxBodyBytes)
      }
      group.addTask {
        try await LoopDeadline.wait(for: timeout, on: MultiThreadedEventLoopGroup.singleton.any())
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
