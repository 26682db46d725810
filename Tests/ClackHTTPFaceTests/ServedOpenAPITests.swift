import Foundation
import Testing

/// The daemon serves its OpenAPI document from a copy built into the binary
/// (Sources/ClackHTTPFace/Web/openapi.yaml); docs/openapi.yaml is the one people read and
/// scripts/api-test.sh checks answers against. A change to one must be made to both.
@Suite struct ServedOpenAPITests {
  @Test func theServedDocumentIsDocsOpenAPI() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let docs = try Data(contentsOf: root.appendingPathComponent("docs/openapi.yaml"))
    let served = try Data(
      contentsOf: root.appendingPathComponent("Sources/ClackHTTPFace/Web/openapi.yaml"))
    #expect(
      docs == served,
      "copy docs/openapi.yaml to Sources/ClackHTTPFace/Web/openapi.yaml (the served copy)")
  }
}
