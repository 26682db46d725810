/// `POST /api/v1/key/reload`'s answer: whether the key file held another key, which the
/// daemon now checks in place of the old. The key itself is never in an answer.
public struct KeyReloadWire: Codable, Sendable, Hashable {
  public var changed: Bool

  public init(changed: Bool) {
    self.changed = changed
  }
}
