import ClackAPI
import ClackRuntime
import Foundation

// The runtime's answers as the REST API's wire types.

extension MessageView {
  /// The note on a message quiet hours hold back.
  public static let quietNote = "quiet hours: it will show when they end"

  public init(_ detail: MessageDetail) {
    self.init(detail.message)
    history = detail.history.map { HistoryEntry(state: $0.state, at: $0.at, reason: $0.reason) }
    if let forecast = detail.forecast {
      displayAt = forecast.displayAt
      waitSeconds = forecast.waitSeconds
      if forecast.heldByQuietHours { note = Self.quietNote }
    }
  }
}

extension QuoteView {
  public init(_ entry: QuoteEntry) {
    self.init(
      id: entry.id, text: entry.quote.text, author: entry.quote.author, source: entry.source)
  }
}

extension HealthView {
  public init(_ report: HealthReport, tlsFingerprint: String? = nil) {
    self.init(homed: report.homed, queued: report.queued, tlsFingerprint: tlsFingerprint)
  }
}

extension StatusView {
  public init(_ report: StatusReport, board: BoardView) {
    self.init(
      board: board, faults: board.faultLines,
      queue: Dictionary(uniqueKeysWithValues: report.queue.map { ($0.key.rawValue, $0.value) }),
      showing: report.showing.map { MessageView($0) },
      nextScheduled: report.nextScheduled.map { fire in
        StatusView.ScheduledFire(
          at: fire.at, cron: fire.entry.cadenceSource, cadenceKind: fire.entry.cadenceKind,
          zone: fire.entry.zone,
          show: Self.describe(fire.entry.content),
          when: LocalTimeText.describe(fire.at, now: report.now, in: report.timeZone))
      },
      quietHours: report.quietHours.map {
        String(
          format: "%02d:%02d-%02d:%02d", $0.startMinute / 60, $0.startMinute % 60,
          $0.endMinute / 60, $0.endMinute % 60)
      }, time: report.now, timeZone: report.timeZone.identifier)
    wall = report.wall.map(WallView.init)
  }

  static func describe(_ content: ScheduledContent) -> String {
    switch content {
    case .quoteOfTheDay: "quote of the day"
    case .clock(let format): "clock (\(format))"
    case .text(let text): "text \"\(text)\""
    case .page(let page): "page \(page.name)"
    }
  }
}
