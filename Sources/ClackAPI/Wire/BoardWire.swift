import ClackCore
import Foundation

/// One module as the API shows it.
public struct ModuleView: Codable, Sendable, Hashable {
  public var row: Int
  public var col: Int
  /// `normal`, `look-for-home`, `sensor-error` or `disabled`.
  public var state: ModuleMode
  /// The flap it shows; null before it has homed.
  public var flap: Int?
  /// Energised and turning now.
  public var moving: Bool
  /// Has a move still to start (its start time, or a free slot in the power budget).
  public var waiting: Bool
  public var faults: [String]
  /// A stepped module's spool as measured between two home edges, and its last home edge's
  /// error (steps); absent until measured.
  public var revolution: Int?
  public var homeError: Int?
  /// What wants fixing without being a fault, with the fix (absent when none).
  public var warnings: [String]

  public init(
    row: Int, col: Int, state: ModuleMode, flap: Int?, moving: Bool, waiting: Bool,
    faults: [String], revolution: Int? = nil, homeError: Int? = nil, warnings: [String] = []
  ) {
    self.row = row
    self.col = col
    self.state = state
    self.flap = flap
    self.moving = moving
    self.waiting = waiting
    self.faults = faults
    self.revolution = revolution
    self.homeError = homeError
    self.warnings = warnings
  }

  enum CodingKeys: String, CodingKey {
    case row, col, state, flap, moving, waiting, faults, revolution, warnings
    case homeError = "home_error"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    row = try container.decode(Int.self, forKey: .row)
    col = try container.decode(Int.self, forKey: .col)
    state = try container.decode(ModuleMode.self, forKey: .state)
    flap = try container.decodeIfPresent(Int.self, forKey: .flap)
    moving = try container.decode(Bool.self, forKey: .moving)
    waiting = try container.decode(Bool.self, forKey: .waiting)
    faults = try container.decode([String].self, forKey: .faults)
    revolution = try container.decodeIfPresent(Int.self, forKey: .revolution)
    homeError = try container.decodeIfPresent(Int.self, forKey: .homeError)
    warnings = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
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
    try container.encodeIfPresent(revolution, forKey: .revolution)
    try container.encodeIfPresent(homeError, forKey: .homeError)
    if !warnings.isEmpty { try container.encode(warnings, forKey: .warnings) }
  }
}

/// What a pixel board's LEDs show, read back from its chips' registers where they can be read
/// (a simulated panel's models; a real HT16K33's display RAM once the picture holds still),
/// else the picture last written: one row of brightness per row of LEDs, 0 dark to 255 full, as the picture is drawn
/// (rotation and mirroring undone). A colour panel's rows hold indices into `palette`.
public struct PixelsView: Codable, Sendable, Hashable {
  public var width: Int
  public var height: Int
  /// `mono` (on/off chips: 0 or 255), `grey` (PWM chips: 0–255) or `palette` (colour panels:
  /// each pixel an index into `palette`).
  public var depth: PixelDepth
  /// The panel's brightness setting, 0–15.
  public var brightness: Int
  public var rows: [[Int]]
  /// A colour panel's colours as `#rrggbb`: dark, the text's ink, then the colour tiles.
  public var palette: [String]?

  public init(
    width: Int, height: Int, depth: PixelDepth, brightness: Int, rows: [[Int]],
    palette: [String]? = nil
  ) {
    self.width = width
    self.height = height
    self.depth = depth
    self.brightness = brightness
    self.rows = rows
    self.palette = palette
  }

