import ClackAPI
import ClackRuntime
import ClackWireMapping
import Foundation
import Hummingbird

extension API {
  /// `GET /pages` (the pages and the run of show), `GET /pages/{name}/preview?at=TIME` (a
  /// page drawn at a moment), `POST /pages/{name}/show` (switch to it now).
  func addPageRoutes(_ group: RouterGroup<ClackRequestContext>) {
    group.get("pages") { _, _ in Self.json(PagesView(await service.runOfShow())) }
    group.get("pages/:name/preview") { request, context in
      let name = context.parameters.get("name") ?? ""
      var at: Date?
      if let text = request.uri.queryParameters.get("at") {
        guard let parsed = Self.instant(String(text)) else {
          throw APIError.badRequest(
            "at",
            "'\(text)' is not a time such as 2026-12-24T18:00:00Z or 2026-12-24T18:00:00+01:00")
        }
        at = parsed
      }
      return Self.json(PagePreviewView(try await preview(name, at: at)))
    }
    group.post("pages/:name/show") { _, context in
      try await perform(.showPage(context.parameters.get("name") ?? ""))
      return Self.json(PagesView(await service.runOfShow()))
    }
    addRunOfShowRoutes(group)
  }

  /// `GET /run-of-show` (the run of show set at run time, as set), `PUT /run-of-show` (set
  /// one in place of the config's, kept across restarts), `DELETE /run-of-show` (back to the
  /// config's). PUT and DELETE answer as `GET /pages` does.
  func addRunOfShowRoutes(_ group: RouterGroup<ClackRequestContext>) {
    group.get("run-of-show") { _, _ in
      // Whose run of show it is, without playing every entry's forecast forward.
      let source = service.runOfShowSource
      return Self.json(
        RunOfShowSetView(
          source: source.wireName, setAside: source.setAsideReason,
          runOfShow: service.setRunOfShow?.map(RunOfShowEntryWire.init)))
    }
    group.put("run-of-show") { request, _ in
      let items = try RunOfShowRequest.parse(
        JSONValue.parse(Data(buffer: try await body(of: request))))
      return Self.json(
        PagesView(
          try await runOfShow { service throws(ServiceError) in
            try await service.setRunOfShow(items)
          }))
    }
    group.delete("run-of-show") { _, _ in
      Self.json(
        PagesView(
          try await runOfShow { service throws(ServiceError) in
            try await service.resetRunOfShow()
          }))
    }
  }

  /// A change of the run of show, its refusal in the API's words.
  func runOfShow(
    _ change: (BoardService) async throws(ServiceError) -> RunOfShowReport
  ) async throws(APIError) -> RunOfShowReport {
    do {
      return try await change(service)
    } catch {
      throw APIError.from(error)
    }
  }

  func preview(_ name: String, at: Date?) async throws(APIError) -> PagePreview {
    do {
      return try await service.previewPage(name, at: at)
    } catch {
      throw APIError.from(error)
    }
  }

  /// An ISO 8601 instant with its offset (fractional seconds allowed).
  static func instant(_ text: String) -> Date? {
    let plain = ISO8601DateFormatter()
    if let date = plain.date(from: text) { return date }
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return fractional.date(from: text)
  }
}
