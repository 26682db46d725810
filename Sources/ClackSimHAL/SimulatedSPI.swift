import ClackHAL

/// What sits on a simulated SPI device's wires: it sees every byte clocked out and answers
/// with the bytes clocked in, in the same transfer.
public protocol SimulatedSPIPeripheral: AnyObject {
  /// Clocks `write` out and fills `read` (the same length) with the bytes clocked in.
  func spiTransfer(
    _ write: UnsafeRawBufferPointer, into read: UnsafeMutableRawBufferPointer, at time: UInt64)
}

public final class SimulatedSPIDevice: SPIDevice {
  public let name: String
  public let config: SPIConfig
  public let clock: VirtualClock
  public let log: TransactionLog
  public let peripheral: SimulatedSPIPeripheral

  public init(
    name: String, config: SPIConfig = SPIConfig(), peripheral: SimulatedSPIPeripheral,
    clock: VirtualClock, log: TransactionLog
  ) {
    self.name = name
    self.config = config
    self.peripheral = peripheral
    self.clock = clock
    self.log = log
  }

  public func transfer(write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer)
    throws(HALError)
  {
    try HALError.checkSPILengths(write: write.count, read: read.count, device: name)
    log.record(
      BusTransaction(
        time: clock.nanoseconds, bus: name, kind: .spiTransfer, address: nil, bytes: Array(write)))
    peripheral.spiTransfer(write, into: read, at: clock.nanoseconds)
  }
}
