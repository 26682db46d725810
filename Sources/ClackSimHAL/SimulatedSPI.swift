import ClackHAL

/// What sits on a simulated SPI device's wires: it sees every byte clocked out and answers
/// with the bytes clocked in, in the same transfer.
public protocol SimulatedSPIPeripheral: AnyObject {
  /// Clocks `write` out and fills `read` (the same length) with the bytes clocked in; the
  /// clocking begins at `time` (nanoseconds) at `speedHz`. Clocked chips ignore the speed; a
  /// chip that reads its data line against its own timing (WS2812) decodes by it.
  func spiTransfer(
    _ write: UnsafeRawBufferPointer, into read: UnsafeMutableRawBufferPointer, at time: UInt64,
    speedHz: Int)
}

/// A simulated `spidev` device. Every transfer moves the clock on by its time on the wire
/// (`timing`'s cost of a call, then eight clocks a byte at the device's speed); the
/// peripheral sees the bytes when the clocking begins.
public final class SimulatedSPIDevice: SPIDevice {
  public let name: String
  public let config: SPIConfig
  public let clock: VirtualClock
  public let log: TransactionLog
  public let peripheral: SimulatedSPIPeripheral
  public var timing: WireTiming

  public init(
    name: String, config: SPIConfig = SPIConfig(), peripheral: SimulatedSPIPeripheral,
    clock: VirtualClock, log: TransactionLog, timing: WireTiming = .raspberryPi
  ) {
    self.name = name
    self.timing = timing
    self.config = config
    self.peripheral = peripheral
    self.clock = clock
    self.log = log
  }

  public func transfer(write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer)
    throws(HALError)
  {
    try HALError.checkSPILengths(write: write.count, read: read.count, device: name)
    let cost = timing.spiNanoseconds(bytes: write.count, speedHz: Int(config.speedHz))
    let call = UInt64(max(0, timing.spiCallNanoseconds))
    clock.advance(nanoseconds: call)
    defer { clock.advance(nanoseconds: cost - call) }
    log.record(
      BusTransaction(
        time: clock.nanoseconds, bus: name, kind: .spiTransfer, address: nil, bytes: Array(write)))
    peripheral.spiTransfer(
      write, into: read, at: clock.nanoseconds, speedHz: Int(config.speedHz))
  }
}
