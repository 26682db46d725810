import ClackAPI
import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackWireMapping
import Foundation
import Synchronization
import Testing

@testable import ClackRuntime

/// A pixel board under the daemon's runtime and its real faces: messages over REST, the
/// Vestaboard Local API and MQTT light the simulated chips' LEDs (read back from their
/// registers), long text scrolls instead of being refused, its time on show counts from when
/// it has been seen whole, and reduce_motion makes every change instant.
@Suite(.serialized) struct PixelBoardFacesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized

  /// The four-chip HT16K33 32 × 8 panel: one row of five cells of the built-in 5 × 7 font.
  static func board() throws -> BoardDefinition {
    try BoardFile.load(path: root.appendingPathComponent("boards/ht16k33-32x8.yaml").path)
  }

  /// Which LEDs a frame lights, as the board's grid draws it.
  static func lit(_ frame: Frame) throws -> [[Bool]] {
    let grid = try PixelGrid(width: 32, height: 8, font: .builtin5x7)
    var canvas = PixelCanvas(width: 32, height: 8)
    grid.draw(frame, into: &canvas)
    return (0..<8).map { y in (0..<32).map { canvas.isLit(x: $0, y: y) } }
  }

  static func frame(_ text: String, board: BoardDefinition) throws -> Frame {
    try TextLayout(rows: board.rows, cols: board.cols, flapSet: board.flapSet).layout(text).frame
  }

  /// Waits (without moving the daemon's clock) until the board's view satisfies `condition`.
  static func until(
    _ display: Display, _ what: String, _ condition: (BoardView) -> Bool
  ) async throws -> BoardView {
    let giveUp = ContinuousClock.now + .seconds(20)
    while true {
      let view = BoardView(await display.reading())
      if condition(view) { return view }
      try #require(ContinuousClock.now < giveUp, "never: \(what)")
      try await Task.sleep(for: .milliseconds(2))
    }
  }

  static func litRows(_ view: BoardView) -> [[Bool]]? {
    view.pixels.map { $0.rows.map { $0.map { $0 > 0 } } }
  }

  @Test func messagesFromEveryFaceLightTheLEDs() async throws {
    let board = try Self.board()
    #expect(board.rows == 1 && board.cols == 5)
    var config = RuntimeConfig()
    config.dwell = 1
    config.reduceMotion = true
    config.schedules = []  // no quote of the day scrolling by in between
    let daemon = try await InProcessDaemon(config: config, board: board)
    let display = daemon.runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    let before = try await Self.until(display, "homed") { $0.homed }
    // Every picture the event stream carries from here: under reduce_motion only the old
    // one and the new one, never one in between (the board file's flap would give several).
    let pictures = Mutex<[[[Bool]]]>([])
    let stream = daemon.runtime.events.subscribe()
    let collector = Task {
      for await event in stream where event.type == "board" {
        guard let data = event.json.data(using: .utf8),
          let board = try? JSONDecoder().decode(EventWire.BoardChanged.self, from: data),
          let pixels = board.pixels
        else { continue }
        pictures.withLock { $0.append(pixels.rows.map { $0.map { $0 > 0 } }) }
      }
    }

    let (status, body) = try await daemon.post("/api/v1/messages", #"{"text": "HELLO"}"#)
    #expect(status == .created, "\(body)")
    #expect(body.contains(#""transition_seconds":0"#), "reduce_motion: no transition")
    let hello = try Self.lit(Self.frame("HELLO", board: board))
    let view = try await Self.until(display, "HELLO on the LEDs") { Self.litRows($0) == hello }
    #expect(view.kind == .pixels)
    #expect(view.pixels?.width == 32 && view.pixels?.height == 8)
    #expect(view.pixels?.depth == .mono && view.pixels?.brightness == 6)
    #expect(view.codes == [[8, 5, 12, 12, 15]])
    let giveUp = ContinuousClock.now + .seconds(20)
    while !pictures.withLock({ $0.contains(hello) }), ContinuousClock.now < giveUp {
      try await Task.sleep(for: .milliseconds(2))
    }
    collector.cancel()
    let old = try #require(Self.litRows(before))
    let seen = pictures.withLock { $0 }
    #expect(seen.contains(hello), "the event stream never carried HELLO")
    #expect(seen.allSatisfy { $0 == old || $0 == hello }, "a picture in between was shown")

    daemon.clock.advance(by: 2)
    let (local, localBody) = try await daemon.post("/local-api/message", "[[8, 9, 0, 63, 0]]")
    #expect(local == .created, "\(localBody)")
    let hiRed = try Self.lit(Frame(codes: [[8, 9, 0, 63, 0]]))
    _ = try await Self.until(display, "the Local API's codes on the LEDs") {
      Self.litRows($0) == hiRed
    }

    daemon.clock.advance(by: 2)
    await daemon.publish(#"{"text": "BYE"}"#)
    let bye = try Self.lit(Self.frame("BYE", board: board))
    _ = try await Self.until(display, "the MQTT message on the LEDs") { Self.litRows($0) == bye }
  }

  @Test func longTextScrollsAndItsTimeCountsFromWhenItWasSeenWhole() async throws {
    let board = try Self.board()
    var config = RuntimeConfig()
    config.dwell = 10
    config.schedules = []
    let daemon = try await InProcessDaemon(config: config, board: board)
    let display = daemon.runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    _ = try await Self.until(display, "homed") { $0.homed }

    // Eleven characters on a board of five: accepted, and scrolled.
    let (status, body) = try await daemon.post("/api/v1/messages", #"{"text": "HELLO WORLD"}"#)
    #expect(status == .created, "\(body)")
    #expect(body.contains(#""transition_seconds":0.5"#), "the board file's 500 ms flap")
    let stored = try #require(try daemon.runtime.store.messages().last)
    #expect(stored.frame == nil, "a scrolling text is laid out when shown")
    // A scrolling line starts at the panel's left edge (the grid's cells sit one LED in).
    let grid = try PixelGrid(width: 32, height: 8, font: .builtin5x7)
    var canvas = PixelCanvas(width: 32, height: 8)
    for (index, character) in "HELLO ".enumerated() {
      grid.draw(.glyph(character), x: index * grid.cellWidth, y: 0, into: &canvas)
    }
    let start = (0..<8).map { y in (0..<32).map { canvas.isLit(x: $0, y: y) } }
    // The cells report the line's beginning once the change is over.
    _ = try await Self.until(display, "the line's start") {
      Self.litRows($0) == start && $0.codes == [[8, 5, 12, 12, 15]]
    }
    _ = try await Self.until(display, "the line scrolled on") {
      guard let rows = Self.litRows($0) else { return false }
      return rows != start && rows.contains { $0.contains(true) }
    }
    // Its hold: the dwell after the flap (0.5 s) and the first pass (1 s rest, then 34 px
    // at 20 px/s).
    let seenWhole = 0.5 + 1 + Double(11 * 6 - 1 - 32) / 20
    let hold = await display.engine.current["main"]?.hold
    #expect(abs((hold ?? 0) - (10 + seenWhole)) < 0.06)
    // Too long even to scroll (more than 256 cells on the one row): refused, saying so.
    let huge = String(repeating: "WORD ", count: 60)
    let (refused, why) = try await daemon.post("/api/v1/messages", #"{"text": "\#(huge)"}"#)
    #expect(refused == .badRequest, "\(why)")
    #expect(
      why.contains("text is too long even to scroll: this board scrolls 1 line of up to 256"),
      "\(why)")
  }
}

/// Brightness over the API and MQTT: applied to the chips (their LEDs dim), kept across a
/// restart, refused on a flap board, published for Home Assistant's number entity.
@Suite(.serialized) struct PixelBrightnessTests {
  @Test func brightnessOverHTTPAndMQTTDimsTheLEDsAndOutlivesARestart() async throws {
    let board = try PixelBoardFacesTests.board()
    var config = RuntimeConfig()
    config.schedules = []
    let daemon = try await InProcessDaemon(config: config, board: board)
    let display = daemon.runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    _ = try await PixelBoardFacesTests.until(display, "homed") { $0.homed }
    let (status, _) = try await daemon.post("/api/v1/messages", #"{"text": "HI"}"#)
    #expect(status == .created)
    let bright = try await PixelBoardFacesTests.until(display, "HI at the board's 6") {
      $0.codes == [[0, 8, 9, 0, 0]] && $0.pixels?.brightness == 6
    }
    let level6 = try #require(bright.pixels?.rows.flatMap { $0 }.max())

    let (put, body) = try await daemon.request(
      "PUT", "/api/v1/board/brightness", #"{"brightness": 2}"#)
    #expect(put == .ok, "\(body)")
    #expect(body.contains(#""brightness":2"#) && body.contains(#""setting":2"#))
    #expect(body.contains(#""night":{"brightness":1,"from":"22:00","to":"07:00"}"#), "\(body)")
    let dim = try await PixelBoardFacesTests.until(display, "dimmed to 2") {
      $0.pixels?.brightness == 2
    }
    let level2 = try #require(dim.pixels?.rows.flatMap { $0 }.max())
    #expect(level2 < level6, "the chips' registers dim the LEDs: \(level2) vs \(level6)")
    #expect(
      dim.pixels?.rows.map { $0.map { $0 > 0 } } == bright.pixels?.rows.map { $0.map { $0 > 0 } })

    let (bad, badBody) = try await daemon.request(
      "PUT", "/api/v1/board/brightness", #"{"brightness": 16}"#)
    #expect(bad == .badRequest)
    #expect(badBody.contains("must be a whole number from 0 to 15"))

    await daemon.command("brightness 9")
    _ = try await PixelBoardFacesTests.until(display, "MQTT brightness 9") {
      $0.pixels?.brightness == 9
    }
    await daemon.command("brightness bright")
    let refusal = daemon.published(on: "clack/test/error").last ?? ""
    #expect(refusal.contains("brightness must be a whole number from 0 to 15, not 'bright'"))
    #expect(try daemon.runtime.store.value(of: .brightness) == 9)

    // A new runtime on the same store starts at the kept level.
    let again = await Runtime(
      config: RuntimeConfig(), runner: try BoardRunner(board: board, simulate: true),
      store: daemon.runtime.store, clock: daemon.clock, logger: .init(label: "test"))
    let againLoop = Task { await again.display.run() }
    defer {
      againLoop.cancel()
      _ = again.display.runner.stop()
    }
    let restarted = try await PixelBoardFacesTests.until(again.display, "restarted at 9") {
      $0.homed && $0.pixels?.brightness == 9
    }
    #expect(restarted.pixels?.brightness == 9)
  }

  @Test func aFlapBoardHasNoBrightness() async throws {
    let daemon = try await InProcessDaemon()
    let (status, body) = try await daemon.request(
      "PUT", "/api/v1/board/brightness", #"{"brightness": 2}"#)
    #expect(status == .conflict)
    #expect(body.contains("split-flap board: brightness is for LED (pixel) boards"))
  }
}
