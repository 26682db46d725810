import ClackCore

/// A transition as a message stores it: a name and, for the Vestaboard strategies, how many
/// modules start per step and how far apart. Written `column;step_size=2;step_interval_ms=100`
/// (just the name when the rest is default), so the store keeps one text column.
public struct TransitionSpec: Sendable, Hashable {
  public var kind: Transition.Kind
  /// Modules started per step, 1–132.
  public var stepSize: Int?
  /// Time between steps, 1–3000 ms.
  public var stepIntervalMilliseconds: Int?

  public static let stepSizes = 1...132
  public static let stepIntervals = 1...3000

  public init(kind: Transition.Kind, stepSize: Int? = nil, stepIntervalMilliseconds: Int? = nil) {
    self.kind = kind
    self.stepSize = stepSize
    self.stepIntervalMilliseconds = stepIntervalMilliseconds
  }

  /// Reads a stored spec; nil when it is not one (then the caller falls back to its default).
  public init?(encoded: String) {
    let parts = encoded.split(separator: ";")
    guard let name = parts.first, let kind = Transition.Kind(rawValue: String(name)) else {
      return nil
    }
    self.kind = kind
    for part in parts.dropFirst() {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, let value = Int(pair[1]) else { return nil }
      switch pair[0] {
      case "step_size": stepSize = value
      case "step_interval_ms": stepIntervalMilliseconds = value
      default: return nil
      }
    }
  }

  public var encoded: String {
    var text = kind.rawValue
    if let stepSize { text += ";step_size=\(stepSize)" }
    if let stepIntervalMilliseconds { text += ";step_interval_ms=\(stepIntervalMilliseconds)" }
    return text
  }

  public func transition(seed: UInt64) -> Transition {
    let defaults = Transition()
    return Transition(
      kind, stepSize: stepSize ?? defaults.stepSize,
      stepIntervalMilliseconds: stepIntervalMilliseconds ?? defaults.stepIntervalMilliseconds,
      seed: seed)
  }
}
