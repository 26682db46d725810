import ClackAPI
import ClackBoard
import ClackContent
import ClackCore
import ClackRuntime
import ClackScheduler
import Foundation

extension DaemonConfig {
  /// Reads a config file. Relative paths in it (the board, the state directory) are taken from
  /// the file's own directory. Errors name the file, line and field.
  public static func load(path: String) throws(BoardFileError) -> DaemonConfig {
    let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
    return try parse(yaml: YAMLReader.text(atPath: path), file: path, baseDirectory: base)
  }

  public static func parse(yaml: String, file: String, baseDirectory: String = ".")
    throws(BoardFileError) -> DaemonConfig
  {
    var config = DaemonConfig()
    // A file of comments only (as the package ships) is the defaults, not an error.
    guard let root = try YAMLReader.rootIfAny(yaml: yaml, file: file) else { return config }
    let top = try root.fields(
      allowed: [
        "board", "listen", "state", "time_zone", "dwell", "quiet_hours", "zones", "schedules",
        "rate_limit", "transition", "api_key_file", "local_api", "mqtt", "http", "reduce_motion",
        "script", "pages", "run_of_show", "land_on_time", "sources", "tls", "wall",
        "discovery",
      ], required: [])
    func resolve(_ path: String) -> String {
      path.hasPrefix("/")
        ? path : URL(fileURLWithPath: baseDirectory).appendingPathComponent(path).path
    }
    if let board = top["board"] { config.boardPath = resolve(try board.string()) }
    if let state = top["state"] { config.stateDirectory = resolve(try state.string()) }
    if let key = top["api_key_file"] { config.apiKeyFile = resolve(try key.string()) }
    if let listen = top["listen"] {
      guard let address = ListenAddress(parsing: try listen.string()) else {
        throw listen.error("must be HOST:PORT, such as 127.0.0.1:7000 or 0.0.0.0:7000")
      }
      config.listen = address
    }
    if let zone = top["time_zone"] {
      let name = try zone.string()
      guard let timeZone = TimeZone(identifier: name) else {
        throw zone.error("'\(name)' is not a time zone name such as Europe/Berlin or UTC")
      }
      config.timeZone = timeZone
    }
    if let dwell = top["dwell"] { config.dwell = try dwell.duration() }
    if let reduce = top["reduce_motion"] { config.runtime.reduceMotion = try reduce.bool() }
    if let land = top["land_on_time"] { config.runtime.landOnTime = try land.bool() }
    if let script = top["script"] { config.runtime.script = try script.script() }
    if let tls = top["tls"] { config.tls = try tls.tlsMode(resolve: resolve) }
    if let discovery = top["discovery"] { config.discovery = try discovery.bool() }
    if let local = top["local_api"] {
      let fields = try local.fields(allowed: ["enablement_token", "listen"], required: [])
      if let listen = fields["listen"] {
        guard let address = ListenAddress(parsing: try listen.string()) else {
          throw listen.error("must be HOST:PORT, such as 0.0.0.0:7000")
        }
        config.localAPIListen = address
      }
      if let token = fields["enablement_token"] {
        let text = try token.string()
        guard text.count >= 8 else {
          throw token.error("must be at least 8 characters: anyone who knows it gets the API key")
        }
        config.localAPIEnablementToken = text
      }
    }
    if let mqtt = top["mqtt"] { config.mqtt = try mqtt.mqttSettings(resolve: resolve) }
    if let wall = top["wall"] {
      let settings = try wall.wallSettings(resolve: resolve)
      guard config.mqtt != nil || settings.drivesEveryTile else {
        throw wall.error(
          "a wall of several controllers needs the mqtt section: its members coordinate "
            + "through the broker")
      }
      // The board this controller drives is its tile's.
      if let board = top["board"], config.boardPath != settings.ownTile?.boardPath {
        throw board.error(
          "names another board than wall tile '\(settings.ownTile?.tile.name ?? settings.member)' "
            + "(\(settings.ownTile?.boardPath ?? "the built-in board")): with a wall, leave "
            + "board out, or name the same file")
      }
      config.boardPath = settings.ownTile?.boardPath
      config.wall = settings
    }
    if let http = top["http"] {
      let fields = try http.fields(
        allowed: ["per_address_per_minute", "idle_timeout", "body_timeout"], required: [])
      if let limit = fields["per_address_per_minute"] {
        config.http.perAddressPerMinute = try limit.int(in: 0...1_000_000)
      }
      for (name, keyPath) in [
        ("idle_timeout", \HTTPLimits.idleTimeout), ("body_timeout", \HTTPLimits.bodyTimeout),
      ] {
        guard let field = fields[name] else { continue }
        let seconds = try field.duration()
        guard (1...3600).contains(seconds) else { throw field.error("must be from 1s to 1h") }
        config.http[keyPath: keyPath] = .seconds(seconds)
      }
    }
    if let transition = top["transition"] {
      config.defaultTransition = try transition.transitionSpec()
    }
    if let quiet = top["quiet_hours"] {
      let fields = try quiet.fields(allowed: ["start", "end"], required: ["start", "end"])
      config.quietHours = QuietHours(
        startMinute: try fields.required("start").minuteOfDay(),
        endMinute: try fields.required("end").minuteOfDay())
    }
    if let limit = top["rate_limit"] {
      let fields = try limit.fields(allowed: ["per_hour", "latest_slot"], required: [])
      if let perHour = fields["per_hour"] {
        config.senderPolicy.perHour = try perHour.int(in: 0...100_000)
      }
      if let slot = fields["latest_slot"] { config.senderPolicy.latestSlot = try slot.bool() }
    }
    if let zones = top["zones"] {
      for item in try zones.items() {
        let (zone, senders) = try item.zone()
        if config.zones.contains(where: { $0.name == zone.name }) {
          throw item.error("a second zone named '\(zone.name)'")
        }
        config.zones.append(zone)
        for sender in senders { config.senderZones[sender] = zone.name }
      }
    }
    if let schedules = top["schedules"] {
      config.schedules = try schedules.items().map { item throws(BoardFileError) in
        try item.scheduleEntry(pages: [:], sources: [], inRunOfShow: false)
      }
    }
    config.schedulesKeyCount = config.schedules.count
    if let sources = top["sources"] {
      config.runtime.sources = try sources.sources(hasMQTT: config.mqtt != nil)
    }
    if let pages = top["pages"] {
      config.runtime.pages = try pages.pages(
        resolve: resolve, sources: config.runtime.sources.map(\.name))
    }
    if let show = top["run_of_show"] {
      if top["schedules"] == nil {
        config.schedules = []
        config.schedulesKeyCount = 0
      }
      let pages = Dictionary(config.runtime.pages.map { ($0.name, $0) }) { first, _ in first }
      config.schedules += try show.items().map { item throws(BoardFileError) in
        try item.scheduleEntry(
          pages: pages, sources: config.runtime.sources.map(\.name), inRunOfShow: true)
      }
    }
    if top["schedules"] == nil, top["run_of_show"] == nil, let first = config.zones.first {
      // The default quote goes to the first zone when the board is split.
      config.schedules = config.schedules.map { entry in
        var entry = entry
        entry.zone = first.name
        return entry
      }
    }
    let zoneNames = config.zones.isEmpty ? ["main"] : config.zones.map(\.name)
    for (index, entry) in config.schedules.enumerated() where !zoneNames.contains(entry.zone) {
      throw BoardFileError(
        file: file, line: nil, column: nil, field: config.entryField(index, "zone"),
        message: "no zone named '\(entry.zone)'; zones: \(zoneNames.joined(separator: ", "))")
    }
    return config
  }

