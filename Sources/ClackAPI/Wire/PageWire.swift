import ClackContent
import Foundation

/// `GET /api/v1/pages`: the pages the config defines and the run of show.
public struct PagesView: Codable, Sendable, Hashable {
  public var pages: [PageView]
  public var runOfShow: [RunOfShowEntryView]
  /// `config`: the config file's run of show; `set`: one set at run time
  /// (`PUT /api/v1/run-of-show`).
  public var source: String
  /// Why a run of show set at run time does not apply to the config as it is (the config's
  /// shows meanwhile); nil when it applies or none is set.
  public var setAside: String?
  /// The daemon's time and time zone, which the entries' times are in.
  public var time: Date
  public var timeZone: String

  enum CodingKeys: String, CodingKey {
    case pages, time, source
    case runOfShow = "run_of_show"
    case setAside = "set_aside"
    case timeZone = "time_zone"
  }

  public init(
    pages: [PageView], runOfShow: [RunOfShowEntryView], source: String, setAside: String?,
    time: Date, timeZone: String
  ) {
    (self.pages, self.runOfShow, self.source, self.setAside) = (pages, runOfShow, source, setAside)
    (self.time, self.timeZone) = (time, timeZone)
  }
}

/// A page: its name, its kind of template, and the fields it can use.
public struct PageView: Codable, Sendable, Hashable {
  public var name: String
  /// `text`, `vbml` or `picture`.
  public var kind: String
  /// A text page's template; nil for other pages.
  public var template: String?
  /// A picture page's picture; nil for other pages.
  public var picture: PictureView?
  public var fields: [String]

  public init(
    name: String, kind: String, template: String?, picture: PictureView? = nil, fields: [String]
  ) {
    (self.name, self.kind, self.template, self.fields) = (name, kind, template, fields)
    self.picture = picture
  }
}

/// A picture page's picture: its file, its size in pixels, its frames and one loop's length.
public struct PictureView: Codable, Sendable, Hashable {
  public var file: String
  public var width: Int
  public var height: Int
  public var frames: Int
  /// One pass of an animation, in milliseconds (0 for a still picture).
  public var loopMilliseconds: Int

  enum CodingKeys: String, CodingKey {
    case file, width, height, frames
    case loopMilliseconds = "loop_ms"
  }

  public init(file: String, width: Int, height: Int, frames: Int, loopMilliseconds: Int) {
    (self.file, self.width, self.height) = (file, width, height)
    (self.frames, self.loopMilliseconds) = (frames, loopMilliseconds)
  }
}

/// An entry of the run of show and what it is doing.
public struct RunOfShowEntryView: Codable, Sendable, Hashable {
  public var index: Int
  /// The page it shows, when it shows one.
  public var page: String?
  /// What it shows in a few words (`page clock`, `quote of the day`).
  public var show: String
  public var zone: String
  /// `cron 0 7 * * *`, `every 15m`, `on change`, `in rotation` or `while work.soon`.
  public var cadence: String
  /// `cron`, `every`, `on_change`, `rotation` or `while`.
  public var cadenceKind: String?
  /// How long it holds its zone once on show; nil until the next entry comes due.
  public var holdSeconds: Double?
  public var onShow: Bool
  /// Its place in the line of entries that came due (1 is next).
  public var waiting: Int?
  /// When it next goes on show if nothing else arrives; nil when not within a day.
  public var nextShowAt: Date?
  /// The same in words, in the daemon's time zone (`at 14:05`, `now`).
  public var nextShow: String?

  enum CodingKeys: String, CodingKey {
    case index, page, show, zone, cadence, waiting
    case cadenceKind = "cadence_kind"
    case holdSeconds = "hold_seconds"
    case onShow = "on_show"
    case nextShowAt = "next_show_at"
    case nextShow = "next_show"
  }

  public init(
    index: Int, page: String?, show: String, zone: String, cadence: String,
    cadenceKind: String?, holdSeconds: Double?, onShow: Bool, waiting: Int?, nextShowAt: Date?,
    nextShow: String?
  ) {
    (self.index, self.page, self.show, self.zone, self.cadence) = (index, page, show, zone, cadence)
    self.cadenceKind = cadenceKind
    (self.holdSeconds, self.onShow, self.waiting) = (holdSeconds, onShow, waiting)
    (self.nextShowAt, self.nextShow) = (nextShowAt, nextShow)
  }
}

/// `GET /api/v1/pages/{name}/preview`: a page drawn at a moment.
public struct PagePreviewView: Codable, Sendable, Hashable {
  public var page: String
  public var zone: String
  public var at: Date
  /// Rows of Vestaboard character codes, the zone's size; nil on a board whose flaps have
  /// no codes (runes).
  public var rows: [[Int]]?
  /// The same rows as text (a tile as its notation, such as `{63}`).
  public var lines: [String]
  /// Each field's value at that moment.
  public var fields: [String: String]
  /// A picture page's picture (its cells, in `rows` and `lines`, are blank); nil for others.
  public var picture: PictureView?

  public init(
    page: String, zone: String, at: Date, rows: [[Int]]?, lines: [String],
    fields: [String: String], picture: PictureView? = nil
  ) {
    (self.page, self.zone, self.at, self.rows, self.lines) = (page, zone, at, rows, lines)
    (self.fields, self.picture) = (fields, picture)
  }
}

/// `GET /api/v1/run-of-show`: where the run of show comes from and, when it was set at run
/// time, the entries as they were set (to edit and `PUT` again).
public struct RunOfShowSetView: Codable, Sendable, Hashable {
  /// `config` or `set`, as in `PagesView`.
  public var source: String
  public var setAside: String?
  /// The run of show set at run time; nil when none is.
  public var runOfShow: [RunOfShowEntryWire]?

  enum CodingKeys: String, CodingKey {
    case source
    case setAside = "set_aside"
    case runOfShow = "run_of_show"
  }

  public init(source: String, setAside: String?, runOfShow: [RunOfShowEntryWire]?) {
    (self.source, self.setAside, self.runOfShow) = (source, setAside, runOfShow)
  }
}

/// An entry of a run of show as written: the config's `run_of_show` fields, durations in
/// seconds.
public struct RunOfShowEntryWire: Codable, Sendable, Hashable {
  public var page, show, text, format, cron: String?
  public var every: Double?
  public var onChange: Bool?
  public var dwell: Double?
  public var zone, transition, script: String?
  /// `while: SOURCE.PATH`, and its `priority`.
  public var whileHolds, priority: String?

  enum CodingKeys: String, CodingKey {
    case page, show, text, format, cron, every, dwell, zone, transition, script, priority
    case onChange = "on_change"
    case whileHolds = "while"
  }

  public init(_ item: RunOfShowItem) {
    (page, show, text, format, cron) = (item.page, item.show, item.text, item.format, item.cron)
    (every, onChange, dwell) = (item.every, item.onChange, item.dwell)
    (zone, transition, script) = (item.zone, item.transition, item.script)
    (whileHolds, priority) = (item.whileHolds, item.priority)
  }
}
