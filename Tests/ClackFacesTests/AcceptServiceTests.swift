import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackMQTT
import ClackStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization
import Testing

@testable import ClackAPI
@testable import ClackDaemon
@testable import ClackHTTPFace
@testable import ClackMQTTFace
@testable import ClackRuntime

/// A daemon's runtime built in this process on the built-in simulated board, with an in-memory
/// store and a clock that moves only when told, and its three message faces over it: the REST
/// API and the Vestaboard Local API (one router, driven without a socket) and the MQTT bridge
/// (over a transport that hands payloads straight in).
final class InProcessDaemon: Sendable {
  static let key = APIKey(value: "test-key")
  let runtime: Runtime
  let runner: BoardRunner
  let api: API
  let bridge: MQTTBridge
  let transport = RecordingTransport()
  let topics = MQTTTopics(prefix: "clack", board: "test")
  let clock = ManualDaemonClock(Date(timeIntervalSince1970: 1_800_000_000))

  /// On `board`, by default the built-in simulated 6 × 22 board.
  init(config: RuntimeConfig = RuntimeConfig(), board: BoardDefinition? = nil, speed: Int = 1)
    async throws
  {
    let board = try board ?? BuiltinBoard.load()
    runner = try BoardRunner(board: board, simulate: true, speed: speed)
    runtime = await Runtime(
      config: config, runner: runner, store: try ClackStore(inMemory: "accept-\(UUID())"),
      clock: clock, logger: Logger(label: "test"))
    api = API(service: runtime.service, access: AccessPolicy(key: Self.key, loopbackOnly: true))
    bridge = MQTTBridge(
      settings: MQTTSettings(host: "127.0.0.1"), topics: topics,
      transport: transport, service: runtime.service, logger: Logger(label: "test"))
  }

  deinit { _ = runner.stop() }

  /// POSTs `json` to `path` with the key; returns the status and body.
  func post(_ path: String, _ json: String) async throws -> (HTTPResponse.Status, String) {
    try await request("POST", path, json)
  }

  /// Publishes `payload` on the board's command topic.
  func command(_ payload: String) async {
    await bridge.handle(topic: topics.command, payload: Array(payload.utf8))
  }

  /// What the bridge published on `topic`, oldest first.
  func published(on topic: String) -> [String] {
    transport.published.withLock { $0.filter { $0.topic == topic }.map(\.payload) }
  }

  /// A request with the key and `json` as its body; returns the status and body.
  func request(_ method: String, _ path: String, _ json: String = "") async throws -> (
    HTTPResponse.Status, String
  ) {
    let app = Application(router: api.router())
    return try await app.test(.router) { client in
      try await client.execute(
        uri: path, method: HTTPRequest.Method(method) ?? .get,
        headers: [.clackKey: Self.key.value, .vestaboardLocalAPIKey: Self.key.value],
        body: ByteBuffer(string: json)
      ) { response in (response.status, String(buffer: response.body)) }
    }
  }

  /// Publishes `payload` on the board's message topic.
  func publish(_ payload: String) async {
    await bridge.handle(topic: topics.message, payload: Array(payload.utf8))
  }

  /// The newest stored message, with what depends on its arrival (id, state) left out.
  func newest() throws -> Message? {
    guard var message = try runtime.store.messages().last else { return nil }
    message.id = 0
    message.state = .queued
    return message
  }
}

/// An MQTT transport with no broker: it keeps what the bridge publishes.
final class RecordingTransport: MQTTTransport {
  let published = Mutex<[(topic: String, payload: String)]>([])
  let events = AsyncStream<MQTTEvent> { $0.finish() }
  func start() {}
  func publish(topic: String, payload: [UInt8], qos: Int, retain: Bool) {
    published.withLock { $0.append((topic, String(decoding: payload, as: UTF8.self))) }
  }
  func publishConfirmed(topic: String, payload: [UInt8], retain: Bool, timeout: Duration) {
    publish(topic: topic, payload: payload, qos: 1, retain: retain)
  }
  func subscribe(_ topic: String, qos: Int) {}
  func stop(finalPublish: (topic: String, payload: [UInt8])?) async {}
}

@Suite(.serialized) struct AcceptServiceTests {
  /// "HELLO" in the middle of the built-in 6 × 22 board, as rows of codes.
  static func rows() throws -> [[Int]] {
    let layout = TextLayout(rows: 6, cols: 22, flapSet: try FlapSet.named("splitflap-52"))
    return try layout.layout("HELLO").frame.codes()
  }

