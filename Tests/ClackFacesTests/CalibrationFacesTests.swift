import ClackAPI
import ClackBoard
import ClackWireMapping
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import ClackCommands
@testable import ClackRuntime

/// Calibration end to end over the API, on a twin whose magnets sit where its board file does
/// not know (`simulation.offsets`): start, say what the twin's spools show (as a person
/// reading the real board would), check the test pattern, end; then text lands right. Its
/// tests run one at a time, those in MeasuredRevolutionFacesTests.swift too: a twin daemon's
/// real-time thread ticks hard at --speed, and several at once starve a 2-core machine.
@Suite(.serialized) struct CalibrationFacesTests {
  /// Why the service refuses a calibration step; nil when it carries it out.
  static func refusal(of step: CalibrationStep, by service: BoardService) async -> ServiceError? {
    do throws(ServiceError) {
      _ = try await service.calibrate(step)
      return nil
    } catch {
      return error
    }
  }

  static func daemon() async throws -> InProcessDaemon {
    let path = PixelBoardFacesTests.root.appendingPathComponent("boards/pi-gpio-4.yaml").path
    let yaml =
      try String(contentsOfFile: path, encoding: .utf8)
      + "simulation:\n  always: true\n  offsets: [200, -700, 1500, 40]\n"
    var config = RuntimeConfig()
    config.schedules = []
    return try await InProcessDaemon(
      config: config, board: try BoardDefinition.parse(yaml: yaml, file: path), speed: 10)
  }

  /// The twin's spools read as text, once the board rests on `cells`.
  static func twinText(_ daemon: InProcessDaemon, once cells: [String]) async throws -> String {
    let display = daemon.runtime.display
    _ = try await PixelBoardFacesTests.until(display, "resting on \(cells)") {
      $0.moving == 0 && $0.waiting == 0 && $0.cells.map { $0.joined() } == cells
    }
    let flaps = try #require(daemon.runner.twinFlapsAtRest)
    return String(flaps.map { display.board.flapSet.symbols[$0].notation }.joined())
  }

  static func calibrate(_ daemon: InProcessDaemon, _ json: String) async throws -> CalibrationView {
    let (status, body) = try await daemon.post("/api/v1/calibration", json)
    #expect(status == .ok, "\(body)")
    return try WireJSON.decode(CalibrationView.self, from: Data(body.utf8))
  }