  /// Checks the zones against the board they will split.
  public func validateZones(rows: Int, cols: Int, file: String) throws(BoardFileError) {
    for (index, zone) in runtime.zones.enumerated()
    where zone.row + zone.rows > rows || zone.col + zone.cols > cols {
      throw BoardFileError(
        file: file, line: nil, column: nil, field: "zones[\(index)]",
        message:
          "zone '\(zone.name)' (rows \(zone.row + 1)-\(zone.row + zone.rows), cols "
          + "\(zone.col + 1)-\(zone.col + zone.cols)) does not fit the \(rows) × \(cols) board")
    }
  }

  /// Refuses a configured script (the board's default, or a schedule entry's) that the board
  /// cannot show: every text naming no script would otherwise be refused at run time.
  public func validateScripts(on board: BoardDefinition, file: String) throws(BoardFileError) {
    var uses: [(String, RunicScript)] = []
    if let script = runtime.script { uses.append(("script", script)) }
    for (index, entry) in runtime.schedules.enumerated() {
      if let script = entry.script { uses.append((entryField(index, "script"), script)) }
    }
    for (field, script) in uses {
      do {
        try Display.check(script, on: board)
      } catch {
        throw BoardFileError(
          file: file, line: nil, column: nil, field: field, message: error.description)
      }
    }
  }
}

