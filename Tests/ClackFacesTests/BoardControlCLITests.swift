import ArgumentParser
import ClackRuntimeTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import ClackAPI
@testable import ClackCommands
@testable import ClackHTTPFace
@testable import ClackRuntime

/// `clack board home|quiet|clear|brightness|script` against the real HTTP face on loopback,
/// over a runtime on a recording board: the command line gives the same commands as REST and
/// MQTT, and shows the daemon's refusals in its words.
@Suite(.serialized) struct BoardControlCLITests {
  static let key = APIKey(value: "test-key")

  static func config() -> RuntimeConfig { RuntimeHarness.unscheduled() }

  /// Runs `clack ARGUMENTS --url … --key …` as the command line would.
  static func clack(_ arguments: [String], port: Int) async throws {
    let parsed = try ClackCommand.parseAsRoot(
      // A minute for each answer: the daemon suite runs many twins at once, and on a 2-core
      // machine an answer has taken more than the default 10 s.
      arguments + ["--url", "http://127.0.0.1:\(port)", "--key", key.value, "--timeout", "60"])
    guard var command = parsed as? any AsyncParsableCommand else {
      Issue.record("\(arguments) is not a command that talks to the daemon")
      return
    }
    try await command.run()
  }

  @Test func eachBoardCommandReachesTheBoard() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, board) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    let display = runtime.display
    await display.step()
    let api = API(service: runtime.service, access: AccessPolicy(key: Self.key, loopbackOnly: true))
    try await Application(router: api.router()).test(.live) { client in
      let port = try #require(client.port)
      try await Self.clack(["board", "quiet", "on"], port: port)
      #expect(await display.quiet)
      _ = try await runtime.messages.accept(NewMessage(sender: "t", body: .text("HUSH")))
      #expect(board.framesShown.count == 1, "quiet: only the homing")

      try await Self.clack(["board", "quiet", "off"], port: port)
      #expect(await !display.quiet)
      #expect(board.framesShown.count == 2)

      try await Self.clack(["board", "clear"], port: port)
      #expect(board.framesShown.last == Frame(rows: 2, cols: 8))

      try await Self.clack(["board", "home"], port: port)
      #expect(board.requests.last == .home(showing: Frame(rows: 2, cols: 8)))

      try await Self.clack(["board", "script", "latin"], port: port)
      #expect(display.script == .latin)
    }
  }

  @Test func theDaemonsRefusalsArePrintedInItsWords() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, _) = try await RuntimeHarness.recordingRuntime(Self.config(), clock: clock)
    let api = API(service: runtime.service, access: AccessPolicy(key: Self.key, loopbackOnly: true))
    try await Application(router: api.router()).test(.live) { client in
      let port = try #require(client.port)
      await #expect {
        try await Self.clack(["board", "brightness", "8"], port: port)
      } throws: { error in
        "\(error)".contains("is a split-flap board: brightness is for LED (pixel) boards")
      }
      await #expect {
        try await Self.clack(["board", "script", "elder"], port: port)
      } throws: { error in
        "\(error)".contains("cannot show Elder Futhark: it lacks")
      }
    }
    #expect(throws: (any Error).self, "a level out of range is refused before sending") {
      _ = try ClackCommand.parseAsRoot(["board", "brightness", "16"])
    }
    #expect(throws: (any Error).self, "quiet takes on or off") {
      _ = try ClackCommand.parseAsRoot(["board", "quiet", "maybe"])
    }
  }
}

/// `clack send --vbml FILE` against the real HTTP face on loopback: the document reaches the
/// accept service and is stored as the codes it composed to for the zone.
@Suite(.serialized) struct SendVBMLCLITests {
  @Test func aDocumentFileIsSentAndComposedForTheZone() async throws {
    let clock = ManualDaemonClock(RuntimeHarness.midnight)
    let (runtime, _) = try await RuntimeHarness.recordingRuntime(
      BoardControlCLITests.config(), clock: clock)
    await runtime.display.step()
    let api = API(
      service: runtime.service,
      access: AccessPolicy(key: BoardControlCLITests.key, loopbackOnly: true))
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("clack-send-\(UUID().uuidString).json")
    try Data(#"{"components":[{"template":"ok {63}","style":{"justify":"right"}}]}"#.utf8)
      .write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    try await Application(router: api.router()).test(.live) { client in
      let port = try #require(client.port)
      try await BoardControlCLITests.clack(
        ["send", "--vbml", file.path, "--sender", "vbml"], port: port)
    }
    let stored = try #require(try runtime.store.messages().last)
    #expect(stored.sender == "vbml")
    guard case .codes(let rows) = stored.body else {
      Issue.record("stored as \(stored.body), not codes")
      return
    }
    #expect(rows.count == 2 && rows[0].suffix(4) == [15, 11, 0, 63])
  }
}
