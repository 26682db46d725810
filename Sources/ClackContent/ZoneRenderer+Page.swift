import ClackCore
import Foundation

/// A page drawn for a zone at a moment: its fields worked out, then its template laid out as
/// a message's text or composed as VBML.
extension ZoneRenderer {
  /// The page's frame at `now`, laid out leniently (a character the flaps lack shows as `?`)
  /// as other scheduled content is; text too long for the zone is `LayoutError.tooLong`.
  public func frame(
    for page: Page, in zone: ZoneSpec, now: Date, quotes: [Quote], script: RunicScript = .latin,
    sources: SourceSnapshot = [:]
  ) throws -> Frame {
    let values = try fieldValues(
      of: page, in: zone, at: now, quotes: quotes, script: script, sources: sources)
    switch page.template {
    case .text(let text, let justify, let align):
      let options = LayoutOptions(
        justify: justify ?? .center, align: align ?? .center, lenient: true)
      let filled = try script.layoutText(PageTemplate.fill(text, with: values), lenient: true)
      return try layout(for: zone).layout(filled, options: options).frame
    case .vbml(var document):
      for (name, value) in values { document.props[name] = .string(value) }
      do {
        return try vbmlFrame(document, in: zone)
      } catch {
        throw RenderError("page '\(page.name)': \(error)")
      }
    case .picture:
      // The cells behind a picture are blank: what a still picture of the cells shows.
      return Frame(rows: zone.rows, cols: zone.cols)
    }
  }

  /// The text of each field the page uses at `now`.
  public func fieldValues(
    of page: Page, in zone: ZoneSpec, at now: Date, quotes: [Quote], script: RunicScript = .latin,
    sources: SourceSnapshot = [:]
  ) throws -> [String: String] {
    let used = page.usedFields
    // The day's quote of the whole library: the page around it decides whether it fits.
    let needsQuote = used.values.contains { $0 == .quote || $0 == .author }
    let quote = needsQuote ? QuoteOfTheDay(pool: quotes).quote(on: civilDay(of: now)) : nil
    return used.mapValues { $0.text(at: now, in: timeZone, quote: quote, sources: sources) }
  }
}
