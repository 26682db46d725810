import ClackAPI
import HTTPTypes
import Hummingbird
import NIOCore

/// Enforces the `AccessPolicy` before any route runs. Clack's own API refuses with the JSON
/// error body; the Vestaboard Local API with the plain `Invalid API key` its clients expect.
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
  let policy: AccessPolicy

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    guard
      case .refused(let presented) = policy.decide(
        method: request.method, path: path, headers: request.headers,
        queryKey: request.uri.queryParameters.get("key"))
    else {
      return try await next(request, context)
    }
    if path.hasPrefix("/local-api/") {
      return Response(
        status: .unauthorized, headers: [.contentType: "text/plain; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: "Invalid API key")))
    }
    throw APIError(
      .unauthorized, code: presented ? "invalid_key" : "key_required",
      message: presented
        ? "the API key is wrong (\(policy.keyCommand) prints the right one)"
        : "this request needs the API key: send Authorization: Bearer KEY or X-Clack-Key: KEY "
          + "(\(policy.keyCommand) prints it)",
      headers: [.wwwAuthenticate: "Bearer realm=\"clack\""])
  }
}
