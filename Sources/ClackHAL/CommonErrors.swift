// Errors every backend reports the same way, so a driver tested on the simulated HAL sees
// exactly what it would see on Linux.
extension HALError {
  public static func lineBusy(
    offset: UInt32, device: String, consumer: String, errno: Int32? = LinuxErrno.EBUSY
  ) -> HALError {
    HALError(
      kind: .busy, device: device,
      message: "line \(offset) of \(device) is busy: it is used by "
        + "'\(consumer.isEmpty ? "an unnamed consumer" : consumer)'",
      errno: errno)
  }

  public static func noChipLabelled(_ label: String, chips: [GPIOChipInfo], directory: String)
    -> HALError
  {
    HALError(
      kind: .notFound, device: directory,
      message: "no GPIO chip labelled '\(label)'; chips present: \(GPIOChipInfo.list(chips))")
  }

  public static func noChip(at path: String, chips: [GPIOChipInfo], errno: Int32? = nil) -> HALError
  {
    HALError(
      kind: .notFound, device: path,
      message: "no GPIO chip at \(path); chips present: \(GPIOChipInfo.list(chips))", errno: errno)
  }

  public static func linesReleased(device: String) -> HALError {
    HALError(
      kind: .invalidArgument, device: device,
      message: "the lines on \(device) were already released")
  }

  public static func noEdgeLines(device: String) -> HALError {
    HALError(
      kind: .invalidArgument, device: device,
      message: "no line of this request on \(device) was requested with edge detection")
  }

  public static func noI2CBus(at path: String, present: [String], errno: Int32? = nil) -> HALError {
    HALError(
      kind: .notFound, device: path,
      message: "no I2C bus at \(path); buses present: "
        + (present.isEmpty ? "none" : present.joined(separator: ", "))
        + ". On a Raspberry Pi, enable I2C with 'dtparam=i2c_arm=on' in config.txt "
        + "(or raspi-config), and load i2c-dev",
      errno: errno)
  }

  public static func unsupported(
    _ what: String, bus: String, address: UInt8, capabilities: I2CCapabilities
  ) -> HALError {
    HALError(
      kind: .unsupported, device: bus,
      message: "the adapter \(bus) cannot do \(what) (for \(hex(address))); it supports: "
        + capabilities.summary)
  }
}

extension HALError {
  /// SPI is full duplex: a transfer reads as many bytes as it writes.
  public static func checkSPILengths(write: Int, read: Int, device: String) throws(HALError) {
    guard write == read else {
      throw HALError(
        kind: .invalidArgument, device: device,
        message:
          "an SPI transfer on \(device) needs equal write and read lengths (\(write) and \(read))")
    }
  }
}

extension GPIOChipInfo {
  static func list(_ chips: [GPIOChipInfo]) -> String {
    chips.isEmpty ? "none" : chips.map(\.description).joined(separator: ", ")
  }
}
