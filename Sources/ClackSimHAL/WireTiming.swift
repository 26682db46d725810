import ClackHAL

/// What a transfer costs on a Pi-class host, in nanoseconds: the simulated buses charge it to
/// the twin's clock, so a board whose bus work does not fit its tick overruns on its twin as
/// it would on the real bus. Figures and their sources: docs/hal.md, "Time on the wire".
public struct WireTiming: Sendable, Hashable {
  /// The I2C bus clock (SCL), in hertz: the Pi's default is 100 kHz, raised with
  /// `dtparam=i2c_arm_baudrate=400000` in config.txt.
  public var i2cClockHz: Int
  /// Each I2C transfer's cost beyond its clocks: the system call, the controller's setup and
  /// its completion interrupt.
  public var i2cCallNanoseconds: Int
  /// How long a device holding SCL low stalls a transfer before the controller gives up
  /// (Raspberry Pi OS's `i2c_bcm2835.clk_tout_ms`, 35 ms).
  public var i2cTimeoutNanoseconds: Int
  /// Each SPI transfer's cost beyond its bits: chip select held high between back-to-back
  /// `spidev` transfers.
  public var spiCallNanoseconds: Int
  /// One GPIO character-device call that sets or reads every line of a request.
  public var gpioCallNanoseconds: Int

  public init(
    i2cClockHz: Int, i2cCallNanoseconds: Int, i2cTimeoutNanoseconds: Int,
    spiCallNanoseconds: Int, gpioCallNanoseconds: Int
  ) {
    self.i2cClockHz = i2cClockHz
    self.i2cCallNanoseconds = i2cCallNanoseconds
    self.i2cTimeoutNanoseconds = i2cTimeoutNanoseconds
    self.spiCallNanoseconds = spiCallNanoseconds
    self.gpioCallNanoseconds = gpioCallNanoseconds
  }

  /// A Raspberry Pi's buses at their defaults (I2C at 100 kHz), with the per-call costs
  /// measured on Pi hardware.
  public static let raspberryPi = WireTiming(
    i2cClockHz: 100_000, i2cCallNanoseconds: I2CWireTime.callNanoseconds,
    i2cTimeoutNanoseconds: 35_000_000,
    spiCallNanoseconds: 20_000, gpioCallNanoseconds: 8_000)

  /// A wire that takes no time: for tests of a chip's logic alone.
  public static let instant = WireTiming(
    i2cClockHz: 0, i2cCallNanoseconds: 0, i2cTimeoutNanoseconds: 0, spiCallNanoseconds: 0,
    gpioCallNanoseconds: 0)

  /// The same, with the I2C clock at `hertz`.
  public func i2cClock(_ hertz: Int) -> WireTiming {
    var timing = self
    timing.i2cClockHz = hertz
    return timing
  }

  /// SCL clocks of one I2C transfer (`I2CWireTime.clocks`).
  public static func i2cClocks(written: Int, read: Int) -> Int {
    I2CWireTime.clocks(written: written, read: read)
  }

  /// One I2C transfer that was acknowledged.
  public func i2cNanoseconds(written: Int, read: Int) -> UInt64 {
    i2cNanoseconds(clocks: Self.i2cClocks(written: written, read: read))
  }

  /// A transfer whose address was not acknowledged: start, address, stop.
  public var i2cRefusedNanoseconds: UInt64 { i2cNanoseconds(clocks: 1 + 9 + 1) }

  /// A transfer that timed out: its address, then the controller's wait.
  public var i2cTimedOutNanoseconds: UInt64 {
    i2cNanoseconds(clocks: 1 + 9) + UInt64(max(0, i2cTimeoutNanoseconds))
  }

  private func i2cNanoseconds(clocks: Int) -> UInt64 {
    i2cWireNanoseconds(clocks: clocks) + UInt64(max(0, i2cCallNanoseconds))
  }

  /// `clocks` of SCL alone, without the call's cost.
  public func i2cWireNanoseconds(clocks: Int) -> UInt64 {
    UInt64(max(0, i2cClockHz > 0 ? clocks * 1_000_000_000 / i2cClockHz : 0))
  }

  /// One SPI transfer of `bytes` at `speedHz` (eight clocks a byte).
  public func spiNanoseconds(bytes: Int, speedHz: Int) -> UInt64 {
    let wire = speedHz > 0 ? bytes * 8 * 1_000_000_000 / speedHz : 0
    return UInt64(max(0, wire + spiCallNanoseconds))
  }
}
