import ArgumentParser
import ClackBoard
import ClackContent
import ClackCore
import ClackHardware
import Foundation

/// `clack quote`: today's quote, a random one, or the quote of any date.
struct QuoteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "quote",
    abstract: "Show a quote from the bundled library on the board.",
    discussion: """
      The quote of the day depends only on the calendar date, so every Clack board shows the \
      same one, and no quote comes back within a year. 'today' uses this machine's time zone. \
      It is laid out as the daemon shows it: for the built-in board of clack sim and clack run \
      unless --board, --flaps or a size says otherwise. The day's quote is picked among the \
      quotes that fit the board (those with every character on its flaps first, else with the \
      missing ones shown as ?), so a small board still has one every day; on a board none \
      fits, the daemon shows the date and time instead. An LED board (--board) shows the \
      quote in its font as half blocks (--png draws the panel); one too long for the panel \
      scrolls there, and its first view is shown.
      """)

  enum Mode: String, ExpressibleByArgument, CaseIterable {
    case today, random, on
  }

  @Argument(help: "today, random, or on (followed by a date).")
  var mode: Mode = .today

  @Argument(help: ArgumentHelp("The date for 'on', as YYYY-MM-DD.", valueName: "date"))
  var date: String?

  @OptionGroup var board: BoardOptions

  @Option(
    help: ArgumentHelp(
      "Show the quote in runes: latin, elder, younger, younger-short-twig, cirth or "
        + "cirth-moria (docs/runes.md); the author stays Latin (unless the flaps have no Latin "
        + "letters). Without it, Latin, or on rune flaps the script they show.",
      valueName: "script"))
  var script: RunicScript?

  @Flag(help: "Print the quote, its date and the board's codes as JSON.")
  var json = false

  @Option(help: "Colour tiles in the grid: auto, always or never.")
  var color: ColorChoice = .auto

  @Option(
    help: ArgumentHelp(
      "Also draw the board as a PNG picture (flaps, or an LED panel's LEDs).", valueName: "file"))
  var png: String?

  func validate() throws {
    switch mode {
    case .on:
      guard let date else {
        throw ValidationError("'on' needs a date, as in: clack quote on 2026-12-25")
      }
      guard CivilDate(iso: date) != nil else {
        throw ValidationError("'\(date)' is not a calendar date written YYYY-MM-DD")
      }
    case .today, .random:
      if let date { throw ValidationError("unexpected '\(date)': only 'on' takes a date") }
    }
  }

  func run() throws {
    print(try output(now: Date(), isTerminal: FrameOutput.stdoutIsTerminal), terminator: "")
  }

  func output(now: Date, isTerminal: Bool) throws -> String {
    let library = QuoteOfTheDay()
    let preview = try board.preview()
    let layout = preview.layout
    let zone = ZoneSpec(name: "quote", row: 0, col: 0, rows: layout.rows, cols: layout.cols)
    let script = self.script ?? preview.defaultScript
    let style = PreviewStyle(
      color: color.resolved(
        isTerminal: isTerminal, environment: ProcessInfo.processInfo.environment),
      isTerminal: isTerminal, png: png)
    var day: CivilDate? = nil
    let quote: Quote?
    switch mode {
    case .today, .on:
      day = mode == .today ? QuoteCommand.localDate(of: now) : date.flatMap(CivilDate.init(iso:))
      guard let day, let noon = QuoteCommand.noon(of: day) else {
        throw CommandFailure("not a calendar date")
      }
      // The daemon's pick: the day's quote among those this board can show, laid out by the
      // renderer the daemon would use for it (a full-width zone of an LED panel scrolls).
      let renderer = ZoneRenderer(
        flapSet: layout.flapSet, timeZone: TimeZone(identifier: "UTC") ?? .current,
        scrolling: preview.scrolling)
      quote = try renderer.quoteOfTheDay(on: noon, from: library.pool, in: zone, script: script)
      if quote == nil {
        return try fallback(
          day: day, at: mode == .today ? now : noon, preview, zone, script, style: style)
      }
    case .random:
      quote = library.pool.randomElement()
    }
    guard let quote else { throw CommandFailure("no quote in the library fits this board") }
    let frame: Frame
    var scrolls = false
    do {
      frame = try QuoteFormatter(layout: layout).frame(
        for: quote, lenient: true, script: script,
        authorScript: layout.flapSet.missingSigns(of: .latin).isEmpty ? .latin : script
      ).frame
    } catch LayoutError.tooLong where preview.scrolling != nil {
      // A board that scrolls a quote too long for it: its first view, as the daemon starts.
      let author = QuoteFormatter(layout: layout).authorLine(for: quote)
      let text =
        try script.layoutText(quote.text, lenient: true) + "  "
        + script.layoutText(author, lenient: true)
      frame = try layout.scrollingLayout(
        text, options: LayoutOptions(lenient: true), maxCells: preview.scrolling?.maxCells ?? 0
      ).frame
      scrolls = true
    } catch {
      throw CommandFailure("this quote does not fit the board: \(error)")
    }
    var (picture, notes) = try preview.picture(of: frame, style: style)
    if scrolls { notes = "(too long for the board: it scrolls, from this view)\n" + notes }
    if json {
      FileHandle.standardError.write(Data(notes.utf8))
      var extra: [(String, String)] = []
      if let day { extra.append(("date", FrameOutput.jsonString(day.description))) }
      extra += [
        ("text", FrameOutput.jsonString(quote.text)),
        ("author", FrameOutput.jsonString(quote.author)),
      ]
      return try FrameOutput.json(frame, extra: extra)
    }
    let heading = day.map { "Quote of the day for \($0)" } ?? "A random quote"
    return "\(heading):\n" + picture
      + "\((try? script.transliterate(quote.text, lenient: true)) ?? quote.text) — "
      + "\(quote.author)\n" + notes
  }

  /// What the daemon shows for the quote of the day on a board no quote fits: the date and
  /// time, as long a form as fits.
  private func fallback(
    day: CivilDate, at time: Date, _ preview: any BoardPreview, _ zone: ZoneSpec,
    _ script: RunicScript, style: PreviewStyle
  ) throws -> String {
    let renderer = ZoneRenderer(flapSet: preview.layout.flapSet, timeZone: .current)
    let frame = try renderer.dateAndTime(at: time, in: zone, script: script)
    if json {
      return try FrameOutput.json(
        frame,
        extra: [
          ("date", FrameOutput.jsonString(day.description)),
          ("fallback", FrameOutput.jsonString("date and time")),
        ])
    }
    let (picture, notes) = try preview.picture(of: frame, style: style)
    return "No quote in the library fits \(preview.name) (\(zone.rows)×\(zone.cols)): for the "
      + "quote of the day the daemon shows the date and time instead:\n" + picture + notes
  }

  /// Noon UTC of `day`: a time on that date in any time zone the renderer is given (UTC).
  static func noon(of day: CivilDate) -> Date? {
    Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86400 + 43200)
  }

  static func localDate(of instant: Date) -> CivilDate? {
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: instant)
    guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
    return CivilDate(year: year, month: month, day: day)
  }
}
