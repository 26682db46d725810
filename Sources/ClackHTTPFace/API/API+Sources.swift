import ClackAPI
import ClackRuntime
import ClackWireMapping
import Foundation
import Hummingbird

extension API {
  /// `GET /sources` (every live source and how it stands), `GET /sources/{name}` (one, with
  /// its last good data), `POST /sources/{name}` (a webhook source's data: any JSON).
  func addSourceRoutes(_ group: RouterGroup<ClackRequestContext>) {
    group.get("sources") { _, _ in
      Self.json(
        SourcesView(
          sources: service.sourceReadings().map { SourceView($0.spec, $0.reading, withData: false) }
        ))
    }
    group.get("sources/:name") { _, context in
      Self.json(try sourceView(context.parameters.get("name") ?? ""))
    }
    group.post("sources/:name") { request, context in
      let name = context.parameters.get("name") ?? ""
      guard let data = JSONValue.parse(Data(buffer: try await body(of: request))) else {
        throw APIError(
          .badRequest, code: "invalid_json",
          message: "the body must be JSON: the data a page of source '\(name)' shows")
      }
      try await push(name, data)
      return Self.json(try sourceView(name))
    }
  }

  func push(_ name: String, _ data: JSONValue) async throws(APIError) {
    do {
      try await service.push(source: name, data: data)
    } catch {
      throw APIError.from(error)
    }
  }

  func sourceView(_ name: String) throws(APIError) -> SourceView {
    guard let found = service.sourceReadings().first(where: { $0.spec.name == name }) else {
      throw APIError.from(ServiceError.noSource(name, known: service.sources.map(\.name)))
    }
    return SourceView(found.spec, found.reading, withData: true)
  }
}
