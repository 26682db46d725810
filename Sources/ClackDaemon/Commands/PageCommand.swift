import ArgumentParser
import ClackBoard
import ClackCommands
import ClackConfig
import ClackContent
import ClackCore
import ClackHardware
import ClackRuntime
import ClackSources
import Foundation

/// `clack page preview NAME`: a page of the config drawn at a moment, without a daemon.
public struct PageCommand: AsyncParsableCommand {
  public init() {}

  public static let configuration = CommandConfiguration(
    commandName: "page",
    abstract: "Preview a page of the config at any time, without a daemon.",
    discussion: """
      Draws page NAME from the config's 'pages' as the board would show it at --at (default: \
      now), in the zone of the first run-of-show entry that shows it (else the first zone), \
      with its fields filled in: the time and date in the config's time zone, countdowns, and \
      the quote of the day from the bundled library (quotes you added to a daemon's library \
      are not read), and the live sources it reads, each fetched once as the daemon fetches \
      it (a webhook has no data here: its fields show their default). --source NAME=FILE \
      reads a source from a file of what its server answers instead (a feed, a calendar, \
      a JSON document, Home Assistant's /api/states list), and --offline fetches nothing; a \
      source that fails is named under the picture (on standard error with --json). \
      --json prints the rows as text and as Vestaboard codes with each \
      field's value; --png FILE also draws a picture. A picture page (a PNG or GIF, on a \
      pixel board) shows its picture fitted to the panel, an animation's first frame. \
      'clack pages' lists and switches the pages of a running daemon (docs/content.md).
      """)

  enum Action: String, ExpressibleByArgument, CaseIterable {
    case preview
  }

  @Argument(help: "preview.")
  var action: Action

  @Argument(help: "The page's name, as the config's 'pages' give it.")
  var name: String

  @Option(help: ArgumentHelp("Config file (YAML) that defines the page.", valueName: "file"))
  var config: String

  @Option(
    help: ArgumentHelp(
      "Board file (YAML); overrides the config's 'board'. Without either, the built-in board.",
      valueName: "file"))
  var board: String?

  @Option(
    help: ArgumentHelp(
      "The moment to draw, in the config's time zone (2026-12-24 18:00, 2026-12-24T18:00) or "
        + "with an offset (2026-12-24T18:00:00Z). Default: now.",
      valueName: "time"))
  var at: String?

  @Flag(help: "Print {\"page\",\"zone\",\"at\",\"fields\",\"rows\",\"cols\",\"lines\",\"codes\"}.")
  var json = false

  @Option(
    help: ArgumentHelp("Also write a PNG picture of the zone to this file.", valueName: "file"))
  var png: String?

  @Option(help: "Colour tiles in the grid: auto, always or never.")
  var color: ColorChoice = .auto

  @Option(
    name: .customLong("source"),
    help: ArgumentHelp(
      "Read source NAME from FILE (what its server answers) instead of fetching it; repeatable.",
      valueName: "name=file"))
  var sourceFiles: [String] = []

  @Flag(help: "Fetch no source: their fields show their defaults.")
  var offline = false

  public func run() async throws {
    print(try await output(isTerminal: FrameOutput.stdoutIsTerminal), terminator: "")
  }

