import ClackAPI
import ClackRuntime
import ClackStore
import HTTPTypes

/// The runtime's refusals in the API's words, shared by every face (the HTTP status is used
/// only by HTTP; MQTT publishes the code, message and field).
extension APIError {
  /// The store's refusals, as API errors.
  public static func from(_ error: StoreError) -> APIError {
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
  public static func from(_ error: AcceptError) -> APIError {
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
    case .unshown(let cells, let zone):
      return APIError(
        .badRequest, code: "outside_tiles", message: cells.description,
        details: [
          "zone": .string(zone), "row": .int(cells.row), "first_col": .int(cells.firstCol),
          "last_col": .int(cells.lastCol),
        ])
    case .vbml(let error): return .from(VBMLError("vbml.\(error.path)", error.message))
    case .store(let error): return .from(error)
    case .wallMember(let membership):
      return APIError(
        .conflict, code: "wall_member", message: membership.description,
        details: ["wall": .string(membership.wall), "leader": .string(membership.leader)])
    case .notReplicated(let error):
      var headers = HTTPFields()
      headers[.retryAfter] = "5"
      return APIError(
        .serviceUnavailable, code: "wall_unreplicated",
        message: "this board leads a wall, whose broker did not take the message (\(error)); "
          + "it was not accepted: send it again once the broker is back",
        headers: headers)
    }
  }

  /// A script refused: 409 when the board cannot show it, 503 when it cannot be kept.
  public static func from(_ error: ScriptError) -> APIError {
    switch error {
    case .cannotShow(let script, _, _):
      APIError(
        .conflict, code: "script_unavailable", message: error.description,
        details: ["script": .string(script.rawValue)])
    case .notSaved:
      APIError(.serviceUnavailable, code: "store_unavailable", message: error.description)
    }
  }

  /// A brightness refused: 409 on a flap board, 400 out of range or above what the panel's
  /// supply allows, 503 when it cannot be kept.
  public static func from(_ error: BrightnessError) -> APIError {
    switch error {
    case .notPixels: APIError(.conflict, code: "not_pixels", message: error.description)
    case .outOfRange, .aboveSupply: .badRequest("brightness", error.description)
    case .notSaved:
      APIError(.serviceUnavailable, code: "store_unavailable", message: error.description)
    }
  }
}

extension APIError {
  /// A command refused, in the same words on every face: REST's status and body, MQTT's
  /// `…/error` code and message.
  public static func from(_ error: ServiceError) -> APIError {
    switch error {
    case .busy: APIError(.serviceUnavailable, code: "busy", message: error.description)
    case .notFound: .notFound(error.description)
    case .brightness(let error): .from(error)
    case .script(let error): .from(error)
    case .invalidQuote(let index, let field, let message):
      .badRequest("quotes[\(index)].\(field)", message)
    case .store(let error): .from(error)
    case .page(let error): .from(error)
    case .noSource: APIError(.notFound, code: "source_not_found", message: error.description)
    case .notAWebhook:
      APIError(.conflict, code: "source_not_a_webhook", message: error.description)
    case .calibration(let error): .from(error)
    case .runOfShow(let error):
      APIError(
        .unprocessableContent, code: "invalid_run_of_show", message: error.description,
        details: error.field.map { ["field": .string($0)] } ?? [:])
    }
  }

  /// A calibration step refused: 409 when the board cannot take it now or at all, 400 for
  /// what was typed or asked, 503 when busy or not saved.
  public static func from(_ error: CalibrationError) -> APIError {
    switch error {
    case .notStepped:
      APIError(.conflict, code: "not_calibratable", message: error.description)
    case .notHomed: APIError(.conflict, code: "not_homed", message: error.description)
    case .notStarted:
      APIError(.conflict, code: "calibration_not_started", message: error.description)
    case .busy: APIError(.serviceUnavailable, code: "busy", message: error.description)
    case .shown: .badRequest("rows", error.description)
    case .noSuchCell: .badRequest("row", error.description)
    case .nudgeOutOfRange: .badRequest("steps", error.description)
    case .notSaved:
      APIError(.serviceUnavailable, code: "store_unavailable", message: error.description)
    }
  }

  /// A page refused: 404 when there is none of the name, 409 when the run of show does not
  /// show it, 422 when it cannot be drawn.
  public static func from(_ error: PageError) -> APIError {
    switch error {
    case .noPage: APIError(.notFound, code: "page_not_found", message: error.description)
    case .notInRunOfShow:
      APIError(.conflict, code: "page_not_in_run_of_show", message: error.description)
    case .cannotDraw:
      APIError(.unprocessableContent, code: "page_cannot_be_drawn", message: error.description)
    }
  }
}
