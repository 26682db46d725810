/// A mistake in a board file, with where it is: `file:line:column: field: message`.
public struct BoardFileError: Error, Equatable, Sendable, CustomStringConvertible {
  public let file: String
  public let line: Int?
  public let column: Int?
  /// The field's path, such as `geometry.rows`; nil for file-wide problems.
  public let field: String?
  public let message: String

  public init(file: String, line: Int?, column: Int?, field: String?, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.field = field
    self.message = message
  }

  public var description: String {
    var place = file
    if let line { place += ":\(line)" }
    if let column { place += ":\(column)" }
    return field.map { "\(place): \($0): \(message)" } ?? "\(place): \(message)"
  }
}
