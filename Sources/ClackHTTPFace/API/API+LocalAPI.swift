import ClackAPI
import ClackRuntime
import ClackWireMapping
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The Vestaboard Local API (docs/vestaboard.md), so existing Vestaboard tools drive a Clack
/// board unchanged. The key check happens in `AccessMiddleware`; messages enter the same
/// durable queue as sender `local-api`.
extension API {
  func addLocalAPIRoutes(_ router: Router<ClackRequestContext>) {
    let local = router.group("local-api")
    local.post("message") { request, _ in try await postLocalMessage(request) }
    local.get("message") { _, _ in
      let shown = await service.boardReading().shown
      return Self.json(LocalAPIWire.Board(message: try? shown.codes()))
    }
    local.post("enablement") { request, _ in try enable(request) }
  }

  /// Reads the body as `LocalAPIRequest` says and queues it like any other message.
  func postLocalMessage(_ request: Request) async throws -> Response {
    let body = try await body(of: request)
    let message = try LocalAPIRequest.parse(JSONValue.parse(Data(buffer: body)))
    // Committed before it is acknowledged.
    let receipt: Receipt
    do {
      receipt = try await service.accept(message)
    } catch .wrongSize(let mismatch) {
      throw sizeError(mismatch)
    } catch {
      throw APIError.from(error)
    }
    return Self.json(
      LocalAPIWire.Accepted(id: receipt.message.id, state: receipt.message.state.rawValue),
      status: .created)
  }

  /// A Vestaboard tool sends a whole board: say both sizes, in a board's terms, when it does
  /// not fit.
  func sizeError(_ mismatch: SizeMismatch) -> APIError {
    let (rows, cols) = mismatch.expected
    let what =
      rows == service.board.rows && cols == service.board.cols
      ? "the board is" : "zone \(mismatch.zone) is"
    return APIError(
      .badRequest, code: "wrong_size",
      message: "\(what) \(rows)×\(cols) but the message is \(mismatch.gotText)",
      details: [
        "expected_rows": .int(rows), "expected_cols": .int(cols),
        "rows": .int(mismatch.got.rows), "cols": .int(mismatch.got.cols),
      ])
  }

  /// `POST /local-api/enablement`: trades the enablement token (set in the config; off by
  /// default) for the API key, as a Vestaboard does.
  func enable(_ request: Request) throws -> Response {
    guard let token = enablementToken else {
      throw APIError(
        .forbidden, code: "enablement_off",
        message: "Local API enablement is off; set local_api.enablement_token in the config, "
          + "or read the key with \(access.keyCommand)")
    }
    guard let presented = request.headers[.vestaboardEnablementToken],
      APIKey(value: token).matches(presented)
    else {
      throw APIError(
        .unauthorized, code: "invalid_enablement_token",
        message: "the X-Vestaboard-Local-Api-Enablement-Token header is missing or wrong")
    }
    return Self.json(LocalAPIWire.Enabled(apiKey: access.key.value))
  }
}