  @Test func theSameFrameThroughEveryFaceIsStoredIdentically() async throws {
    let daemon = try await InProcessDaemon()
    let rows = try Self.rows()
    let codes =
      "["
      + rows.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }
      .joined(separator: ",") + "]"
    // The Local API names its transition `strategy` and its sender is always local-api; the
    // others say the same in their own fields.
    let (local, localBody) = try await daemon.post(
      "/local-api/message", #"{"characters": \#(codes), "strategy": "column", "step_size": 2}"#)
    #expect(local == .created, "\(localBody)")
    let viaLocalAPI = try #require(try daemon.newest())
    let (rest, restBody) = try await daemon.post(
      "/api/v1/messages",
      #"{"characters": \#(codes), "sender": "local-api", "transition": "column", "step_size": 2}"#
    )
    #expect(rest == .created, "\(restBody)")
    let viaREST = try #require(try daemon.newest())
    await daemon.publish(
      #"{"characters": \#(codes), "sender": "local-api", "transition": "column", "step_size": 2}"#
    )
    let viaMQTT = try #require(try daemon.newest())
    #expect(try daemon.runtime.store.messages().count == 3, "each face stored one message")
    #expect(viaLocalAPI == viaREST)
    #expect(viaREST == viaMQTT)
    #expect(viaMQTT.frame == (try Frame(codes: rows)), "the frame laid out on acceptance is kept")
    #expect(viaMQTT.transition == TransitionSpec(kind: .column, stepSize: 2))
  }

  @Test func theSameTextThroughRESTAndMQTTIsStoredIdenticallyWithItsFrame() async throws {
    let daemon = try await InProcessDaemon()
    let json = #"{"text": "HELLO", "sender": "kitchen", "justify": "left", "priority": "urgent"}"#
    let (status, body) = try await daemon.post("/api/v1/messages", json)
    #expect(status == .created, "\(body)")
    #expect(body.contains(#""position":1"#))
    let viaREST = try #require(try daemon.newest())
    await daemon.publish(json)
    let viaMQTT = try #require(try daemon.newest())
    #expect(viaREST == viaMQTT)
    #expect(viaMQTT.body == .text("HELLO", justify: .left))
    #expect(viaMQTT.priority == .urgent)
    let layout = TextLayout(rows: 6, cols: 22, flapSet: try FlapSet.named("splitflap-52"))
    let expected = try layout.layout("HELLO", options: LayoutOptions(justify: .left)).frame
    #expect(viaMQTT.frame == expected)
  }

  @Test func aRefusalIsTheSameThroughEveryFaceAndStoresNothing() async throws {
    let daemon = try await InProcessDaemon()
    let (status, body) = try await daemon.post(
      "/api/v1/messages", #"{"text": "HI", "zone": "attic"}"#)
    #expect(status == .badRequest)
    #expect(body.contains(#""code":"invalid_field""#) && body.contains("no zone named 'attic'"))
    await daemon.publish(#"{"text": "HI", "zone": "attic"}"#)
    let transport = try #require(daemon.bridge.transport as? RecordingTransport)
    let errors = transport.published.withLock { $0.filter { $0.topic.hasSuffix("/error") } }
    #expect(errors.count == 1)
    #expect(errors.first?.payload.contains(#""code":"invalid_field""#) == true)
    #expect(errors.first?.payload.contains(#""field":"zone""#) == true)
    let (local, _) = try await daemon.post("/local-api/message", "[[1, 2, 3]]")
    #expect(local == .badRequest)
    #expect(try daemon.runtime.store.messages().isEmpty, "nothing refused is stored")
  }

  /// Rows of uneven length are a wrong size, said in each face's words from the one check.
  @Test func unevenRowsAreAWrongSizeThroughEveryFace() async throws {
    let daemon = try await InProcessDaemon()
    let uneven = "[[1, 2], [3]]"
    let (rest, restBody) = try await daemon.post(
      "/api/v1/messages", #"{"characters": \#(uneven)}"#)
    #expect(rest == .badRequest)
    #expect(restBody.contains(#""code":"wrong_size""#), "\(restBody)")
    #expect(restBody.contains("2 rows of uneven length but zone 'main' is 6 × 22"))
    let (local, localBody) = try await daemon.post("/local-api/message", uneven)
    #expect(local == .badRequest)
    #expect(localBody.contains("the board is 6×22 but the message is 2 rows of uneven length"))
    await daemon.publish(#"{"characters": \#(uneven)}"#)
    let transport = try #require(daemon.bridge.transport as? RecordingTransport)
    let errors = transport.published.withLock { $0.filter { $0.topic.hasSuffix("/error") } }
    #expect(errors.first?.payload.contains(#""code":"wrong_size""#) == true)
    #expect(try daemon.runtime.store.messages().isEmpty)
  }
}
