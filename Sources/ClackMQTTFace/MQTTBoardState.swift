import ClackAPI
import Foundation

/// The retained JSON on `…/state`: what the board shows — or, while its flaps turn, what it
/// is turning to, with `moving` and `waiting` beside it, so Home Assistant's history never
/// records half-turned text — as text and as codes, the queue, faults and quiet. Home
/// Assistant's entities read their values out of it.
public struct MQTTBoardState: Codable, Sendable, Hashable {
  /// The non-blank rows, trimmed and joined with spaces.
  public var text: String
  /// Every row as text (tiles as `{red}`).
  public var rows: [String]
  public var codes: [[Int]]?
  public var queueDepth: Int
  public var faults: [String]
  public var quiet: Bool
  public var homed: Bool
  public var moving: Int
  public var waiting: Int
  /// A pixel board's brightness (0–15) and LEDs, as in `GET /api/v1/board`; absent on flaps.
  public var brightness: Int?
  public var pixels: PixelsView?
  /// The board's script for text that names none.
  public var script: RunicScript
  /// The page of the run of show on show in the first zone (`main` on an unsplit board);
  /// nil while a message or nothing has it. Home Assistant's Page select reads it.
  public var page: String?
  /// Each live source by name: `stale` and its `problem` while it fails (docs/sources.md).
  public var sources: [String: SourceState]?

  public struct SourceState: Codable, Sendable, Hashable {
    public var stale: Bool
    public var problem: String?

    public init(stale: Bool, problem: String?) { (self.stale, self.problem) = (stale, problem) }
  }

  public init(view: BoardView, queueDepth: Int, firstZone: String? = nil) {
    let shown = view.target ?? view.codes
    // Rows as text from the cells, which runes have too (codes they have not).
    let cells = view.targetCells.isEmpty ? view.cells : view.targetCells
    rows = cells.isEmpty ? (shown ?? []).map(Self.text(ofRow:)) : cells.map { $0.joined() }
    text = rows.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: " ")
    codes = shown
    self.queueDepth = queueDepth
    faults = view.faultLines
    quiet = view.quiet
    homed = view.homed
    moving = view.moving
    waiting = view.waiting
    brightness = view.pixels?.brightness
    pixels = view.pixels
    script = view.script
    page = view.pages[firstZone ?? "main"]
  }

  enum CodingKeys: String, CodingKey {
    case text, rows, codes, faults, quiet, homed, moving, waiting, brightness, pixels, script
    case page, sources
    case queueDepth = "queue_depth"
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(text, forKey: .text)
    try container.encode(rows, forKey: .rows)
    try container.encode(codes, forKey: .codes)  // null before homing: the template reads it
    try container.encode(queueDepth, forKey: .queueDepth)
    try container.encode(faults, forKey: .faults)
    try container.encode(quiet, forKey: .quiet)
    try container.encode(homed, forKey: .homed)
    try container.encode(moving, forKey: .moving)
    try container.encode(waiting, forKey: .waiting)
    try container.encodeIfPresent(brightness, forKey: .brightness)
    try container.encodeIfPresent(pixels, forKey: .pixels)
    try container.encode(script, forKey: .script)
    try container.encode(page, forKey: .page)  // null: the select's template reads it
    try container.encodeIfPresent(sources, forKey: .sources)
  }

  /// A row of Vestaboard codes as text: characters as themselves, tiles as `{red}`, unknown
  /// codes as `?`.
  static func text(ofRow codes: [Int]) -> String {
    codes.map { VestaboardCode.symbol(for: $0)?.notation ?? "?" }.joined()
  }
}

/// What `…/error` carries when a payload is refused.
struct MQTTRefusal: Codable, Sendable, Hashable {
  var topic: String
  var code: String
  var message: String
  var bytes: Int
  var field: String?
}
