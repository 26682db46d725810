import ArgumentParser
import ClackCore
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
      unless --board, --flaps or a size says otherwise, with characters the flaps lack shown \
      as ? (or a blank).
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
    var day: CivilDate? = nil
    let quote: Quote?
    switch mode {
    case .today:
      day = QuoteCommand.localDate(of: now)
      quote = day.flatMap(library.quote(on:))
    case .on:
      day = date.flatMap(CivilDate.init(iso:))
      quote = day.flatMap(library.quote(on:))
    case .random:
      quote = library.pool.randomElement()
    }
    guard let quote else { throw CommandFailure("the quote library is empty") }
    let laid: LaidOutText
    let layout = try board.layout()
    let script = self.script ?? layout.flapSet.defaultScript
    do {
      laid = try QuoteFormatter(layout: layout).frame(
        for: quote, lenient: true, script: script,
        authorScript: layout.flapSet.missingSigns(of: .latin).isEmpty ? .latin : script)
    } catch {
      throw CommandFailure("this quote does not fit the board: \(error)")
    }
    if json {
      var extra: [(String, String)] = []
      if let day { extra.append(("date", FrameOutput.jsonString(day.description))) }
      extra += [
        ("text", FrameOutput.jsonString(quote.text)),
        ("author", FrameOutput.jsonString(quote.author)),
      ]
      return try FrameOutput.json(laid.frame, extra: extra)
    }
    let colored = color.resolved(
      isTerminal: isTerminal, environment: ProcessInfo.processInfo.environment)
    let heading = day.map { "Quote of the day for \($0)" } ?? "A random quote"
    return "\(heading):\n"
      + FrameOutput.grid(
        laid.frame, flapSet: layout.flapSet, color: colored, isTerminal: isTerminal)
      + "\((try? script.transliterate(quote.text, lenient: true)) ?? quote.text) — "
      + "\(quote.author)\n"
  }

  static func localDate(of instant: Date) -> CivilDate? {
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: instant)
    guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
    return CivilDate(year: year, month: month, day: day)
  }
}
