/// Why HTTPS could not be set up: the file and what is wrong with it, in words a user can act
/// on.
public struct TLSSetupError: Error, CustomStringConvertible, Sendable {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
