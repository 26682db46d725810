/// What went wrong on a bus, classified so generic code can react without knowing the backend:
/// "the device is missing" (`noAcknowledge`) calls for a different response than "the bus is
/// broken" (`busError`).
public enum HALErrorKind: String, Sendable, Hashable {
  /// No device answered at the address (NACK).
  case noAcknowledge
  case timeout
  /// The bus itself misbehaved (I/O error, protocol error).
  case busError
  case arbitrationLoss
  /// The process may not open the device: a missing group or udev rule.
  case permissionDenied
  /// No such chip, bus, device or line.
  case notFound
  /// Another consumer holds the line or address.
  case busy
  /// The adapter or kernel cannot do this operation.
  case unsupported
  /// The request itself is wrong (a bad offset, too many bytes).
  case invalidArgument
  case other
}

/// A hardware error that names the device and says what to do.
public struct HALError: Error, Sendable, Hashable, CustomStringConvertible {
  public let kind: HALErrorKind
  /// The device it concerns, such as `/dev/i2c-1` or `/dev/gpiochip0`.
  public let device: String
  /// The full message for a person.
  public let message: String
  /// The Linux errno behind it, when there was one.
  public let errno: Int32?

  public init(kind: HALErrorKind, device: String, message: String, errno: Int32? = nil) {
    self.kind = kind
    self.device = device
    self.message = message
    self.errno = errno
  }

  public var description: String { message }
}
