/// What an operation was doing when it failed, so the error can name it.
public enum HALOperation: Sendable, Hashable {
  /// Opening a device node (`/dev/gpiochip0`, `/dev/i2c-1`, `/dev/spidev0.0`).
  case open(HALDeviceClass)
  /// A transaction with the device at an I2C address.
  case i2c(address: UInt8)
  /// Requesting GPIO lines (offsets as given).
  case gpioRequest(offsets: [UInt32])
  case gpioIO
  case spiTransfer
  /// Sending a datagram to a display on the network.
  case datagramSend
  case configure(String)
}

/// The kinds of device node, each with the group and udev rule that grant access to it.
public enum HALDeviceClass: String, Sendable, Hashable {
  case gpio, i2c, spi

  /// The group that owns the device on Raspberry Pi OS (and with Clack's udev rules).
  public var group: String { rawValue }

  public var noun: String {
    switch self {
    case .gpio: "GPIO chip"
    case .i2c: "I2C bus"
    case .spi: "SPI device"
    }
  }
}

extension HALError {
  /// Turns a Linux errno from `operation` on `device` into an error that says what happened
  /// and what to do.
  public static func fromErrno(
    _ code: Int32, operation: HALOperation, device: String
  ) -> HALError {
    let e = code < 0 ? -code : code
    func make(_ kind: HALErrorKind, _ message: String) -> HALError {
      HALError(kind: kind, device: device, message: message, errno: e)
    }
    switch operation {
    case .open(let deviceClass):
      switch e {
      case LinuxErrno.EACCES, LinuxErrno.EPERM:
        return make(
          .permissionDenied,
          "permission denied opening \(device): add the user to the '\(deviceClass.group)' "
            + "group (sudo usermod -aG \(deviceClass.group) $USER, then log in again) or "
            + "install Clack's udev rules (udev/60-clack.rules)")
      case LinuxErrno.ENOENT, LinuxErrno.ENODEV, LinuxErrno.ENXIO:
        return make(.notFound, "no \(deviceClass.noun) at \(device)")
      case LinuxErrno.EBUSY:
        return make(.busy, "\(device) is in use by another program")
      default:
        return make(.other, "cannot open \(device): \(describe(e))")
      }
    case .i2c(let address):
      let at = "\(hex(address)) on \(device)"
      switch e {
      // The Pi's controller says EREMOTEIO, the kernel convention is ENXIO, and i2c-stub says
      // ENODEV: all three mean nobody acknowledged the address.
      case LinuxErrno.EREMOTEIO, LinuxErrno.ENXIO, LinuxErrno.ENODEV:
        return make(
          .noAcknowledge,
          "no device answered at \(at): check the wiring, the power and the address")
      case LinuxErrno.ETIMEDOUT:
        return make(
          .timeout,
          "timed out talking to \(at): a device may be holding the bus (SDA or SCL) low, "
            + "or the bus is too long or lacks pull-ups")
      case LinuxErrno.EAGAIN:
        return make(
          .arbitrationLoss, "lost arbitration talking to \(at): another master is on the bus")
      case LinuxErrno.EBUSY:
        return make(.busy, "address \(at) is in use by a kernel driver; unbind it first")
      case LinuxErrno.EOPNOTSUPP, LinuxErrno.ENOTTY:
        return make(
          .unsupported, "the adapter \(device) cannot do this transfer (to \(hex(address)))")
      case LinuxErrno.EINVAL, LinuxErrno.EMSGSIZE:
        return make(
          .invalidArgument,
          "the adapter \(device) refused this transfer to \(hex(address)) as invalid")
      case LinuxErrno.EIO, LinuxErrno.EPROTO:
        return make(.busError, "bus error talking to \(at): \(describe(e))")
      default:
        return make(.other, "error talking to \(at): \(describe(e))")
      }
    case .gpioRequest(let offsets):
      let lines = offsets.map(String.init).joined(separator: ", ")
      switch e {
      case LinuxErrno.EBUSY:
        return make(.busy, "a line among \(lines) on \(device) is in use by another consumer")
      case LinuxErrno.EINVAL:
        return make(
          .invalidArgument,
          "\(device) refused lines \(lines): an offset is out of range or the settings are not supported"
        )
      case LinuxErrno.EACCES, LinuxErrno.EPERM:
        return make(
          .permissionDenied,
          "permission denied requesting lines on \(device): add the user to the 'gpio' group or install udev/60-clack.rules"
        )
      default:
        return make(.other, "cannot request lines \(lines) on \(device): \(describe(e))")
      }
    case .gpioIO:
      return make(
        e == LinuxErrno.EINVAL ? .invalidArgument : .busError,
        "GPIO I/O on \(device) failed: \(describe(e))")
    case .spiTransfer:
      return make(
        e == LinuxErrno.EINVAL ? .invalidArgument : .busError,
        "SPI transfer on \(device) failed: \(describe(e))")
    case .datagramSend:
      return make(
        e == LinuxErrno.EMSGSIZE ? .invalidArgument : .busError,
        e == LinuxErrno.EMSGSIZE
          ? "a datagram to \(device) is larger than UDP carries (65,507 bytes): a smaller display"
          : "sending to \(device) failed: \(describe(e)); is its server running?")
    case .configure(let what):
      return make(
        e == LinuxErrno.EINVAL ? .unsupported : .other,
        "\(device) refused \(what): \(describe(e))")
    }
  }

  /// A short name for an errno, enough for a log line without the C library.
  static func describe(_ e: Int32) -> String {
    let names: [Int32: String] = [
      LinuxErrno.EPERM: "operation not permitted (EPERM)",
      LinuxErrno.ENOENT: "no such file (ENOENT)", LinuxErrno.EIO: "input/output error (EIO)",
      LinuxErrno.ENXIO: "no such device or address (ENXIO)",
      LinuxErrno.EAGAIN: "try again (EAGAIN)", LinuxErrno.ENOMEM: "out of memory (ENOMEM)",
      LinuxErrno.EACCES: "permission denied (EACCES)", LinuxErrno.EBUSY: "busy (EBUSY)",
      LinuxErrno.ENODEV: "no such device (ENODEV)", LinuxErrno.EINVAL: "invalid argument (EINVAL)",
      LinuxErrno.ENOTTY: "not supported by this device (ENOTTY)",
      LinuxErrno.EPROTO: "protocol error (EPROTO)",
      LinuxErrno.ECONNREFUSED: "nothing listens there (ECONNREFUSED)",
      LinuxErrno.ENETUNREACH: "network unreachable (ENETUNREACH)",
      LinuxErrno.EHOSTUNREACH: "host unreachable (EHOSTUNREACH)",
      LinuxErrno.EMSGSIZE: "message too long (EMSGSIZE)",
      LinuxErrno.EOPNOTSUPP: "operation not supported (EOPNOTSUPP)",
      LinuxErrno.ETIMEDOUT: "timed out (ETIMEDOUT)",
      LinuxErrno.EREMOTEIO: "remote I/O error (EREMOTEIO)",
    ]
    return names[e] ?? "errno \(e)"
  }
}

/// `0x27`-style address formatting used in every I2C message.
public func hex(_ value: UInt8) -> String {
  let digits = String(value, radix: 16)
  return "0x" + (digits.count < 2 ? "0" + digits : digits)
}
