import ClackCore
import Foundation

/// The quote of the day on a zone: the day's pick among the quotes the zone can show, so that
/// a small board still shows one every day; the date and time where none fits.
extension ZoneRenderer {
  /// The day's quote (the day of `now` in the configured time zone) among those that fit
  /// `zone`: every quote where the zone scrolls (a pixel board's full-width zone); else those
  /// that fit with every character on the flaps, or failing any, those that fit with the
  /// missing ones shown as `?`. Nil when none fits (`dateAndTime` stands in); throws only
  /// when the library is empty.
  public func quoteOfTheDay(
    on now: Date, from quotes: [Quote], in zone: ZoneSpec, script: RunicScript = .latin
  ) throws -> Quote? {
    guard !quotes.isEmpty else { throw RenderError("the quote library is empty") }
    let library = QuoteOfTheDay(pool: quotes)
    let day = civilDay(of: now)
    if scrolls(zone) { return library.quote(on: day) }
    let fits = fitting(quotes, in: zone, script: script)
    return library.quote(on: day) { fits.strict.contains($0) }
      ?? library.quote(on: day) { fits.lenient.contains($0) }
  }

  /// How many of `quotes` fit `zone` (all where it scrolls): what the daemon checks at start.
  public func quotesFitting(_ quotes: [Quote], in zone: ZoneSpec, script: RunicScript = .latin)
    -> Int
  {
    scrolls(zone) ? quotes.count : fitting(quotes, in: zone, script: script).lenient.count
  }

  /// The quotes that fit `zone` strictly and leniently, laid out once per library, zone size
  /// symbols and script (`QuoteFitCache`).
  func fitting(_ quotes: [Quote], in zone: ZoneSpec, script: RunicScript) -> QuoteFitCache.Fits {
    let key = QuoteFitCache.Key(
      rows: zone.rows, cols: zone.cols, flapSet: flapSet(for: zone), script: script,
      quotes: quotes)
    return quoteFits.fits(key) {
      let formatter = QuoteFormatter(layout: layout(for: zone))
      let author = authorScript(for: script)
      func fit(_ lenient: Bool) -> Set<Quote> {
        Set(
          quotes.filter { quote in
            (try? formatter.frame(
              for: quote, lenient: lenient, script: script, authorScript: author)) != nil
          })
      }
      return QuoteFitCache.Fits(strict: fit(false), lenient: fit(true))
    }
  }

  /// What a quote-of-the-day zone shows when no quote fits it: the date and time, as long a
  /// form as fits ("WED 25 NOV 07:00", "25 NOV 07:00", "WED 25 NOV", "25 NOV", "07:00",
  /// "0700"), with every character on the flaps.
  public func dateAndTime(at now: Date, in zone: ZoneSpec, script: RunicScript = .latin) throws
    -> Frame
  {
    let layout = layout(for: zone)
    let forms = Self.dateAndTimeForms
    for format in forms {
      let text = try script.layoutText(clockText(format, at: now), lenient: true)
      if let laid = try? layout.layout(text, options: LayoutOptions(lenient: false)) {
        return laid.frame
      }
    }
    let last = try script.layoutText(clockText(forms[forms.count - 1], at: now), lenient: true)
    return try layout.layout(last, options: LayoutOptions(lenient: true)).frame
  }

  /// The fallback's forms, longest first (`DateFormatter` patterns; docs/content.md).
  public static let dateAndTimeForms = [
    "EEE d MMM HH:mm", "d MMM HH:mm", "EEE d MMM", "d MMM", "HH:mm", "HHmm",
  ]

  /// The calendar day of `now` in the configured time zone.
  func civilDay(of now: Date) -> CivilDate {
    CivilDate.wallClock(of: now, in: timeZone).day
  }

}
