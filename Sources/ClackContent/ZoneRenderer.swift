import ClackCore
import Foundation

/// Turns what a zone shows (a message, a schedule entry) into the frame for that zone.
public struct ZoneRenderer: Sendable {
  public let flapSet: FlapSet
  public let timeZone: TimeZone
  /// On a board that scrolls long lines (a pixel board): its width in cells and the longest
  /// line it scrolls. Nil on a flap board, where text must fit.
  public let scrolling: (boardCols: Int, maxCells: Int)?
  /// The board's parts laid out on their own terms (a wall's tiles: `BoardArea`); empty on a
  /// board of one kind, which is one area.
  public let areas: [BoardArea]
  /// Which quotes fit which zone, remembered (`quoteOfTheDay`).
  let quoteFits = QuoteFitCache()
  /// The symbols of zones over several areas, remembered (`flapSet(for:)`).
  let sharedFlapSets = SharedFlapSetCache()

  public init(
    flapSet: FlapSet, timeZone: TimeZone, scrolling: (boardCols: Int, maxCells: Int)? = nil,
    areas: [BoardArea] = []
  ) {
    self.flapSet = flapSet
    self.timeZone = timeZone
    self.scrolling = scrolling
    self.areas = areas
  }

  public func layout(for zone: ZoneSpec) -> TextLayout {
    TextLayout(rows: zone.rows, cols: zone.cols, flapSet: flapSet(for: zone))
  }

  /// The frame of a message body, checked strictly: an error names what does not fit, so a
  /// message is refused before it is stored.
  public func frame(for body: MessageBody, in zone: ZoneSpec, lenient: Bool = false) throws
    -> Frame
  {
    let frame = try laidOut(body, in: zone, lenient: lenient)
    if !lenient { try checkShown(frame, in: zone) }
    return frame
  }

  private func laidOut(_ body: MessageBody, in zone: ZoneSpec, lenient: Bool) throws -> Frame {
    switch body {
    case .text(let text, let justify, let align, let script):
      let options = LayoutOptions(
        justify: justify ?? .center, align: align ?? .center, lenient: lenient)
      return try layout(for: zone).layout(
        try script.layoutText(text, lenient: lenient), options: options
      ).frame
    case .codes(let rows):
      let widths = Set(rows.map(\.count))
      guard rows.count == zone.rows, widths == [zone.cols] else {
        throw SizeMismatch(
          zone: zone.name, expected: (zone.rows, zone.cols),
          got: (rows.count, rows.first?.count ?? 0), unevenRows: widths.count > 1)
      }
      let frame = try Frame(codes: rows)
      let flaps = flapSet(for: zone)
      for (index, symbol) in frame.cells.enumerated() where !flaps.contains(symbol) {
        throw RenderError(
          "\(symbol.displayName) at row \(index / frame.cols), column \(index % frame.cols) "
            + "is not on this board's flaps (\(flaps.name))")
      }
      return frame
    case .vbml(let document):
      return try vbmlFrame(document, in: zone)
    }
  }

  /// A VBML document composed for `zone` (its size, unless the document gives another, which
  /// is refused), every code one of the board's flaps. Random colours are picked here.
  func vbmlFrame(_ document: VBMLDocument, in zone: ZoneSpec) throws(VBMLError) -> Frame {
    var random = SystemRandomNumberGenerator()
    return try VBMLComposer(rows: zone.rows, cols: zone.cols).frame(
      document, flapSet: flapSet(for: zone), random: &random)
  }

  /// The frame a queued message shows: the one laid out when it was accepted, unless the
  /// zone has changed size since (a new config), when it is laid out again.
  public func frame(for message: Message, in zone: ZoneSpec) throws -> Frame {
    if let frame = message.frame, frame.rows == zone.rows, frame.cols == zone.cols {
      return frame
    }
    return try frame(for: message.body, in: zone, lenient: true)
  }

  /// The frame for scheduled content fired at `now`, its text in `script`; quotes come from
  /// `quotes`.
  public func frame(
    for content: ScheduledContent, in zone: ZoneSpec, now: Date, quotes: [Quote],
    script: RunicScript = .latin, sources: SourceSnapshot = [:]
  ) throws -> Frame {
    let layout = layout(for: zone)
    let options = LayoutOptions(lenient: true)
    switch content {
    case .quoteOfTheDay:
      guard let quote = try quoteOfTheDay(on: now, from: quotes, in: zone, script: script) else {
        return try dateAndTime(at: now, in: zone, script: script)
      }
      return try QuoteFormatter(layout: layout).frame(
        for: quote, lenient: true, script: script, authorScript: authorScript(for: script)
      ).frame
    case .clock(let format):
      return try layout.layout(
        try script.layoutText(clockText(format, at: now), lenient: true), options: options
      ).frame
    case .text(let text):
      return try layout.layout(try script.layoutText(text, lenient: true), options: options)
        .frame
    case .page(let page):
      return try frame(
        for: page, in: zone, now: now, quotes: quotes, script: script, sources: sources)
    }
  }

  /// A quote's author stays Latin, unless the board has no Latin letters (a flap board of
  /// runes only), where it is written in the quote's script too.
  func authorScript(for script: RunicScript) -> RunicScript {
    flapSet.contains(.glyph("A")) || flapSet.contains(.glyph("a")) ? .latin : script
  }

  /// A clock entry's text at `now` (a `DateFormatter` pattern, in the configured time zone).
  func clockText(_ format: String, at now: Date) -> String {
    LocalTimeFormat.string(now, format, in: timeZone)
  }

  /// Copies a zone's frame into the board's frame at the zone's place.
  public static func place(_ part: Frame, of zone: ZoneSpec, into board: inout Frame) {
    for row in 0..<min(part.rows, board.rows - zone.row) {
      for col in 0..<min(part.cols, board.cols - zone.col) {
        board[zone.row + row, zone.col + col] = part[row, col]
      }
    }
  }
}

/// Rows of codes that are not the zone's size.
public struct SizeMismatch: Error, CustomStringConvertible {
  public let zone: String
  public let expected: (rows: Int, cols: Int)
  /// The rows sent, and the length of the first.
  public let got: (rows: Int, cols: Int)
  /// True when the rows are not all the same length.
  public let unevenRows: Bool

  public init(
    zone: String, expected: (rows: Int, cols: Int), got: (rows: Int, cols: Int),
    unevenRows: Bool = false
  ) {
    self.zone = zone
    self.expected = expected
    self.got = got
    self.unevenRows = unevenRows
  }

  /// What was sent: "6×22", or "3 rows of uneven length".
  public var gotText: String {
    unevenRows ? "\(got.rows) rows of uneven length" : "\(got.rows)×\(got.cols)"
  }

  public var description: String {
    (unevenRows
      ? "the characters are \(got.rows) rows of uneven length"
      : "the characters are \(got.rows) rows × \(got.cols) columns")
      + " but zone '\(zone)' is \(expected.rows) × \(expected.cols)"
  }
}

public struct RenderError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