  func output(isTerminal: Bool) async throws -> String {
    let settings: DaemonConfig
    let definition: BoardDefinition
    let preview: any BoardPreview
    do {
      settings = try DaemonConfig.load(path: config)
      definition =
        try (board ?? settings.boardPath).map { path throws(BoardFileError) in
          try BoardFile.load(path: path)
        } ?? BuiltinBoard.load()
      preview = try definition.preview()
    } catch {
      throw CommandFailure("\(error)")
    }
    guard let page = settings.runtime.pages.first(where: { $0.name == name }) else {
      let known = settings.runtime.pages.map(\.name)
      throw CommandFailure(
        "\(config) defines no page named '\(name)'"
          + (known.isEmpty ? "; it has no 'pages'" : "; pages: \(known.joined(separator: ", "))"))
    }
    let instant = try moment(in: settings.timeZone)
    let zones = settings.runtime.resolvedZones(rows: preview.layout.rows, cols: preview.layout.cols)
    let zoneName = settings.schedules.first { $0.pageName == name }?.zone
    let zone = zones.first { $0.name == zoneName } ?? zones[0]
    let renderer = ZoneRenderer(
      flapSet: definition.flapSet, timeZone: settings.timeZone, scrolling: preview.scrolling)
    let script = settings.runtime.script ?? preview.defaultScript
    let (sources, sourceNotes) = try await readings(of: page, in: settings, at: instant)
    let colored = color.resolved(
      isTerminal: isTerminal, environment: ProcessInfo.processInfo.environment)
    let style = PreviewStyle(color: colored, isTerminal: isTerminal, png: png)
    if case .picture(let picture, _) = page.template {
      return try showPicture(picture, on: preview, zone: zone, style: style)
    }
    let frame: Frame
    let fields: [String: String]
    do {
      frame = try renderer.frame(
        for: page, in: zone, now: instant, quotes: BundledQuotes.all, script: script,
        sources: sources)
      fields = try renderer.fieldValues(
        of: page, in: zone, at: instant, quotes: BundledQuotes.all, sources: sources)
    } catch {
      throw CommandFailure("page '\(name)' cannot be drawn in zone '\(zone.name)': \(error)")
    }
    let (picture, pictureNotes) = try preview.picture(of: frame, style: style)
    let notes = pictureNotes + sourceNotes
    let when = Self.describe(instant, in: settings.timeZone)
    if json {
      FileHandle.standardError.write(Data(notes.utf8))
      let fieldsJSON = String(
        decoding: (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]))
          ?? Data("{}".utf8), as: UTF8.self)
      return try FrameOutput.json(
        frame,
        extra: [
          ("page", FrameOutput.jsonString(name)), ("zone", FrameOutput.jsonString(zone.name)),
          ("at", FrameOutput.jsonString(when)), ("fields", fieldsJSON),
        ])
    }
    return picture + "page '\(name)' in zone '\(zone.name)' at \(when)\n" + notes
  }

  /// A picture page: its picture (the first frame of an animation) fitted to the panel, as
  /// the board shows it; refused on a flap board, as the config is.
  private func showPicture(
    _ picture: Picture, on preview: any BoardPreview, zone: ZoneSpec, style: PreviewStyle
  ) throws -> String {
    guard let panel = preview as? PixelBoardPreview else {
      throw CommandFailure(
        "page '\(name)' is a picture: only a pixel (LED) board shows pictures (--board FILE "
          + "with a panel)")
    }
    if json {
      throw CommandFailure("page '\(name)' is a picture: it has no rows of text for --json")
    }
    let (shown, notes) = try panel.picture(of: picture, frame: 0, style: style)
    return shown + "page '\(name)' in zone '\(zone.name)'\n" + notes
  }

  /// The readings of the sources `page` reads: from `--source` files, else fetched once
  /// (unless `--offline`); and a line for each that failed or has no data.
  func readings(of page: Page, in settings: DaemonConfig, at instant: Date)
    async throws -> (SourceSnapshot, String)
  {
    let specs = settings.runtime.sources.filter { page.sources.contains($0.name) }
    var files: [String: Data] = [:]
    for entry in sourceFiles {
      let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        throw CommandFailure("--source must be NAME=FILE, such as news=feed.xml, not '\(entry)'")
      }
      guard settings.runtime.sources.contains(where: { $0.name == parts[0] }) else {
        let known = settings.runtime.sources.map(\.name)
        throw CommandFailure(
          "--source: \(config) defines no source named '\(parts[0])'"
            + (known.isEmpty ? "" : "; sources: \(known.joined(separator: ", "))"))
      }
      guard let data = FileManager.default.contents(atPath: parts[1]) else {
        throw CommandFailure("--source \(parts[0]): cannot read the file '\(parts[1])'")
      }
      files[parts[0]] = data
    }
    let asked = offline ? specs.filter { files[$0.name] != nil } : specs
    let snapshot = await SourceOnce.readings(
      asked, files: files, timeZone: settings.timeZone, now: instant)
    var notes = ""
    for spec in specs {
      if let problem = snapshot[spec.name]?.problem {
        notes += "source '\(spec.name)' failed, its fields show their defaults: \(problem)\n"
      } else if snapshot[spec.name] == nil {
        let why =
          switch spec.kind {
          case .webhook: "a webhook has no data outside the daemon"
          case .homeAssistantMQTT:
            "its states come over MQTT to the daemon: give --source \(spec.name)=FILE with "
              + "Home Assistant's GET /api/states list"
          default: "--offline"
          }
        notes += "source '\(spec.name)': its fields show their defaults (\(why))\n"
      }
    }
    return (snapshot, notes)
  }

  /// `--at` read in the config's time zone, or now.
  func moment(in timeZone: TimeZone) throws -> Date {
    guard let at else { return Date() }
    let iso = ISO8601DateFormatter()
    if let date = iso.date(from: at) { return date }
    for format in ["yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd"] {
      if let date = LocalTimeFormat.formatter(format, in: timeZone).date(from: at) { return date }
    }
    throw CommandFailure(
      "--at must be a time such as 2026-12-24 18:00 (in the config's time zone) or "
        + "2026-12-24T18:00:00Z, not '\(at)'")
  }

  static func describe(_ instant: Date, in timeZone: TimeZone) -> String {
    LocalTimeFormat.string(instant, "yyyy-MM-dd'T'HH:mm:ssXXXXX", in: timeZone)
  }
}