  /// What a panel's LEDs show, row by row.
  public init(_ leds: LitLEDs) {
    let canvas = leds.canvas
    self.init(
      width: canvas.width, height: canvas.height, depth: leds.depth,
      brightness: leds.brightness,
      rows: (0..<canvas.height).map { y in (0..<canvas.width).map { x in Int(canvas[x, y]) } },
      palette: leds.palette?.colours.map(\.hex))
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
  public var kind = BoardKind.splitFlap
  /// A pixel board's LEDs (absent on a flap board, and from `/status`).
  public var pixels: PixelsView?
  /// The script of text that names none (docs/runes.md).
  public var script = RunicScript.latin
  /// The page of the run of show on show in each zone that shows one (docs/content.md).
  public var pages: [String: String] = [:]
  /// Ticks whose work did not fit their period since the daemon started (on a simulated
  /// twin, the time its bus work takes on the wire), and that period in microseconds
  /// (docs/hal.md, Time on the wire).
  public var tickOverruns = 0
  public var tickMicroseconds = 0

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
    case pixels, script, cells, pages
    case targetCells = "target_cells"
    case tickOverruns = "tick_overruns"
    case tickMicroseconds = "tick_us"
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
    kind = try container.decodeIfPresent(BoardKind.self, forKey: .kind) ?? .splitFlap
    pixels = try container.decodeIfPresent(PixelsView.self, forKey: .pixels)
    script = try container.decodeIfPresent(RunicScript.self, forKey: .script) ?? .latin
    cells = try container.decodeIfPresent([[String]].self, forKey: .cells) ?? []
    targetCells = try container.decodeIfPresent([[String]].self, forKey: .targetCells) ?? []
    pages = try container.decodeIfPresent([String: String].self, forKey: .pages) ?? [:]
    tickOverruns = try container.decodeIfPresent(Int.self, forKey: .tickOverruns) ?? 0
    tickMicroseconds = try container.decodeIfPresent(Int.self, forKey: .tickMicroseconds) ?? 0
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
    try container.encode(pages, forKey: .pages)
    try container.encode(kind, forKey: .kind)
    try container.encode(script, forKey: .script)
    try container.encode(tickOverruns, forKey: .tickOverruns)
    try container.encode(tickMicroseconds, forKey: .tickMicroseconds)
  }
}

extension BoardView {
  /// One line per module in trouble: "row 2, col 5: sensor-error: …", after one for ticks
  /// that overran their period. Modules in the same trouble, more than `groupAbove` of them
  /// (a wall's offline tile, a dead bus), make one line saying how many and where:
  /// "132 modules in rows 1–6, cols 23–44: normal: wall member 'right' is offline".
  public var faultLines: [String] {
    let overruns =
      tickOverruns > 0
      ? [
        "ticks overrun their \(tickMicroseconds) µs period (tick_overruns counts them): the"
          + " board's work each tick, its bus transfers, does not fit the tick"
          + " (docs/hal.md, Time on the wire)"
      ] : []
    var order: [String] = []
    var alike: [String: [ModuleView]] = [:]
    for module in modules where !module.faults.isEmpty || module.state.isFaulty {
      let trouble =
        module.state.rawValue
        + (module.faults.isEmpty ? "" : ": " + module.faults.joined(separator: "; "))
      if alike[trouble] == nil { order.append(trouble) }
      alike[trouble, default: []].append(module)
    }
    var lines: [(first: Int, text: String)] = []
    for trouble in order {
      let group = alike[trouble] ?? []
      if group.count > Self.groupAbove {
        let rows = group.map(\.row)
        let cols = group.map(\.col)
        lines.append(
          (
            group[0].row * 10_000 + group[0].col,
            "\(group.count) modules in rows \(Self.span(rows)), cols \(Self.span(cols)): \(trouble)"
          ))
      } else {
        lines += group.map {
          ($0.row * 10_000 + $0.col, "row \($0.row + 1), col \($0.col + 1): \(trouble)")
        }
      }
    }
    return overruns + lines.sorted { $0.first < $1.first }.map(\.text)
  }

  /// More modules alike than this make one line.
  static let groupAbove = 3

  /// "1–6", or "4" (counted from 1).
  private static func span(_ values: [Int]) -> String {
    let low = (values.min() ?? 0) + 1
    let high = (values.max() ?? 0) + 1
    return low == high ? "\(low)" : "\(low)–\(high)"
  }
}