  @Test func calibratedByWhatTheTwinShowsTextLandsRight() async throws {
    let daemon = try await Self.daemon()
    let display = daemon.runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    _ = try await PixelBoardFacesTests.until(display, "homed") { $0.homed }
    // Before calibrating, a word does not land: the offsets are wrong.
    let (posted, _) = try await daemon.post("/api/v1/messages", #"{"text": "CLAK"}"#)
    #expect(posted == .created)
    #expect(try await Self.twinText(daemon, once: ["CLAK"]) != "CLAK")

    let started = try await Self.calibrate(daemon, #"{"action": "start"}"#)
    #expect(started.active && started.stage == "home" && started.showing == ["    "])
    let seen = try await Self.twinText(daemon, once: ["    "])
    #expect(seen != "    ", "the twin's offsets should show on the home flaps")
    let round = try await Self.calibrate(daemon, #"{"action": "shown", "rows": ["\#(seen)"]}"#)
    #expect(round.stage == "pattern" && round.rounds == 1)
    #expect(round.changed == [0, 1, 2, 3], "\(round)")
    let pattern = try #require(round.showing)
    #expect(try await Self.twinText(daemon, once: pattern) == pattern.joined())
    // The test pattern read back as shown changes nothing more.
    let again = try await Self.calibrate(
      daemon, #"{"action": "shown", "rows": ["\#(pattern.joined())"]}"#)
    #expect(again.changed.isEmpty && again.offsets == round.offsets)

    let ended = try await Self.calibrate(daemon, #"{"action": "end"}"#)
    #expect(!ended.active)
    #expect(try await Self.twinText(daemon, once: ["CLAK"]) == "CLAK")
    // Kept in the store, for the next start to lay over the board file.
    let saved = try #require(try daemon.runtime.service.store.value(of: .calibration))
    #expect(saved.offsets == round.offsets && saved.board == display.board.name)
  }

  @Test func stepsOutOfTurnOrMistypedAreRefusedWithWhereAndWhy() async throws {
    let daemon = try await Self.daemon()
    let display = daemon.runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    _ = try await PixelBoardFacesTests.until(display, "homed") { $0.homed }
    var (status, body) = try await daemon.post(
      "/api/v1/calibration", #"{"action": "shown", "rows": ["ABCD"]}"#)
    #expect(status == .conflict && body.contains("calibration_not_started"), "\(body)")
    _ = try await Self.calibrate(daemon, #"{"action": "start"}"#)
    (status, body) = try await daemon.post(
      "/api/v1/calibration", #"{"action": "shown", "rows": ["ABC"]}"#)
    #expect(status == .badRequest && body.contains("row 1 has 3 characters"), "\(body)")
    (status, body) = try await daemon.post(
      "/api/v1/calibration", #"{"action": "nudge", "row": 0, "col": 9, "steps": 5}"#)
    #expect(status == .badRequest && body.contains("no module at row 0, column 9"), "\(body)")
    (status, body) = try await daemon.post("/api/v1/calibration", #"{"action": "spin"}"#)
    #expect(status == .badRequest && body.contains("'spin' is not one of"), "\(body)")
    let nudged = try await Self.calibrate(
      daemon, #"{"action": "nudge", "row": 0, "col": 2, "steps": -12}"#)
    #expect(nudged.changed == [2] && nudged.offsets[2] == -12)
  }
}

/// `clack calibrate` against the real HTTP face on loopback: a round typed as the terminal
/// would take it, then the test pattern confirmed; the one-step options; a board homing
/// again waited for. In the same
/// serialized suite as the other twin daemons: each one's real-time thread at --speed ticks
/// hard, and several at once starved a 2-core CI machine's other tests.
extension CalibrationFacesTests {
  @Test func aTypedRoundCalibratesTheTwinAndTheOptionsTakeOneStepEach() async throws {
    let daemon = try await CalibrationFacesTests.daemon()
    let display = daemon.runtime.display
    // Refused until the display has seen the homing end (409 not_homed on the wire): asked
    // before its loop runs, so however fast the twin homes, it has not seen that yet.
    let refusal = await Self.refusal(of: .start, by: daemon.runtime.service)
    var refusedWhileHoming = false
    if case .calibration(.notHomed)? = refusal { refusedWhileHoming = true }
    #expect(refusedWhileHoming, "\(String(describing: refusal))")
    let wire = refusal.map(APIError.from)
    #expect(wire?.status == .conflict && wire?.code == "not_homed", "the API's words for it")
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    _ = try await PixelBoardFacesTests.until(display, "homed") { $0.homed }
    try await Application(router: daemon.api.router()).test(.live) { client in
      let port = try #require(client.port)
      let api = try APIClient(
        url: "http://127.0.0.1:\(port)", keys: [InProcessDaemon.key.value], environment: [:])
      // The person reads the twin once the board rests on what it was asked to show.
      let reader = TwinReader(daemon: daemon)
      try await reader.prepare(showing: ["    "])
      try await CalibrateCommand.interactive(api, read: { await reader.next() })
      #expect(reader.lines == 2, "one row typed for the home flaps, one for the test pattern")
      #expect(await !display.calibrationReading().active)
      #expect(try await CalibrationFacesTests.twinText(daemon, once: ["    "]) == "    ")

      try await BoardControlCLITests.clack(["calibrate", "--start"], port: port)
      #expect(await display.calibrationReading().stage == .home)
      try await BoardControlCLITests.clack(["calibrate", "--nudge", "0,1,5"], port: port)
      #expect(await display.calibrationReading().changed == [1])
      try await BoardControlCLITests.clack(["calibrate", "--end"], port: port)
      #expect(await !display.calibrationReading().active)
      // Told to home again, the command waits for the homing to end and then starts one.
      let (homing, _) = try await daemon.post("/api/v1/board/home", "{}")
      #expect(homing == .accepted)
      try await BoardControlCLITests.clack(["calibrate", "--start"], port: port)
      #expect(await display.homed)
      #expect(await display.calibrationReading().stage == .home)
      try await BoardControlCLITests.clack(["calibrate", "--end"], port: port)
      #expect(throws: (any Error).self) {
        try CalibrateCommand.parseAsRoot(["--nudge", "0,1"])
      }
    }
  }
}

/// Reads the twin's spools as a person at the board would: the first line once the board
/// rests on the home flaps, the next once it rests on the test pattern.
final class TwinReader: @unchecked Sendable {
  let daemon: InProcessDaemon
  var answers: [String] = []
  var lines = 0

  init(daemon: InProcessDaemon) { self.daemon = daemon }

  func prepare(showing cells: [String]) async throws {
    answers = [try await CalibrationFacesTests.twinText(daemon, once: cells)]
  }

  /// The next answer; the test pattern's is read from the twin once it rests on it.
  func next() async -> String? {
    defer { lines += 1 }
    if lines < answers.count { return answers[lines] }
    let showing = await daemon.runtime.display.calibrationReading().showing
    let cells = showing?.notations().map { $0.joined() } ?? []
    return try? await CalibrationFacesTests.twinText(daemon, once: cells)
  }
}
