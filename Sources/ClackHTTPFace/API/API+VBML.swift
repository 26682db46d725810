import ClackAPI
import ClackRuntime
import Foundation
import Hummingbird

extension API {
  /// `POST /vbml/compose`: a VBML document in, its rows of Vestaboard codes out, as
  /// Vestaboard's compose endpoint answers (docs/vbml.md).
  func addVBMLRoutes(_ router: Router<ClackRequestContext>) {
    router.post("/vbml/compose") { request, _ in
      guard let json = JSONValue.parse(Data(buffer: try await body(of: request))) else {
        throw APIError.badRequest("body", "not JSON (a VBML document is a JSON object)")
      }
      return Self.json(try compose(json))
    }
  }

  func compose(_ json: JSONValue) throws(APIError) -> [[Int]] {
    do {
      return try service.composeVBML(try VBMLDocument(json: json))
    } catch {
      throw APIError.from(error)
    }
  }
}
