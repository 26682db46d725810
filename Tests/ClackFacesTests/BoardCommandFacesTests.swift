import ClackMQTT
import ClackRuntimeTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import ClackAPI
@testable import ClackHTTPFace
@testable import ClackMQTTFace
@testable import ClackRuntime

/// The one command vocabulary: REST and MQTT send the same `BoardCommand`s to the same
/// service, over a running display loop in virtual time, and are refused in the same words.
@Suite(.serialized) struct BoardCommandFacesTests {
  static let key = APIKey(value: "test-key")

  static func config() -> RuntimeConfig { RuntimeHarness.unscheduled(dwell: 300) }

  static func text(_ text: String, from sender: String) -> NewMessage {
    NewMessage(sender: sender, body: .text(text))
  }

  struct Faces {
    let api: API
    let bridge: MQTTBridge
    let transport = RecordingTransport()
    let topics = MQTTTopics(prefix: "clack", board: "test")

    init(_ service: BoardService) {
      api = API(
        service: service, access: AccessPolicy(key: BoardCommandFacesTests.key, loopbackOnly: true))
      bridge = MQTTBridge(
        settings: MQTTSettings(host: "127.0.0.1"), topics: topics, transport: transport,
        service: service, logger: Logger(label: "test"))
    }

    func rest(_ method: HTTPRequest.Method, _ path: String, _ json: String = "") async throws
      -> (HTTPResponse.Status, String)
    {
      try await Application(router: api.router()).test(.router) { client in
        try await client.execute(
          uri: path, method: method, headers: [.clackKey: BoardCommandFacesTests.key.value],
          body: ByteBuffer(string: json)
        ) { ($0.status, String(buffer: $0.body)) }
      }
    }

    func mqtt(_ command: String) async {
      await bridge.handle(topic: topics.command, payload: Array(command.utf8))
    }

    func errors() -> [String] {
      transport.published.withLock { $0.filter { $0.topic == topics.error }.map(\.payload) }
    }
  }

  @Test func quietAndClearWorkTheSameFromRESTAndMQTT() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    try await RuntimeHarness.withRunningLoop(Self.config(), clock: clock) {
      runtime in
      let faces = Faces(runtime.service)
      let display = runtime.display
      // A message on show, then clear from REST: it ends as shown and the board goes blank.
      let first = try await runtime.service.accept(Self.text("HELLO", from: "a"))
      try await RuntimeHarness.untilAsleep(display, clock)
      #expect(try runtime.store.message(id: first.message.id)?.state == .showing)
      let (cleared, _) = try await faces.rest(.post, "/api/v1/board/clear")
      #expect(cleared == .noContent)
      #expect(try runtime.store.message(id: first.message.id)?.state == .shown)
      #expect(
        await display.target == Frame(rows: runtime.board.rows, cols: runtime.board.cols),
        "blank after clear")

      // The same from MQTT.
      let second = try await runtime.service.accept(Self.text("AGAIN", from: "b"))
      try await RuntimeHarness.untilAsleep(display, clock)
      #expect(try runtime.store.message(id: second.message.id)?.state == .showing)
      await faces.mqtt("clear")
      #expect(try runtime.store.message(id: second.message.id)?.state == .shown)
      #expect(await display.target == Frame(rows: runtime.board.rows, cols: runtime.board.cols))

      // Quiet from REST holds the next message; quiet off from MQTT lets it show.
      let (status, body) = try await faces.rest(.put, "/api/v1/board/quiet", #"{"quiet": true}"#)
      #expect(status == .ok)
      #expect(try WireJSON.decode(QuietView.self, from: Data(body.utf8)).quiet)
      let held = try await runtime.service.accept(Self.text("LATER", from: "c"))
      #expect(held.heldByQuietHours)
      try await RuntimeHarness.untilAsleep(display, clock)
      #expect(try runtime.store.message(id: held.message.id)?.state == .queued)
      await faces.mqtt("quiet off")
      try await RuntimeHarness.untilAsleep(display, clock)
      #expect(try runtime.store.message(id: held.message.id)?.state == .showing)
      #expect(await runtime.service.boardReading().quiet == false)
      #expect(faces.errors().isEmpty)
    }
  }

  @Test func quietAnswersAtOnceEvenWhileHoming() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    // No loop runs: the board may still be homing when the command comes.
    let runtime = try await RuntimeHarness.runtime(Self.config(), clock: clock, maxMoving: 2)
    defer { _ = runtime.display.runner.stop() }
    let faces = Faces(runtime.service)
    let (status, body) = try await faces.rest(.put, "/api/v1/board/quiet", #"{"quiet": true}"#)
    #expect(status == .ok)
    #expect(try WireJSON.decode(QuietView.self, from: Data(body.utf8)).quiet)
    let held = try await runtime.service.accept(Self.text("LATER", from: "q"))
    #expect(held.heldByQuietHours, "a receipt says quiet holds it")
    await faces.mqtt("quiet off")
    #expect(await runtime.service.boardReading().quiet == false)
  }

  @Test func aRefusalSaysTheSameOnEveryFace() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    try await RuntimeHarness.withRunningLoop(Self.config(), clock: clock) {
      runtime in
      let faces = Faces(runtime.service)
      // Brightness on a flap board: 409 not_pixels from REST, the same code on …/error.
      let (status, body) = try await faces.rest(
        .put, "/api/v1/board/brightness", #"{"brightness": 3}"#)
      #expect(status == .conflict)
      let rest = try WireJSON.decode(ErrorBody.self, from: Data(body.utf8))
      await faces.mqtt("brightness 3")
      let mqtt = try WireJSON.decode(
        MQTTRefusal.self, from: Data(try #require(faces.errors().last).utf8))
      #expect(rest.error.code == "not_pixels")
      #expect(mqtt.code == rest.error.code)
      #expect(mqtt.message == rest.error.message)

      // A body that is not {"quiet": bool} names the field.
      let (bad, why) = try await faces.rest(.put, "/api/v1/board/quiet", #"{"quiet": "yes"}"#)
      #expect(bad == .badRequest)
      #expect(why.contains("quiet"))
      // Removing a message that is not there: 404 naming the id.
      let (missing, text) = try await faces.rest(.delete, "/api/v1/messages/999")
      #expect(missing == .notFound)
      #expect(text.contains("no message with id 999"))
    }
  }
}
