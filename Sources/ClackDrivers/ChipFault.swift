import ClackHAL

/// Something wrong with one chip of a pixel panel (a NACK, a missing chip): shown to the user
/// while the other chips keep working.
public struct ChipFault: Error, Sendable, Hashable, CustomStringConvertible {
  public let chip: Int
  public let address: UInt8
  public let kind: HALErrorKind
  public let message: String

  public init(chip: Int, address: UInt8, error: HALError) {
    self.chip = chip
    self.address = address
    kind = error.kind
    message = error.message
  }

  public var description: String { "chip \(chip) (\(hex(address))): \(message)" }
}
