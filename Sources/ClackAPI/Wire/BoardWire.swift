import ClackCore
import Foundation

/// One module as the API shows it.
public struct ModuleView: Codable, Sendable, Hashable {
  public var row: Int
  public var col: Int
  /// `normal`, `look-for-home`, `sensor-error` or `disabled`.
  public var state: String
  /// The flap it shows; null before it has homed.
  public var flap: Int?
  /// Energised and turning now.
  public var moving: Bool
  /// Has a move still to start (its start time, or a free slot in the power budget).
  public var waiting: Bool
  public var faults: [String]

  public init(
    row: Int, col: Int, state: String, flap: Int?, moving: Bool, waiting: Bool, faults: [String]
  ) {
    self.row = row
    self.col = col
    self.state = state
    self.flap = flap
    self.moving = moving
    self.waiting = waiting
    self.faults = faults
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(row, forKey: .row)
    try container.encode(col, forKey: .col)
    try container.encode(state, forKey: .state)
    try container.encode(flap, forKey: .flap)  // null, not absent: the schema requires it
    try container.encode(moving, forKey: .moving)
    try container.encode(waiting, forKey: .waiting)
    try container.encode(faults, forKey: .faults)
  }
}

/// What a pixel board's LEDs show, read back from its chips' registers where they can be read
/// (a simulated panel's models; a real HT16K33's display RAM once the picture holds still),
/// else the picture last written: one row of brightness per row of LEDs, 0 dark to 255 full, as the picture is drawn
/// (rotation and mirroring undone).
public struct PixelsView: Codable, Sendable, Hashable {
  public var width: Int
  public var height: Int
  /// `mono` (on/off chips: 0 or 255) or `grey` (PWM chips: 0–255).
  public var depth: String
  /// The panel's brightness setting, 0–15.
  public var brightness: Int
  public var rows: [[Int]]

  public init(width: Int, height: Int, depth: String, brightness: Int, rows: [[Int]]) {
    self.width = width
    self.height = height
    self.depth = depth
    self.brightness = brightness
    self.rows = rows
  }
}

/// What `GET /api/v1/board` answers: the codes the modules show (read from their positions),
/// the target, and each module. On a pixel board the "modules" are the cells of its character
/// grid, and `pixels` holds what its LEDs show.
public struct BoardView: Codable, Sendable, Hashable {
  public var name: String
  public var rows: Int
  public var cols: Int
  /// What the modules show now (mid-flip too); null before every module has homed.
  public var codes: [[Int]]?
  /// What they are moving to.
  public var target: [[Int]]?
  /// What the modules show and what they move to, each cell as its symbol's notation (`A`,
  /// `{red}`, a space, or a rune, which has no code): for boards whose flaps have no
  /// Vestaboard codes, where `codes` is null.
  public var cells: [[String]] = []
  public var targetCells: [[String]] = []
  /// Modules energised and turning now: never more than the power budget.
  public var moving: Int
  /// Modules with a move still to start.
  public var waiting: Int
  public var quiet: Bool
  public var homed: Bool
  /// Each zone's source: "message 12", "schedule 0: 0 7 * * *", "idle" …
  public var zones: [String: String]
  public var modules: [ModuleView]
  /// `split-flap` or `pixels`.
  public var kind = "split-flap"
  /// A pixel board's LEDs (absent on a flap board, and from `/status`).
  public var pixels: PixelsView?
  /// The script of text that names none (docs/runes.md).
  public var script = RunicScript.latin

  public init(
    name: String, rows: Int, cols: Int, codes: [[Int]]?, target: [[Int]]?, moving: Int,
    waiting: Int, quiet: Bool, homed: Bool, zones: [String: String], modules: [ModuleView]
  ) {
    self.name = name
    self.rows = rows
    self.cols = cols
    self.codes = codes
    self.target = target
    self.moving = moving
    self.waiting = waiting
    self.quiet = quiet
    self.homed = homed
    self.zones = zones
    self.modules = modules
  }

  enum CodingKeys: String, CodingKey {
    case name, rows, cols, codes, target, moving, waiting, quiet, homed, zones, modules, kind
    case pixels, script, cells
    case targetCells = "target_cells"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    rows = try container.decode(Int.self, forKey: .rows)
    cols = try container.decode(Int.self, forKey: .cols)
    codes = try container.decodeIfPresent([[Int]].self, forKey: .codes)
    target = try container.decodeIfPresent([[Int]].self, forKey: .target)
    moving = try container.decode(Int.self, forKey: .moving)
    waiting = try container.decode(Int.self, forKey: .waiting)
    quiet = try container.decode(Bool.self, forKey: .quiet)
    homed = try container.decode(Bool.self, forKey: .homed)
    zones = try container.decode([String: String].self, forKey: .zones)
    modules = try container.decodeIfPresent([ModuleView].self, forKey: .modules) ?? []
    kind = try container.decodeIfPresent(String.self, forKey: .kind) ?? "split-flap"
    pixels = try container.decodeIfPresent(PixelsView.self, forKey: .pixels)
    script = try container.decodeIfPresent(RunicScript.self, forKey: .script) ?? .latin
    cells = try container.decodeIfPresent([[String]].self, forKey: .cells) ?? []
    targetCells = try container.decodeIfPresent([[String]].self, forKey: .targetCells) ?? []
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeFields(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(modules, forKey: .modules)
    try container.encodeIfPresent(pixels, forKey: .pixels)
  }

