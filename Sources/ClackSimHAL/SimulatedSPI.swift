import ClackHAL

/// What sits on a simulated SPI device's wires: it sees every byte clocked out and answers
/// with the bytes clocked in, in the same transfer.
public protocol SimulatedSPIPeripheral: AnyObject {
  func spiTransfer(_ bytes: [UInt8], at time: UInt64) -> [UInt8]
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
    let out = Array(write)
    log.record(
      BusTransaction(
        time: clock.nanoseconds, bus: name, kind: .spiTransfer, address: nil, bytes: out))
    let back = peripheral.spiTransfer(out, at: clock.nanoseconds)
    for index in 0..<read.count { read[index] = index < back.count ? back[index] : 0 }
  }
}
