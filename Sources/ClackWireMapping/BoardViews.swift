import ClackAPI
import ClackRuntime

// The board's readings in the API's JSON, for every face that sends them (REST, the Local
// API, MQTT's state, the event stream).

extension BoardView {
  public init(_ reading: BoardReading) {
    self.init(
      name: reading.name, rows: reading.shown.rows, cols: reading.shown.cols,
      codes: try? reading.shown.codes(), target: try? reading.target.codes(),
      moving: reading.moving, waiting: reading.waiting, quiet: reading.quiet,
      homed: reading.homed, zones: reading.zones,
      modules: reading.modules.map {
        ModuleView(
          row: $0.row, col: $0.col, state: $0.mode, flap: $0.flap, moving: $0.moving,
          waiting: $0.waiting, faults: $0.faults, revolution: $0.revolution,
          homeError: $0.homeError, warnings: $0.warnings)
      })
    script = reading.script
    cells = reading.shown.notations()
    targetCells = reading.target.notations()
    kind = reading.kind
    pixels = reading.leds.map(PixelsView.init)
    pages = reading.pages
    tickOverruns = reading.overruns
    tickMicroseconds = reading.tickMicroseconds
  }
}

extension BrightnessView {
  public init(_ reading: BrightnessReading) {
    func time(_ minute: Int) -> String {
      let (hour, minute) = (minute / 60, minute % 60)
      return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
    self.init(
      brightness: reading.level, setting: reading.setting,
      night: reading.night.map {
        .init(from: time($0.fromMinute), to: time($0.toMinute), brightness: $0.level)
      })
  }
}

extension ScriptView {
  public init(_ reading: ScriptReading) {
    self.init(script: reading.script, available: reading.available)
  }
}

extension GlyphsView {
  public init(_ sheet: GlyphSheet) {
    self.init(
      font: sheet.font, glyphs: sheet.glyphs.mapValues(GlyphBitmap.init), missing: sheet.missing,
      reason: sheet.reason)
  }
}

extension GlyphBitmap {
  /// A glyph's rows in hexadecimal, leftmost pixel first.
  public init(_ glyph: PixelGlyph) {
    let bytes = (glyph.width + 7) / 8
    let rows = (0..<glyph.height).map { y in
      (0..<bytes).map { byte in
        let value = (0..<8).reduce(0) { bits, bit in
          bits << 1 | (glyph.isLit(x: byte * 8 + bit, y: y) ? 1 : 0)
        }
        let hex = String(value, radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
      }.joined()
    }
    self.init(width: glyph.width, height: glyph.height, rows: rows)
  }
}

extension DaemonEvent {
  /// The event as a Server-Sent Event: its type (`board`, `message`, `status`, `run_of_show`,
  /// `source`) and its JSON.
  public var sse: String { "event: \(type)\ndata: \(json)\n\n" }

  public var type: String {
    switch self {
    case .message: "message"
    case .board: "board"
    case .status: "status"
    case .runOfShow: "run_of_show"
    case .source: "source"
    }
  }

  /// The event's payload, as the event stream sends it.
  public var json: String {
    switch self {
    case .message(let id, let state, let reason):
      WireJSON.text(EventWire.MessageChanged(id: id, state: state, reason: reason))
    case .board(let change):
      // Runes have no Vestaboard code: their codes go empty, and `cells` carries them.
      WireJSON.text(
        EventWire.BoardChanged(
          codes: (try? change.shown.codes()) ?? [], target: (try? change.target.codes()) ?? [],
          cells: change.shown.notations(), targetCells: change.target.notations(),
          moving: change.moving, waiting: change.waiting, quiet: change.quiet,
          pixels: change.leds.map(PixelsView.init)))
    case .status(let homed):
      WireJSON.text(EventWire.StatusChanged(homed: homed))
    case .runOfShow(let pages):
      WireJSON.text(EventWire.RunOfShowChanged(pages: pages))
    case .source(let name, let stale, let problem):
      WireJSON.text(EventWire.SourceChanged(name: name, stale: stale, problem: problem))
    }
  }
}