  /// Every field but `modules`: what `/status` shares with `/board`.
  func encodeFields(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(rows, forKey: .rows)
    try container.encode(cols, forKey: .cols)
    try container.encode(codes, forKey: .codes)  // null, not absent, before homing
    try container.encode(target, forKey: .target)
    try container.encode(cells, forKey: .cells)
    try container.encode(targetCells, forKey: .targetCells)
    try container.encode(moving, forKey: .moving)
    try container.encode(waiting, forKey: .waiting)
    try container.encode(quiet, forKey: .quiet)
    try container.encode(homed, forKey: .homed)
    try container.encode(zones, forKey: .zones)
    try container.encode(kind, forKey: .kind)
    try container.encode(script, forKey: .script)
  }
}

extension BoardView {
  /// One line per module in trouble: "row 2, col 5: sensor-error: …".
  public var faultLines: [String] {
    modules.filter {
      !$0.faults.isEmpty || $0.state == "sensor-error" || $0.state == "disabled"
    }.map {
      "row \($0.row + 1), col \($0.col + 1): \($0.state)"
        + ($0.faults.isEmpty ? "" : ": " + $0.faults.joined(separator: "; "))
    }
  }
}

/// What `GET /api/v1/status` answers: the board (without its modules), its faults, the queue,
/// what is showing, the next scheduled content and the daemon's time.
public struct StatusView: Codable, Sendable, Hashable {
  /// The board's fields; its `modules` are not part of the status (decoded as empty).
  public var board: BoardView
  public var faults: [String]
  /// Messages by state; every state is present.
  public var queue: [String: Int]
  public var showing: [MessageView]
  public var nextScheduled: ScheduledFire?
  /// "22:00-07:00", when quiet hours are configured.
  public var quietHours: String?
  public var time: Date
  /// The board's time zone (an IANA name): schedules and quiet hours are on its clock.
  public var timeZone: String

  public struct ScheduledFire: Codable, Sendable, Hashable {
    public var at: Date
    public var cron: String
    public var zone: String
    /// What it shows: "quote of the day", "clock (HH:mm)", "text \"…\"".
    public var show: String
    /// `at` on the board's clock and how far off: "07:00, in 34 min" (`LocalTimeText`).
    public var when: String

    public init(at: Date, cron: String, zone: String, show: String, when: String) {
      self.at = at
      self.cron = cron
      self.zone = zone
      self.show = show
      self.when = when
    }
  }

  public init(
    board: BoardView, faults: [String], queue: [String: Int], showing: [MessageView],
    nextScheduled: ScheduledFire?, quietHours: String?, time: Date, timeZone: String
  ) {
    self.board = board
    self.faults = faults
    self.queue = queue
    self.showing = showing
    self.nextScheduled = nextScheduled
    self.quietHours = quietHours
    self.time = time
    self.timeZone = timeZone
  }

  enum CodingKeys: String, CodingKey {
    case faults, queue, showing, time
    case nextScheduled = "next_scheduled"
    case quietHours = "quiet_hours"
    case timeZone = "time_zone"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let fields = try decoder.container(keyedBy: BoardView.CodingKeys.self)
    board = BoardView(
      name: try fields.decode(String.self, forKey: .name),
      rows: try fields.decode(Int.self, forKey: .rows),
      cols: try fields.decode(Int.self, forKey: .cols),
      codes: try fields.decodeIfPresent([[Int]].self, forKey: .codes),
      target: try fields.decodeIfPresent([[Int]].self, forKey: .target),
      moving: try fields.decode(Int.self, forKey: .moving),
      waiting: try fields.decode(Int.self, forKey: .waiting),
      quiet: try fields.decode(Bool.self, forKey: .quiet),
      homed: try fields.decode(Bool.self, forKey: .homed),
      zones: try fields.decode([String: String].self, forKey: .zones), modules: [])
    faults = try container.decode([String].self, forKey: .faults)
    queue = try container.decode([String: Int].self, forKey: .queue)
    showing = try container.decode([MessageView].self, forKey: .showing)
    nextScheduled = try container.decodeIfPresent(ScheduledFire.self, forKey: .nextScheduled)
    quietHours = try container.decodeIfPresent(String.self, forKey: .quietHours)
    time = try container.decode(Date.self, forKey: .time)
    timeZone = try container.decode(String.self, forKey: .timeZone)
  }

