import ClackCore
import Foundation

/// What a live source (docs/sources.md) last brought: its data, when it came, and what went
/// wrong since, if anything. A source that fails keeps its last good data, which a page goes
/// on showing, marked stale with its age where the template asks (`PageField.sourceAge`).
public struct SourceReading: Sendable, Hashable {
  /// The last good data; nil until the first.
  public var data: JSONValue?
  /// When the last good data came.
  public var updatedAt: Date?
  /// Why the latest attempt failed; nil when it succeeded.
  public var problem: String?
  /// Counts the times the data changed: a page using the source is drawn again, and an
  /// `on_change` entry showing it comes due, when this goes up.
  public var version: Int

  public init(
    data: JSONValue? = nil, updatedAt: Date? = nil, problem: String? = nil, version: Int = 0
  ) {
    (self.data, self.updatedAt, self.problem, self.version) = (data, updatedAt, problem, version)
  }

  /// True when the latest attempt failed (the data, if any, is the last good one).
  public var isStale: Bool { problem != nil }

  /// This reading after new data came at `now`: the version goes up only when the data differ.
  public func receiving(_ new: JSONValue, at now: Date) -> SourceReading {
    SourceReading(
      data: new, updatedAt: now, problem: nil, version: new == data ? version : version + 1)
  }

  /// This reading after an attempt failed: the data stay, the problem is said.
  public func failing(_ problem: String) -> SourceReading {
    var next = self
    next.problem = problem
    return next
  }
}

/// Every source's latest reading, by the source's name.
public typealias SourceSnapshot = [String: SourceReading]
