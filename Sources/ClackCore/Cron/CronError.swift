/// Why a cron expression was refused, naming the field and the text at fault.
public struct CronError: Error, Equatable, Sendable, CustomStringConvertible {
  public let expression: String
  public let field: String?
  public let message: String

  public var description: String {
    if let field {
      "cron '\(expression)': \(field) field: \(message)"
    } else {
      "cron '\(expression)': \(message)"
    }
  }
}
