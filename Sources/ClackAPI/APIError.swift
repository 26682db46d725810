import ClackCore
import Foundation
import HTTPTypes

/// An error the API answers with: a status and `{"error": {"code", "message", "details"}}`.
/// The MQTT face publishes the same code, message and field on `…/error`.
public struct APIError: Error, Sendable {
  public let status: HTTPResponse.Status
  public let code: String
  public let message: String
  /// Extra facts a client can act on, such as each unsupported character and where it is.
  public let details: [String: JSONValue]
  public var headers: HTTPFields

  public init(
    _ status: HTTPResponse.Status, code: String, message: String,
    details: [String: JSONValue] = [:], headers: HTTPFields = [:]
  ) {
    self.status = status
    self.code = code
    self.message = message
    self.details = details
    self.headers = headers
  }

  /// The body: `{"error": {"code", "message", "details"}}`.
  public var body: ErrorBody {
    ErrorBody(error: .init(code: code, message: message, details: details))
  }

  /// The field at fault, when one is.
  public var field: String? {
    if case .string(let field) = details["field"] { return field }
    return nil
  }

  public static func badRequest(_ field: String, _ message: String) -> APIError {
    APIError(
      .badRequest, code: "invalid_field", message: "\(field): \(message)",
      details: ["field": .string(field)])
  }

  public static func notFound(_ what: String) -> APIError {
    APIError(.notFound, code: "not_found", message: what)
  }

  /// A layout failure: which characters, where, or by how much the text is too long.
  public static func from(_ error: LayoutError, field: String, zone: String) -> APIError {
    var details: [String: JSONValue] = ["field": .string(field), "zone": .string(zone)]
    let code: String
    switch error {
    case .unsupportedCharacters(let characters, let flapSet):
      code = "unsupported_characters"
      details["flap_set"] = .string(flapSet)
      details["characters"] = .array(
        characters.map {
          .object([
            "text": .string($0.text), "line": .int($0.line), "column": .int($0.column),
          ])
        })
    case .tooLong(let needed, let available, let overflow):
      code = "too_long"
      details["rows_needed"] = .int(needed)
      details["rows_available"] = .int(available)
      details["overflow_characters"] = .int(overflow)
    case .tooLongToScroll(let rows, let maxCells, let overflow):
      code = "too_long"
      details["rows_available"] = .int(rows)
      details["max_line_characters"] = .int(maxCells)
      details["overflow_characters"] = .int(overflow)
    case .invalidSize:
      code = "invalid_size"
    case .noFormInScript(let failure):
      code = "unsupported_characters"
      details["script"] = .string(failure.script.rawValue)
      details["characters"] = .array(
        failure.characters.map {
          .object([
            "text": .string($0.text), "line": .int($0.line), "column": .int($0.column),
          ])
        })
    }
    return APIError(.badRequest, code: code, message: "\(field): \(error)", details: details)
  }
}
