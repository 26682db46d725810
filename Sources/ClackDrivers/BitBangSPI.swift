import ClackHAL

/// An SPI device bit-banged on three GPIO outputs, for chips such as the MAX7219 on a board
/// with no SPI controller free: data (MOSI, the MAX7219's DIN), clock (CLK) and chip select
/// (its LOAD). Mode 0, most significant bit first: data is set while the clock is low and taken
/// on its rising edge; chip select goes low for the transfer and rises at its end, which is
/// when a MAX7219 latches the words it holds. Write-only (nothing is read back). Two line
/// writes a bit: slow beside SPI, but a 4-block cascade's row is 64 bits.
public final class BitBangSPI<Controller: GPIOController>: SPIDevice {
  public let name: String
  public let config: SPIConfig
  private let lines: Controller.Lines

  // Bit positions in the line request.
  private static var data: UInt64 { 1 << 0 }
  private static var clock: UInt64 { 1 << 1 }
  private static var select: UInt64 { 1 << 2 }

  /// Claims the three lines (outputs; chip select starts high, so nothing latches).
  public init(
    controller: Controller, chip: GPIOChipSelector, data: UInt32, clock: UInt32, select: UInt32,
    consumer: String = "clack"
  ) throws(HALError) {
    lines = try controller.requestLines(
      GPIOLineRequest(
        chip: chip, consumer: consumer,
        lines: [.output(data), .output(clock), .output(select, initial: true)]))
    name = "GPIO \(lines.device) (din \(data), clk \(clock), load \(select))"
    config = SPIConfig(mode: .mode0, speedHz: 0)
  }

  public func transfer(write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer)
    throws(HALError)
  {
    try lines.setValues(0)  // select low, clock low
    for byte in write {
      for bit in stride(from: 7, through: 0, by: -1) {
        let data = byte & (1 << UInt8(bit)) != 0 ? Self.data : 0
        try lines.setValues(data)
        try lines.setValues(data | Self.clock)
      }
    }
    try lines.setValues(0)
    try lines.setValues(Self.select)  // LOAD rises: the words latch
    for index in 0..<read.count { read[index] = 0 }
  }
}
