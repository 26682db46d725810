import ClackAPI
import ClackContent
import ClackCore
import Foundation
import Testing

@testable import ClackRuntime
@testable import ClackWireMapping

/// The runtime's readings in the API's JSON: the one mapping REST, MQTT and the event stream
/// share.
@Suite struct BoardViewsTests {
  static func frame(_ codes: [[Int]]) -> Frame { try! Frame(codes: codes) }

  static func module(_ row: Int, _ col: Int, _ mode: ModuleMode, faults: [String] = [])
    -> ModuleReading
  {
    ModuleReading(
      row: row, col: col, mode: mode, flap: mode == .normal ? 1 : nil, moving: false,
      waiting: false, faults: faults)
  }

  @Test func aBoardReadingBecomesTheBoardViewWithItsEnumsAsTheirWireNames() throws {
    let reading = BoardReading(
      name: "hall", kind: .splitFlap, shown: Self.frame([[8, 9]]),
      target: Self.frame([[15, 11]]), moving: 1, waiting: 1, quiet: true, homed: true,
      zones: ["main": "message 3"],
      modules: [Self.module(0, 0, .normal), Self.module(0, 1, .sensorError, faults: ["no home"])],
      leds: nil, script: .latin)
    let view = BoardView(reading)
    #expect(view.codes == [[8, 9]])
    #expect(view.target == [[15, 11]])
    #expect(view.cells == [["H", "I"]])
    #expect(view.targetCells == [["O", "K"]])
    #expect(view.modules.map(\.state) == [.normal, .sensorError])
    #expect(view.faultLines == ["row 1, col 2: sensor-error: no home"])
    let json = WireJSON.text(view)
    #expect(json.contains(#""kind":"split-flap""#))
    #expect(json.contains(#""state":"sensor-error""#))
    #expect(json.contains(#""flap":null"#), "a module not homed has a null flap, not none")
    #expect(view.pixels == nil)
  }

  @Test func modulesInTheSameTroubleMakeOneLineWhenThereAreMoreThanThree() {
    // A wall's offline tile: rows 1–2, columns 3–4 of a 2×4 board, all alike; and one module
    // of its own alone, and three alike (each said on its own).
    let offline = "wall member 'right' is offline"
    var modules = (0..<2).flatMap { row in
      (2..<4).map { Self.module(row, $0, .normal, faults: [offline]) }
    }
    modules.append(Self.module(0, 0, .sensorError, faults: ["no home"]))
    modules += [(1, 0), (1, 1), (0, 1)].map {
      Self.module($0.0, $0.1, .disabled, faults: ["no answer"])
    }
    let reading = BoardReading(
      name: "wall", kind: .splitFlap, shown: Self.frame([[0, 0, 0, 0], [0, 0, 0, 0]]),
      target: Self.frame([[0, 0, 0, 0], [0, 0, 0, 0]]), moving: 0, waiting: 0, quiet: false,
      homed: true, zones: [:], modules: modules, leds: nil, script: .latin)
    #expect(
      BoardView(reading).faultLines == [
        "row 1, col 1: sensor-error: no home", "row 1, col 2: disabled: no answer",
        "4 modules in rows 1–2, cols 3–4: normal: wall member 'right' is offline",
        "row 2, col 1: disabled: no answer", "row 2, col 2: disabled: no answer",
      ])
  }

  @Test func aPanelsLEDsGoRowByRowAtTheirDepth() {
    var canvas = PixelCanvas(width: 3, height: 2, depth: .grey)
    canvas[0, 0] = 255
    canvas[2, 1] = 40
    let reading = BoardReading(
      name: "panel", kind: .pixels, shown: Frame(rows: 1, cols: 1),
      target: Frame(rows: 1, cols: 1), moving: 0, waiting: 0, quiet: false, homed: true,
      zones: [:], modules: [], leds: LitLEDs(canvas: canvas, depth: .grey, brightness: 9),
      script: .latin)
    let view = BoardView(reading)
    #expect(view.kind == .pixels)
    #expect(view.pixels?.rows == [[255, 0, 0], [0, 0, 40]])
    #expect(view.pixels?.depth == .grey)
    #expect(view.pixels?.brightness == 9)
    #expect(WireJSON.text(view).contains(#""depth":"grey""#))
  }

  @Test func nightHoursAreWrittenAsTimesOfDay() {
    let reading = BrightnessReading(
      level: 2, setting: 8, night: .init(fromMinute: 22 * 60 + 5, toMinute: 7 * 60, level: 2))
    let view = BrightnessView(reading)
    #expect(view.brightness == 2)
    #expect(view.setting == 8)
    #expect(view.night == .init(from: "22:05", to: "07:00", brightness: 2))
    #expect(BrightnessView(BrightnessReading(level: 8, setting: 8, night: nil)).night == nil)
  }

  @Test func aGlyphIsSentAsRowsOfHexadecimalLeftmostPixelFirst() {
    // 10 pixels wide: two bytes a row, the second padded with dark pixels.
    let bits = (0..<20).map { index in index == 0 || index == 9 || index == 10 }
    let glyph = PixelGlyph(width: 10, height: 2, advance: 10, bits: bits)
    let bitmap = GlyphBitmap(glyph)
    #expect(bitmap.rows == ["8040", "8000"])
    #expect(bitmap.width == 10 && bitmap.height == 2)
  }

  @Test func eventsGoOutAsServerSentEventsWithTheirJSON() {
    let message = DaemonEvent.message(id: 7, state: .showing, reason: "its turn")
    #expect(message.type == "message")
    #expect(message.sse.hasPrefix("event: message\ndata: {"))
    #expect(message.sse.hasSuffix("}\n\n"))
    #expect(message.json.contains(#""id":7"#) && message.json.contains(#""state":"showing""#))
    let status = DaemonEvent.status(homed: true)
    #expect(status.sse == "event: status\ndata: {\"homed\":true}\n\n")
    let board = DaemonEvent.board(
      BoardChange(
        shown: Self.frame([[1]]), target: Self.frame([[2]]), moving: 1,
        waiting: 0, quiet: false, leds: nil))
    #expect(board.type == "board")
    #expect(board.json.contains(#""codes":[[1]]"#) && board.json.contains(#""target":[[2]]"#))
  }
}
