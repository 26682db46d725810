import ClackCore
import Foundation

/// `GET /api/v1/sources`: every live source and how it stands.
public struct SourcesView: Codable, Sendable, Hashable {
  public var sources: [SourceView]

  public init(sources: [SourceView]) { self.sources = sources }
}

/// A live source: where its data come from, when they last came, and whether its latest
/// attempt failed (then `stale`, with the `problem`, while pages show the last good data).
public struct SourceView: Codable, Sendable, Hashable {
  public var name: String
  /// `webhook`, `json` or `weather`.
  public var kind: String
  /// Its URL, or the webhook's path.
  public var origin: String
  public var updatedAt: Date?
  public var stale: Bool
  public var problem: String?
  /// Counts the times its data changed.
  public var version: Int
  /// The last good data (`GET /api/v1/sources/{name}` only).
  public var data: JSONValue?

  enum CodingKeys: String, CodingKey {
    case name, kind, origin, stale, problem, version, data
    case updatedAt = "updated_at"
  }

  public init(
    name: String, kind: String, origin: String, updatedAt: Date?, stale: Bool, problem: String?,
    version: Int, data: JSONValue?
  ) {
    (self.name, self.kind, self.origin, self.updatedAt) = (name, kind, origin, updatedAt)
    (self.stale, self.problem, self.version, self.data) = (stale, problem, version, data)
  }
}
