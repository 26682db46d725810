import ClackCore
import Foundation

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
  /// The live sources and how each stands (without their data); absent when none are set.
  public var sources: [SourceView]?
  /// The wall this board is part of (docs/walls.md); absent for a board on its own.
  public var wall: WallView?

  public struct ScheduledFire: Codable, Sendable, Hashable {
    public var at: Date
    public var cron: String
    /// What `cron` is: `cron`, `every` or `on_change` (nil from a daemon before it said).
    public var cadenceKind: String?
    public var zone: String
    /// What it shows: "quote of the day", "clock (HH:mm)", "text \"…\"".
    public var show: String
    /// `at` on the board's clock and how far off: "07:00, in 34 min" (`LocalTimeText`).
    public var when: String

    public init(
      at: Date, cron: String, cadenceKind: String?, zone: String, show: String, when: String
    ) {
      self.at = at
      self.cron = cron
      self.cadenceKind = cadenceKind
      self.zone = zone
      self.show = show
      self.when = when
    }
  }

  public init(
    board: BoardView, faults: [String], queue: [String: Int], showing: [MessageView],
    nextScheduled: ScheduledFire?, quietHours: String?, time: Date, timeZone: String,
    sources: [SourceView]? = nil
  ) {
    self.sources = sources
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
    case faults, queue, showing, time, sources, wall
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
    board.tickOverruns = try fields.decodeIfPresent(Int.self, forKey: .tickOverruns) ?? 0
    board.tickMicroseconds = try fields.decodeIfPresent(Int.self, forKey: .tickMicroseconds) ?? 0
    faults = try container.decode([String].self, forKey: .faults)
    queue = try container.decode([String: Int].self, forKey: .queue)
    showing = try container.decode([MessageView].self, forKey: .showing)
    nextScheduled = try container.decodeIfPresent(ScheduledFire.self, forKey: .nextScheduled)
    quietHours = try container.decodeIfPresent(String.self, forKey: .quietHours)
    time = try container.decode(Date.self, forKey: .time)
    timeZone = try container.decode(String.self, forKey: .timeZone)
    sources = try container.decodeIfPresent([SourceView].self, forKey: .sources)
    wall = try container.decodeIfPresent(WallView.self, forKey: .wall)
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
    try container.encodeIfPresent(sources, forKey: .sources)
    try container.encodeIfPresent(wall, forKey: .wall)
  }
}

/// `GET /health`.
public struct HealthView: Codable, Sendable, Hashable {
  /// "ok" once homed, "homing" before.
  public var status: String
  public var homed: Bool
  public var queued: Int
  /// The SHA-256 fingerprint of the certificate the daemon serves HTTPS with; absent on plain
  /// HTTP. The web page shows it so a first visitor can check the browser's warning.
  public var tlsFingerprint: String?

  public init(homed: Bool, queued: Int, tlsFingerprint: String? = nil) {
    status = homed ? "ok" : "homing"
    self.homed = homed
    self.queued = queued
    self.tlsFingerprint = tlsFingerprint
  }

  enum CodingKeys: String, CodingKey {
    case status, homed, queued
    case tlsFingerprint = "tls_fingerprint"
  }
}
