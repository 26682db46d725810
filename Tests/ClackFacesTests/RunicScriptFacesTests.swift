import ClackAPI
import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import ClackMQTTFace
import ClackWireMapping
import Foundation
import Testing

@testable import ClackRuntime

/// Runes through the daemon on a pixel board whose font is GNU Unifont (its CSUR variant): a
/// message's `script` over REST, the Local API and MQTT; the board's script set over the API
/// and MQTT, refused when the font lacks the signs, and kept across a restart; the LEDs checked
/// pixel by pixel against Unifont's own glyph bits (runes from `unifont.hex`, Cirth from the
/// CSUR font, whose reader is checked against `pcf2bdf`); and the quote of the day in Younger
/// Futhark on a schedule, in virtual time.
@Suite(.serialized) struct RunicScriptFacesTests {
  static let unifont = "/usr/share/unifont/unifont.hex"
  static let csur = "/usr/share/fonts/X11/misc/unifont_csur.pcf.gz"

  static func board() throws -> BoardDefinition {
    try BoardFile.load(
      path: PixelBoardFacesTests.root.appendingPathComponent("boards/sim-runes-64x16.yaml").path)
  }

  /// Unifont's glyph rows for `character`, read straight from the hex file (each line is
  /// `CODEPOINT:HEX`, 16 rows of 8 bits for the runes).
  static func glyph(_ character: Character) throws -> [[Bool]] {
    let scalar = character.unicodeScalars.first!.value
    if (0xE000...0xF8FF).contains(scalar) {
      // Private use (Cirth): only the CSUR font has it.
      let glyph = try #require(try PixelFontFile.load(csur).glyph(for: character))
      return (0..<16).map { y in (0..<8).map { glyph.isLit(x: $0, y: y) } }
    }
    let key = String(format: "%04X:", scalar)
    let text = try String(contentsOfFile: unifont, encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(key) })
    let hex = Array(line.dropFirst(key.count))
    try #require(hex.count == 32, "an 8 × 16 glyph")
    return (0..<16).map { row in
      let byte = UInt8(String(hex[(row * 2)..<(row * 2 + 2)]), radix: 16)!
      return (0..<8).map { bit in byte & (0x80 >> bit) != 0 }
    }
  }

  /// The LEDs `text` should light on the 64 × 16 panel: each cell's Unifont glyph at its place.
  static func expectedLEDs(_ frame: Frame) throws -> [[Bool]] {
    var leds = Array(repeating: Array(repeating: false, count: 64), count: 16)
    for col in 0..<frame.cols {
      guard case .glyph(let character) = frame[0, col] else { continue }
      let glyph = try glyph(character)
      for y in 0..<16 {
        for x in 0..<8 { leds[y][col * 8 + x] = glyph[y][x] }
      }
    }
    return leds
  }

  static func frame(_ runes: String, board: BoardDefinition) throws -> Frame {
    try TextLayout(rows: board.rows, cols: board.cols, flapSet: board.flapSet).layout(runes).frame
  }

  @Test func aMessagesScriptLightsUnifontsRunesAndTheBoardsScriptOutlivesARestart()
    async throws
  {
    let board = try Self.board()
    #expect(board.rows == 1 && board.cols == 8)
    var config = RuntimeConfig()
    config.schedules = []
    config.reduceMotion = true
    config.dwell = 1
    let daemon = try await InProcessDaemon(config: config, board: board)
    let display = daemon.runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    _ = try await PixelBoardFacesTests.until(display, "homed") { $0.homed }

    // REST: "dag" in the Elder Futhark is ᛞᚨᚷ, and the LEDs are Unifont's glyphs, bit by bit.
    let (status, body) = try await daemon.post(
      "/api/v1/messages", #"{"text": "dag", "script": "elder"}"#)
    #expect(status == .created, "\(body)")
    let elder = try Self.expectedLEDs(try Self.frame("ᛞᚨᚷ", board: board))
    _ = try await PixelBoardFacesTests.until(display, "ᛞᚨᚷ lit") {
      PixelBoardFacesTests.litRows($0) == elder
    }
    let stored = try #require(try daemon.runtime.store.messages().last)
    #expect(stored.body == .text("dag", script: .elder))
    let (_, messageBody) = try await daemon.request("GET", "/api/v1/messages/\(stored.id)")
    #expect(messageBody.contains(#""script":"elder""#), "\(messageBody)")

    // The board's script: every script the font has.
    let (got, view) = try await daemon.request("GET", "/api/v1/board/script")
    #expect(got == .ok)
    #expect(
      view.contains(
        #""available":["latin","elder","younger","younger-short-twig","cirth","cirth-moria"],"#
          + #""script":"latin""#),
      "\(view)")

    // Cirth: the board's script set to it, a Local API text lights Unifont CSUR's glyphs.
    let (cirth, cirthBody) = try await daemon.request(
      "PUT", "/api/v1/board/script", #"{"script": "cirth"}"#)
    #expect(cirth == .ok, "\(cirthBody)")
    let (balin, balinBody) = try await daemon.post("/local-api/message", #"{"text": "balin"}"#)
    #expect(balin == .created, "\(balinBody)")
    daemon.clock.advance(by: 2)  // past the first message's dwell
    let cirthRunes = "\u{E081}\u{E0B1}\u{E09E}\u{E0A7}\u{E095}"
    #expect(try RunicScript.cirth.transliterate("balin") == cirthRunes)
    let cirthLEDs = try Self.expectedLEDs(try Self.frame(cirthRunes, board: board))
    _ = try await PixelBoardFacesTests.until(display, "Cirth lit") {
      PixelBoardFacesTests.litRows($0) == cirthLEDs
    }
    let (bad, badWhy) = try await daemon.request(
      "PUT", "/api/v1/board/script", #"{"script": "ogham"}"#)
    #expect(bad == .badRequest)
    #expect(badWhy.contains("must be one of: latin, elder, younger"), "\(badWhy)")

    // Set to Younger Futhark over the API: text that names no script takes it.
    let (put, putBody) = try await daemon.request(
      "PUT", "/api/v1/board/script", #"{"script": "younger"}"#)
    #expect(put == .ok, "\(putBody)")
    let (local, localBody) = try await daemon.post("/local-api/message", #"{"text": "dag"}"#)
    #expect(local == .created, "\(localBody)")
    #expect(try daemon.runtime.store.messages().last?.body == .text("dag", script: .younger))
    daemon.clock.advance(by: 2)  // past the Cirth message's dwell
    let younger = try Self.expectedLEDs(try Self.frame("ᛏᛅᚴ", board: board))
    _ = try await PixelBoardFacesTests.until(display, "ᛏᛅᚴ lit") {
      PixelBoardFacesTests.litRows($0) == younger && $0.script == .younger
    }

    // MQTT: a JSON message with its own script, then the board's script by command.
    await daemon.publish(#"{"text": "dag", "script": "younger-short-twig"}"#)
    #expect(
      try daemon.runtime.store.messages().last?.body
        == .text("dag", script: .youngerShortTwig))
    await daemon.command("script elder")
    #expect(try daemon.runtime.store.value(of: .script) == .elder)
    await daemon.command("script klingon")
    let refusal = daemon.published(on: "clack/test/error").last ?? ""
    #expect(refusal.contains("'klingon' is not a script"), "\(refusal)")
    let state = MQTTBoardState(view: BoardView(await display.reading()), queueDepth: 0)
    #expect(state.script == .elder)
    #expect(WireJSON.text(state).contains(#""script":"elder""#))

    // A new runtime on the same store keeps the script set over MQTT.
    let again = await Runtime(
      config: config, runner: try BoardRunner(board: board, simulate: true),
      store: daemon.runtime.store, clock: daemon.clock, logger: .init(label: "test"))
    defer { _ = again.display.runner.stop() }
    #expect(again.display.script == .elder)
    #expect(await again.display.reading().script == .elder)
  }

  /// A flap board of Elder Futhark runes (boards/sim-runes-6x22.yaml, cut to one row of six):
  /// it starts in the Elder Futhark, the only script its flaps show; a plain text is laid out
  /// in runes, planned and driven like letters, and the simulated rotors land on the runes'
  /// flaps; the MQTT state's text is the runes.
  @Test func aRuneFlapBoardLandsEachModuleOnItsRune() async throws {
    let path = PixelBoardFacesTests.root.appendingPathComponent("boards/sim-runes-6x22.yaml").path
    let yaml = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: "rows: 6\n  cols: 22", with: "rows: 1\n  cols: 6")
      .replacingOccurrences(of: "max_moving: 12", with: "max_moving: 6")
    let board = try BoardDefinition.parse(yaml: yaml, file: path)
    #expect(board.flapSet == .elderFuthark40 && board.cols == 6)
    var config = RuntimeConfig()
    config.schedules = []
    let daemon = try await InProcessDaemon(config: config, board: board, speed: 20)
    let display = daemon.runtime.display
    #expect(display.script == .elder)
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    _ = try await PixelBoardFacesTests.until(display, "homed") { $0.homed }
    let (status, body) = try await daemon.post("/api/v1/messages", #"{"text": "dag"}"#)
    #expect(status == .created, "\(body)")
    let view = try await PixelBoardFacesTests.until(display, "ᛞᚨᚷ on the flaps") {
      $0.moving == 0 && $0.waiting == 0 && $0.cells == [[" ", "ᛞ", "ᚨ", "ᚷ", " ", " "]]
    }
    #expect(view.codes == nil, "runes have no Vestaboard codes")
    let flaps = view.modules.sorted { $0.col < $1.col }.map(\.flap)
    let want = [" ", "ᛞ", "ᚨ", "ᚷ", " ", " "].map {
      FlapSet.elderFuthark40.index(of: $0 == " " ? .blank : .glyph(Character($0)))
    }
    #expect(flaps == want, "the rotors' flaps")
    let state = MQTTBoardState(view: view, queueDepth: 0)
    #expect(state.text == "ᛞᚨᚷ" && state.rows == [" ᛞᚨᚷ  "])
  }

  @Test func aPanelInTheBuiltInFontRefusesCirth() async throws {
    let board = try BoardFile.load(
      path: PixelBoardFacesTests.root.appendingPathComponent("boards/sim-pixels-64x16.yaml").path)
    let daemon = try await InProcessDaemon(board: board)
    let (refused, why) = try await daemon.request(
      "PUT", "/api/v1/board/script", #"{"script": "cirth"}"#)
    #expect(refused == .conflict)
    #expect(why.contains("cannot show Cirth (Angerthas Erebor): it lacks"), "\(why)")
    #expect(why.contains("U+E0"), "\(why)")
  }

  @Test func aFlapBoardWithoutRunesRefusesThemWithEveryMissingSign() async throws {
    let daemon = try await InProcessDaemon()
    let (status, body) = try await daemon.request(
      "PUT", "/api/v1/board/script", #"{"script": "elder"}"#)
    #expect(status == .conflict)
    #expect(body.contains("cannot show Elder Futhark: it lacks ᚦ (U+16A6)"), "\(body)")
    let (message, why) = try await daemon.post(
      "/api/v1/messages", #"{"text": "hi", "script": "elder"}"#)
    #expect(message == .badRequest)
    #expect(why.contains("unsupported_characters") && why.contains("ᚺ"), "\(why)")
    let (codes, codesWhy) = try await daemon.post(
      "/api/v1/messages", #"{"characters": [[1]], "script": "elder"}"#)
    #expect(codes == .badRequest)
    #expect(codesWhy.contains("a script is for text"), "\(codesWhy)")
  }

  /// A script saved at run time that the board can no longer show (its board file changed)
  /// is passed over at start: text naming no script is still taken, in Latin.
  @Test func aSavedScriptTheBoardCannotShowFallsBackToLatin() async throws {
    let daemon = try await InProcessDaemon()
    try daemon.runtime.store.save(.script, .elder, at: Date())
    let again = await Runtime(
      config: RuntimeConfig(),
      runner: try BoardRunner(board: try BuiltinBoard.load(), simulate: true),
      store: daemon.runtime.store, clock: daemon.clock, logger: .init(label: "test"))
    defer { _ = again.display.runner.stop() }
    #expect(again.display.script == .latin)
    let receipt = try await again.messages.accept(NewMessage(sender: "t", body: .text("hello")))
    #expect(receipt.message.body == .text("hello", script: .latin))
  }

  /// "The quote of the day in Younger Futhark at 07:00": at each day's 07:00 in virtual time
  /// the day's quote scrolls in Younger Futhark runes, its author in Latin.
  @Test func theQuoteOfTheDayInYoungerFutharkOnASchedule() async throws {
    let board = try Self.board()
    var config = RuntimeConfig()
    config.timeZone = TimeZone(identifier: "UTC")!
    config.schedules = [
      ScheduleEntry(
        cron: try CronExpression("0 7 * * *"), content: .quoteOfTheDay, script: .younger)
    ]
    let daemon = try await InProcessDaemon(config: config, board: board)
    let display = daemon.runtime.display
    let loop = Task { await display.run() }
    defer { loop.cancel() }
    _ = try await PixelBoardFacesTests.until(display, "homed") { $0.homed }
    let quotes = try daemon.runtime.store.quotes().map(\.quote)

    for day in 0..<2 {
      // To the next 07:00 (the clock starts at 08:00 UTC), a day apart.
      let start = daemon.clock.now()
      let seven = try CronExpression("0 7 * * *").nextFire(after: start, in: config.timeZone)!
      daemon.clock.advance(by: seven.timeIntervalSince(start) + 1)
      let quote = try #require(
        CivilDate(year: 2027, month: 1, day: 16 + day).flatMap(
          QuoteOfTheDay(pool: quotes).quote(on:)))
      let runes = try YoungerFuthark.transliterate(quote.text, lenient: true)
      let line = try await Self.untilScrolling(display) { line in
        String(line.compactMap { if case .glyph(let c) = $0 { c } else { nil } })
          .contains(runes)
      }
      let text = String(line.map { if case .glyph(let c) = $0 { c } else { " " } })
      #expect(text.contains(runes), "day \(day): \(text)")
      #expect(
        text.uppercased().contains(quote.author.uppercased()),
        "day \(day): the author stays Latin: \(text)")
      #expect(!quote.text.isEmpty && runes.unicodeScalars.contains { $0.value >= 0x16A0 })
    }
  }

  static func untilScrolling(_ display: Display, _ condition: ([Symbol]) -> Bool) async throws
    -> [Symbol]
  {
    let giveUp = ContinuousClock.now + .seconds(20)
    while true {
      if let line = await display.screen.scrolling[0], condition(line) { return line }
      try #require(ContinuousClock.now < giveUp, "the quote never scrolled in runes")
      try await Task.sleep(for: .milliseconds(2))
    }
  }
}
