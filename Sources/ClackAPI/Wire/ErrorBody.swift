/// What every refusal answers: `{"error": {"code", "message", "details"}}`. A client shows the
/// message; `code` is for programs, `details` holds the facts behind it (the field at fault,
/// each unsupported character and where it is …), whose shape depends on the code.
public struct ErrorBody: Codable, Sendable, Hashable {
  public var error: Detail

  public struct Detail: Codable, Sendable, Hashable {
    public var code: String
    public var message: String
    public var details: [String: JSONValue]

    public init(code: String, message: String, details: [String: JSONValue] = [:]) {
      self.code = code
      self.message = message
      self.details = details
    }
  }

  public init(error: Detail) {
    self.error = error
  }
}
