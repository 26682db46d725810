/// A standard 5-field cron expression: minute, hour, day of month, month, day of week.
///
/// Fields take `*`, numbers, ranges `A-B`, steps `/N`, lists `A,B`, and names for months
/// (`JAN`–`DEC`) and weekdays (`SUN`–`SAT`; 0 and 7 are both Sunday). The macros `@yearly`
/// (`@annually`), `@monthly`, `@weekly`, `@daily` (`@midnight`) and `@hourly` are accepted.
/// As in Vixie cron, when both day fields are restricted a day matches if either does.
public struct CronExpression: Hashable, Sendable, CustomStringConvertible {
  public let source: String
  let minute: CronField
  let hour: CronField
  let dayOfMonth: CronField
  let month: CronField
  let dayOfWeek: CronField

  static let macros: [String: String] = [
    "@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *",
    "@weekly": "0 0 * * 0", "@daily": "0 0 * * *", "@midnight": "0 0 * * *",
    "@hourly": "0 * * * *",
  ]

  public init(_ text: String) throws(CronError) {
    source = text
    var body = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if body.hasPrefix("@") {
      guard let expansion = CronExpression.macros[body.lowercased()] else {
        throw CronError(
          expression: text, field: nil,
          message: "unknown macro '\(body)'; known: "
            + CronExpression.macros.keys.sorted().joined(separator: ", "))
      }
      body = expansion
    }
    let fields = body.split(separator: " ")
    guard fields.count == 5 else {
      throw CronError(
        expression: text, field: nil,
        message: "needs 5 fields (minute hour day-of-month month day-of-week), found "
          + "\(fields.count)")
    }
    var parsed: [CronField] = []
    for (kind, field) in zip(CronField.Kind.allCases, fields) {
      do {
        parsed.append(try CronField(kind: kind, text: field))
      } catch {
        throw CronError(expression: text, field: kind.rawValue, message: error.message)
      }
    }
    (minute, hour, dayOfMonth, month, dayOfWeek) = (
      parsed[0], parsed[1], parsed[2], parsed[3], parsed[4]
    )
    if !CronExpression.anyDayPossible(dayOfMonth: dayOfMonth, month: month, dayOfWeek: dayOfWeek) {
      throw CronError(
        expression: text, field: "day-of-month",
        message: "no month allowed by the month field has such a day, so it never fires")
    }
  }

  public var description: String { source }

  /// A job whose minute and hour are both fixed (neither starts with `*`). Across daylight-
  /// saving changes cron runs such a job once: a skipped time runs when the clock jumps, a
  /// repeated time runs on its first pass. Other jobs follow the wall clock through both.
  var isFixedTime: Bool { !minute.isStar && !hour.isStar }

  func matches(_ date: CivilDate) -> Bool {
    guard month.contains(date.month) else { return false }
    let weekday = ((date.daysSinceEpoch % 7) + 11) % 7  // 1970-01-01 was a Thursday (4)
    let domMatch = dayOfMonth.contains(date.day)
    let dowMatch = dayOfWeek.contains(weekday)
    if dayOfMonth.isStar || dayOfWeek.isStar { return domMatch && dowMatch }
    return domMatch || dowMatch
  }

  /// Rejects day-of-month/month pairs that can never meet (`30 2`), when the weekday field
  /// cannot rescue them.
  private static func anyDayPossible(
    dayOfMonth: CronField, month: CronField, dayOfWeek: CronField
  ) -> Bool {
    if !dayOfMonth.isStar && !dayOfWeek.isStar { return true }
    let longest = month.values.map { CivilDate.daysIn(month: $0, year: 2024) }.max() ?? 0
    return dayOfMonth.values.contains { $0 <= longest }
  }
}
