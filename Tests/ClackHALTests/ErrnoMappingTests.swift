import Testing

@testable import ClackHAL

@Suite struct ErrnoMappingTests {
  @Test(arguments: [LinuxErrno.EREMOTEIO, LinuxErrno.ENXIO, LinuxErrno.ENODEV])
  func aNackSaysNoDeviceAnsweredAtTheAddress(code: Int32) {
    let error = HALError.fromErrno(-code, operation: .i2c(address: 0x27), device: "/dev/i2c-1")
    #expect(error.kind == .noAcknowledge)
    #expect(error.message.hasPrefix("no device answered at 0x27 on /dev/i2c-1"))
    #expect(error.errno == code)
  }

  @Test func aTimeoutIsATimeout() {
    let error = HALError.fromErrno(
      LinuxErrno.ETIMEDOUT, operation: .i2c(address: 0x70), device: "/dev/i2c-1")
    #expect(error.kind == .timeout)
    #expect(error.message.contains("timed out talking to 0x70 on /dev/i2c-1"))
  }

  @Test(arguments: [HALDeviceClass.gpio, .i2c, .spi])
  func permissionDeniedNamesTheGroupAndTheUdevRule(deviceClass: HALDeviceClass) {
    let error = HALError.fromErrno(
      -LinuxErrno.EACCES, operation: .open(deviceClass), device: "/dev/x")
    #expect(error.kind == .permissionDenied)
    #expect(error.message.contains("'\(deviceClass.rawValue)' group"))
    #expect(error.message.contains("udev/60-clack.rules"))
  }

  @Test func otherKindsOfFailure() {
    let cases: [(Int32, HALOperation, HALErrorKind)] = [
      (LinuxErrno.ENOENT, .open(.i2c), .notFound),
      (LinuxErrno.EBUSY, .i2c(address: 0x20), .busy),
      (LinuxErrno.EAGAIN, .i2c(address: 0x20), .arbitrationLoss),
      (LinuxErrno.EOPNOTSUPP, .i2c(address: 0x20), .unsupported),
      (LinuxErrno.EIO, .i2c(address: 0x20), .busError),
      (LinuxErrno.EINVAL, .i2c(address: 0x20), .invalidArgument),
      (LinuxErrno.EBUSY, .gpioRequest(offsets: [4, 5]), .busy),
      (LinuxErrno.EINVAL, .gpioRequest(offsets: [99]), .invalidArgument),
      (LinuxErrno.EIO, .gpioIO, .busError),
      (LinuxErrno.EIO, .spiTransfer, .busError),
      (LinuxErrno.ENOMEM, .i2c(address: 0x20), .other),
    ]
    for (code, operation, kind) in cases {
      let error = HALError.fromErrno(code, operation: operation, device: "/dev/d")
      #expect(error.kind == kind, "errno \(code) in \(operation) gave \(error.kind)")
      #expect(error.message.contains("/dev/d"), "the device is not named: \(error.message)")
    }
  }

  @Test func unknownErrnosStillSayWhichNumber() {
    let error = HALError.fromErrno(-4242, operation: .gpioIO, device: "/dev/gpiochip0")
    #expect(error.message.contains("errno 4242"))
  }

  @Test func hexAddresses() {
    #expect(hex(0x07) == "0x07")
    #expect(hex(0x70) == "0x70")
  }
}

@Suite struct I2CChunkingTests {
  @Test func fitsInOneChunk() throws {
    let plan = try I2CChunking.plan(start: 0x00, count: 16, device: "bus")
    #expect(plan == [.init(register: 0x00, range: 0..<16)])
  }

  @Test func splitsAt32BytesAndAdvancesTheRegister() throws {
    let plan = try I2CChunking.plan(start: 0x24, count: 144, device: "bus")
    #expect(plan.map(\.register) == [0x24, 0x44, 0x64, 0x84, 0xA4])
    #expect(plan.map(\.range.count) == [32, 32, 32, 32, 16])
    #expect(plan.last?.range.upperBound == 144)
  }

  @Test func exactlyToTheLastRegister() throws {
    let plan = try I2CChunking.plan(start: 0xE0, count: 32, device: "bus")
    #expect(plan.count == 1)
  }

  @Test func refusesToRunPastRegister0xFFOrToWriteNothing() {
    #expect(throws: HALError.self) { try I2CChunking.plan(start: 0xF0, count: 17, device: "bus") }
    #expect(throws: HALError.self) { try I2CChunking.plan(start: 0x00, count: 0, device: "bus") }
  }
}
