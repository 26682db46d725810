import ClackCore
import Foundation

extension FuzzTarget {
  /// The first line as a page's source path, the rest as the JSON a source brings (a JSON,
  /// weather, webhook or Home Assistant source), picked from and shown as a page shows it.
  static let jsonPath = FuzzTarget(
    name: "json-path", reads: "a page's source path (first line) and a source's JSON (the rest)"
  ) { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    let split = text.firstIndex(of: "\n") ?? text.endIndex
    let document = JSONValue.parse(Data(text[split...].utf8)) ?? .null
    guard let path = try? JSONPath(String(text[..<split])) else {
      _ = document.pageText
      return false
    }
    expect(!path.steps.isEmpty, "a path of no steps")
    _ = path.description
    return path.value(in: document)?.pageText != nil
  }
}
