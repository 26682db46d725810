import ClackAPI
import ClackRuntime
import ClackWireMapping
import HTTPTypes
import Hummingbird
import NIOCore

/// Turns every error a route throws into the JSON error body, so a client always gets
/// `{"error": …}`: routing misses (404, 405), oversized bodies (413) and failures alike.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as APIError {
      return Self.response(error)
    } catch is NIOTooManyBytesError {
      return Self.response(
        APIError(
          .contentTooLarge, code: "body_too_large",
          message: "the request body is larger than \(API.maxBodyBytes / 1024) KiB"))
    } catch let error as HTTPError {
      let code = error.status == .notFound ? "not_found" : "http_\(error.status.code)"
      let message =
        error.body
        ?? (error.status == .notFound
          ? "no such endpoint: \(request.method) \(request.uri.path)" : error.status.reasonPhrase)
      return Self.response(
        APIError(error.status, code: code, message: message, headers: error.headers))
    } catch let error as ServiceError {
      return Self.response(APIError.from(error))
    } catch {
      return Self.response(APIError(.internalServerError, code: "internal", message: "\(error)"))
    }
  }

  /// The error as an HTTP response with its JSON body.
  static func response(_ error: APIError) -> Response {
    API.json(error.body, status: error.status, headers: error.headers)
  }
}