extension DaemonConfig {
  /// Refuses a picture page shown where no picture can be: on a flap board, or in a zone
  /// short of the whole board (`RuntimeConfig.pictureRefusal`).
  public func validatePictures(on board: BoardDefinition, file: String) throws(BoardFileError) {
    for (index, entry) in runtime.schedules.enumerated() {
      if let why = runtime.pictureRefusal(entry, board: board) {
        throw BoardFileError(
          file: file, line: nil, column: nil, field: entryField(index, "page"), message: why)
      }
    }
  }
}

extension YAMLReader {
  /// `tls`: on or off, or the user's own `certificate` and `key` files.
  fileprivate func tlsMode(resolve: (String) -> String) throws(BoardFileError) -> TLSMode {
    if node.scalar != nil {
      guard let on = try? bool() else {
        throw error("must be on, off, or your own {certificate: FILE, key: FILE}")
      }
      return on ? .on : .off
    }
    let fields = try fields(allowed: ["certificate", "key"], required: ["certificate", "key"])
    return .own(
      certificate: resolve(try fields.required("certificate").string()),
      key: resolve(try fields.required("key").string()))
  }

  fileprivate func minuteOfDay() throws(BoardFileError) -> Int {
    let parts = try string().split(separator: ":")
    guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
      (0..<24).contains(hour), (0..<60).contains(minute)
    else { throw error("must be a time of day written HH:MM, such as 22:00") }
    return hour * 60 + minute
  }

  func transitionSpec() throws(BoardFileError) -> TransitionSpec {
    let name = try choice(Transition.Kind.allCases.map(\.rawValue))
    guard let kind = Transition.Kind(rawValue: name) else { throw error("not a transition") }
    return TransitionSpec(kind: kind)
  }

  /// A zone: name and rectangle (rows and columns counted from 1), and its senders.
  fileprivate func zone() throws(BoardFileError) -> (ZoneSpec, [String]) {
    let fields = try self.fields(
      allowed: ["name", "row", "col", "rows", "cols", "senders"],
      required: ["name", "row", "col", "rows", "cols"])
    let zone = ZoneSpec(
      name: try fields.required("name").string(),
      row: try fields.required("row").int(in: 1...64) - 1,
      col: try fields.required("col").int(in: 1...128) - 1,
      rows: try fields.required("rows").int(in: 1...64),
      cols: try fields.required("cols").int(in: 1...128))
    let senders = try fields["senders"].map { list throws(BoardFileError) in
      try list.items().map { item throws(BoardFileError) in try item.string() }
    }
    return (zone, senders ?? [])
  }

  /// An entry of `schedules` (at cron times, staying until the next fires) or of
  /// `run_of_show` (at cron times, every N minutes, on change, or in rotation; with a dwell;
  /// showing a page from `pages` or built-in content). The rules are `RunOfShowItem`'s, which
  /// the API's run of show shares; an error lands on the field it names.
  fileprivate func scheduleEntry(pages: [String: Page], sources: [String], inRunOfShow: Bool)
    throws(BoardFileError) -> ScheduleEntry
  {
    let (item, fields) = try runOfShowItem(inRunOfShow: inRunOfShow)
    do {
      return try item.entry(pages: pages, sources: sources)
    } catch {
      throw self.error(error, in: fields)
    }
  }

  /// A script's name (docs/runes.md).
  fileprivate func script() throws(BoardFileError) -> RunicScript {
    let name = try choice(RunicScript.allCases.map(\.rawValue))
    guard let script = RunicScript(rawValue: name) else { throw error("not a script") }
    return script
  }
}
