import ClackCore
import Foundation

/// Screens for boards that scroll: on a pixel board, text too long for a zone as wide as the
/// board is laid out into the zone's rows as lines that scroll across it, instead of being
/// refused. Everything else is the zone's frame, as on a flap board.
extension ZoneRenderer {
  /// True when `zone` may scroll long lines: the board scrolls and the zone spans its width;
  /// on a board of areas (a wall), the zone lies on one area that scrolls and spans its width.
  public func scrolls(_ zone: ZoneSpec) -> Bool {
    guard let scrolling else { return false }
    guard !areas.isEmpty else { return zone.col == 0 && zone.cols == scrolling.boardCols }
    return areas.contains { area in
      area.scrolls && area.col == zone.col && area.cols == zone.cols
        && area.contains(row: zone.row, col: zone.col, rows: zone.rows, cols: zone.cols)
    }
  }

  /// A message body's screen, checked strictly (as `frame(for:in:lenient:)`).
  public func screen(for body: MessageBody, in zone: ZoneSpec, lenient: Bool = false) throws
    -> Screen
  {
    guard case .text(let text, let justify, let align, let script) = body, scrolls(zone) else {
      return Screen(frame: try frame(for: body, in: zone, lenient: lenient))
    }
    do {
      return Screen(frame: try frame(for: body, in: zone, lenient: lenient))
    } catch LayoutError.tooLong {
      let options = LayoutOptions(
        justify: justify ?? .center, align: align ?? .center, lenient: lenient)
      return try scrollingScreen(
        try script.layoutText(text, lenient: lenient), in: zone, options: options)
    }
  }

  /// A queued message's screen: its stored frame when it has one that fits the zone.
  public func screen(for message: Message, in zone: ZoneSpec) throws -> Screen {
    if let frame = message.frame, frame.rows == zone.rows, frame.cols == zone.cols {
      return Screen(frame: frame)
    }
    return try screen(for: message.body, in: zone, lenient: true)
  }

  /// Scheduled content's screen; a quote too long for the zone scrolls as one text, its
  /// author after it.
  public func screen(
    for content: ScheduledContent, in zone: ZoneSpec, now: Date, quotes: [Quote],
    script: RunicScript = .latin, sources: SourceSnapshot = [:]
  ) throws -> Screen {
    if case .page(let page) = content, case .picture(let picture, _) = page.template {
      return Screen(frame: Frame(rows: zone.rows, cols: zone.cols), picture: picture)
    }
    do {
      return Screen(
        frame: try frame(
          for: content, in: zone, now: now, quotes: quotes, script: script, sources: sources))
    } catch LayoutError.tooLong where scrolls(zone) {
      let options = LayoutOptions(lenient: true)
      let text: String
      switch content {
      case .quoteOfTheDay:
        // A zone that scrolls takes every quote (`quoteOfTheDay`), so there is one.
        guard let quote = try quoteOfTheDay(on: now, from: quotes, in: zone, script: script)
        else { throw RenderError("the quote library is empty") }
        let author = QuoteFormatter(layout: layout(for: zone)).authorLine(for: quote)
        text =
          try script.layoutText(quote.text, lenient: true) + "  "
          + authorScript(for: script).layoutText(author, lenient: true)
      case .clock(let format):
        text = try script.layoutText(clockText(format, at: now), lenient: true)
      case .text(let body): text = try script.layoutText(body, lenient: true)
      case .page(let page):
        // A text page too long for the zone scrolls, its fields filled in.
        guard case .text(let template, _, _) = page.template else {
          throw RenderError("page '\(page.name)' does not fit zone '\(zone.name)'")
        }
        let values = try fieldValues(
          of: page, in: zone, at: now, quotes: quotes, script: script, sources: sources)
        text = try script.layoutText(PageTemplate.fill(template, with: values), lenient: true)
      }
      return try scrollingScreen(text, in: zone, options: options)
    }
  }

  private func scrollingScreen(_ text: String, in zone: ZoneSpec, options: LayoutOptions) throws
    -> Screen
  {
    try layout(for: zone).scrollingLayout(
      text, options: options, maxCells: scrolling?.maxCells ?? zone.cols)
  }

  /// Copies a zone's screen into the board's at the zone's place (a scrolling row keeps its
  /// whole line; a zone that scrolls is as wide as the board). A picture covers its zone:
  /// the whole board, or an LED tile of a wall (`pictureArea`); anything placed after it
  /// over that area ends it.
  public static func place(_ part: Screen, of zone: ZoneSpec, into board: inout Screen) {
    let area = CellArea(row: zone.row, col: zone.col, rows: zone.rows, cols: zone.cols)
    let whole = CellArea(row: 0, col: 0, rows: board.frame.rows, cols: board.frame.cols)
    if let picture = part.picture {
      board.picture = picture
      board.pictureArea = area == whole ? nil : area
    } else if board.picture != nil, (board.pictureArea ?? whole).overlaps(area) {
      board.picture = nil
      board.pictureArea = nil
    }
    place(part.frame, of: zone, into: &board.frame)
    for row in 0..<part.frame.rows {
      board.scrolling[zone.row + row] = part.scrolling[row]
    }
  }
}
