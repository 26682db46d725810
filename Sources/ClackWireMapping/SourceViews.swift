import ClackAPI
import ClackRuntime

extension SourceView {
  /// A source and its latest reading; its data only when `withData`.
  public init(_ spec: SourceSpec, _ reading: SourceReading, withData: Bool) {
    self.init(
      name: spec.name, kind: spec.kindName, origin: spec.origin, updatedAt: reading.updatedAt,
      stale: reading.isStale, problem: reading.problem, version: reading.version,
      data: withData ? reading.data : nil)
  }
}