  public func encode(to encoder: any Encoder) throws {
    try board.encodeFields(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(faults, forKey: .faults)
    try container.encode(queue, forKey: .queue)
    try container.encode(showing, forKey: .showing)
    try container.encodeIfPresent(nextScheduled, forKey: .nextScheduled)
    try container.encodeIfPresent(quietHours, forKey: .quietHours)
    try container.encode(time, forKey: .time)
    try container.encode(timeZone, forKey: .timeZone)
  }
}

/// `GET /health`.
public struct HealthView: Codable, Sendable, Hashable {
  /// "ok" once homed, "homing" before.
  public var status: String
  public var homed: Bool
  public var queued: Int

  public init(homed: Bool, queued: Int) {
    status = homed ? "ok" : "homing"
    self.homed = homed
    self.queued = queued
  }
}

/// `POST /api/v1/board/home`: 202 and `{"homing": true}`.
public struct HomingStarted: Codable, Sendable, Hashable {
  public var homing = true

  public init() {}
}

/// What `GET` and `PUT /api/v1/board/brightness` answer on a pixel board.
public struct BrightnessView: Codable, Sendable, Hashable {
  /// The level the LEDs show now, 0–15.
  public var brightness: Int
  /// The level a person set (or the board file's), kept across restarts.
  public var setting: Int
  /// The board file's night hours and level, if it has them.
  public var night: Night?

  public struct Night: Codable, Sendable, Hashable {
    public var from: String
    public var to: String
    public var brightness: Int

    public init(from: String, to: String, brightness: Int) {
      self.from = from
      self.to = to
      self.brightness = brightness
    }
  }

  public init(brightness: Int, setting: Int, night: Night?) {
    self.brightness = brightness
    self.setting = setting
    self.night = night
  }

  /// Reads `{"brightness": N}`: N a whole number from 0 to 15.
  public static func level(from body: JSONValue?) throws(APIError) -> Int {
    guard case .object(let fields) = body else {
      throw .badRequest("body", "send a JSON object such as {\"brightness\": 8}")
    }
    guard case .int(let level) = fields["brightness"], (0...15).contains(level) else {
      throw .badRequest("brightness", "must be a whole number from 0 to 15")
    }
    return level
  }
}

/// What `GET` and `PUT /api/v1/board/script` answer: the script of text that names none.
public struct ScriptView: Codable, Sendable, Hashable {
  /// `latin`, `elder`, `younger`, `younger-short-twig`, `cirth` or `cirth-moria`.
  public var script: RunicScript
  /// The scripts this board can show (its flaps or font have every sign).
  public var available: [RunicScript]

  public init(script: RunicScript, available: [RunicScript]) {
    self.script = script
    self.available = available
  }

  /// Reads `{"script": NAME}`.
  public static func script(from body: JSONValue?) throws(APIError) -> RunicScript {
    guard case .object(let fields) = body else {
      throw .badRequest("body", "send a JSON object such as {\"script\": \"elder\"}")
    }
    guard case .string(let name) = fields["script"], let script = RunicScript(rawValue: name)
    else {
      throw .badRequest("script", "must be one of: \(RunicScript.names)")
    }
    return script
  }
}

/// What `GET /api/v1/board/glyphs` answers: bitmaps of the board's symbols that have no
/// Vestaboard code (runes, Cirth), so a viewer draws them without a font of its own.
public struct GlyphsView: Codable, Sendable, Hashable {
  /// Where the bitmaps come from: the board's font, or the system's GNU Unifont.
  public var font: String?
  /// By symbol.
  public var glyphs: [String: GlyphBitmap]
  /// Symbols the font lacks, with the reason (a viewer shows them as text).
  public var missing: [String]
  public var reason: String?

  public init(font: String?, glyphs: [String: GlyphBitmap], missing: [String], reason: String?) {
    self.font = font
    self.glyphs = glyphs
    self.missing = missing
    self.reason = reason
  }
}

/// One glyph: each row as hexadecimal, the leftmost pixel the top bit of the first byte
/// (rows padded to whole bytes, as in BDF).
public struct GlyphBitmap: Codable, Sendable, Hashable {
  public var width: Int
  public var height: Int
  public var rows: [String]

  public init(width: Int, height: Int, rows: [String]) {
    self.width = width
    self.height = height
    self.rows = rows
  }
}

/// `PUT /api/v1/board/quiet`'s body and answer: whether the board is held still. Set, it
/// lasts until the configured quiet hours next begin or end.
public struct QuietView: Codable, Sendable, Hashable {
  public var quiet: Bool

  public init(quiet: Bool) { self.quiet = quiet }

  /// Reads `{"quiet": true|false}`.
  public static func quiet(from body: JSONValue?) throws(APIError) -> Bool {
    guard case .object(let fields) = body else {
      throw .badRequest("body", "send a JSON object such as {\"quiet\": true}")
    }
    guard case .bool(let quiet) = fields["quiet"] else {
      throw .badRequest("quiet", "must be true (hold the board still) or false (let it move)")
    }
    return quiet
  }
}
