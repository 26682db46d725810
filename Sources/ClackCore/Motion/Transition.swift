/// How a change of frame is animated. The Vestaboard strategies order the modules and start
/// them `stepSize` at a time, `stepIntervalMilliseconds` apart; `reveal` makes the new flaps
/// drop together; `fastest` (the default) minimises the total time.
public struct Transition: Hashable, Sendable {
  public enum Kind: String, CaseIterable, Sendable, Codable {
    case fastest, reveal, column
    case reverseColumn = "reverse-column"
    case edgesToCenter = "edges-to-center"
    case row, diagonal, random
  }

  public var kind: Kind
  /// Modules started per step (1–132), for the Vestaboard strategies.
  public var stepSize: Int
  /// Time between steps, 1–3000 ms.
  public var stepIntervalMilliseconds: Int
  /// Seed of the `random` order (the caller picks one; the planner stays deterministic).
  public var seed: UInt64
  /// Modules that already show their target turn a full revolution instead of staying.
  public var fullRotation: Bool

  public init(
    _ kind: Kind = .fastest, stepSize: Int = 1, stepIntervalMilliseconds: Int = 50,
    seed: UInt64 = 0,
    fullRotation: Bool = false
  ) {
    self.kind = kind
    self.stepSize = max(1, stepSize)
    self.stepIntervalMilliseconds = max(0, stepIntervalMilliseconds)
    self.seed = seed
    self.fullRotation = fullRotation
  }
}
