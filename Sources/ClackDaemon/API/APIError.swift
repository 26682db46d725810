import ClackCore
import ClackStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// An error the API answers with: a status and `{"error": {"code", "message", "details"}}`.
public struct APIError: Error, HTTPResponseError, Sendable {
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

  public func response(from request: Request, context: some RequestContext) throws -> Response {
    var headers = self.headers
    headers[.contentType] = "application/json; charset=utf-8"
    let body = JSONValue.object([
      "error": .object([
        "code": .string(code), "message": .string(message), "details": .object(details),
      ])
    ])
    return Response(
      status: status, headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(string: body.serialized + "\n")))
  }

  static func badRequest(_ field: String, _ message: String) -> APIError {
    APIError(
      .badRequest, code: "invalid_field", message: "\(field): \(message)",
      details: ["field": .string(field)])
  }

  static func notFound(_ what: String) -> APIError {
    APIError(.notFound, code: "not_found", message: what)
  }

  /// The store's refusals, as API errors.
  static func from(_ error: StoreError) -> APIError {
    switch error {
    case .rateLimited(let sender, let limit, let retryAfter):
      var headers = HTTPFields()
      headers[.retryAfter] = "\(max(1, retryAfter))"
      return APIError(
        .tooManyRequests, code: "rate_limited", message: error.description,
        details: [
          "sender": .string(sender), "limit_per_hour": .int(limit),
          "retry_after_seconds": .int(retryAfter),
        ], headers: headers)
    case .notFound: return .notFound(error.description)
    case .invalid(let field, let message): return .badRequest(field, message)
    case .newerDatabase, .database:
      return APIError(.serviceUnavailable, code: "store_unavailable", message: error.description)
    }
  }

  /// The accept service's refusals, as API errors (MQTT's …/error uses the same codes).
  static func from(_ error: AcceptError) -> APIError {
    switch error {
    case .unknownZone(let name, let zones):
      return .badRequest(
        "zone", "no zone named '\(name)'; zones: \(zones.joined(separator: ", "))")
    case .layout(let error, let zone): return .from(error, field: "text", zone: zone)
    case .wrongSize(let error):
      return APIError(
        .badRequest, code: "wrong_size", message: "characters: \(error)",
        details: [
          "field": .string("characters"), "expected_rows": .int(error.expected.rows),
          "expected_cols": .int(error.expected.cols), "rows": .int(error.got.rows),
          "cols": .int(error.got.cols),
        ])
    case .unsupportedCodes(let message):
      return APIError(
        .badRequest, code: "unsupported_characters", message: "characters: \(message)",
        details: ["field": .string("characters")])
    case .store(let error): return .from(error)
    }
  }

  /// A layout failure: which characters, where, or by how much the text is too long.
  static func from(_ error: LayoutError, field: String, zone: String) -> APIError {
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
    case .invalidSize:
      code = "invalid_size"
    }
    return APIError(.badRequest, code: code, message: "\(field): \(error)", details: details)
  }
}

/// Turns every error a route throws into the JSON error body, so a client always gets
/// `{"error": …}`: routing misses (404, 405), oversized bodies (413) and failures alike.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as APIError {
      throw error
    } catch is NIOTooManyBytesError {
      throw APIError(
        .contentTooLarge, code: "body_too_large",
        message: "the request body is larger than \(API.maxBodyBytes / 1024) KiB")
    } catch let error as HTTPError {
      let code = error.status == .notFound ? "not_found" : "http_\(error.status.code)"
      let message =
        error.body
        ?? (error.status == .notFound
          ? "no such endpoint: \(request.method) \(request.uri.path)" : error.status.reasonPhrase)
      throw APIError(error.status, code: code, message: message, headers: error.headers)
    } catch let error as StoreError {
      throw APIError.from(error)
    } catch {
      throw APIError(.internalServerError, code: "internal", message: "\(error)")
    }
  }
}
