import ClackHAL

/// A Chainlink-style chain of 74HC595/74HC165 driven over SPI, with the 595 latch (RCLK) and
/// the 165 load (SH/LD) on two GPIO lines. Each tick is one SPI transfer that shifts every
/// module's coils out and every sensor in: load pulse, transfer, latch.
public final class ShiftRegisterSPIBank<SPI: SPIDevice, Controller: GPIOController>: StepperBank {
  public let moduleCount: Int
  public var sensorDelayTicks: Int { 1 }
  public var layout: ShiftRegisterLayout { transfer.layout }
  public var busFaults: [ModuleFault?] { bookkeeping.busFaults }
  private var bookkeeping: BankBookkeeping
  private let spi: SPI
  private let latches: Controller.Lines
  private var transfer: ShiftRegisterTransfer

  public init(
    spi: SPI, controller: Controller, chip: GPIOChipSelector, latchLine: UInt32, loadLine: UInt32,
    moduleCount: Int, sensorActiveLevel: Bool = false, consumer: String = "clack"
  ) throws(HALError) {
    self.spi = spi
    self.moduleCount = moduleCount
    bookkeeping = BankBookkeeping(moduleCount: moduleCount)
    transfer = ShiftRegisterTransfer(moduleCount: moduleCount, sensorActiveLevel: sensorActiveLevel)
    // Latch low, load high (shifting enabled) until the first tick.
    latches = try controller.requestLines(
      GPIOLineRequest(
        chip: chip, consumer: consumer,
        lines: [.output(latchLine), .output(loadLine, initial: true)]))
  }

  /// One tick: load pulse, one SPI transfer (coils out, sensors in), latch.
  public func writeCoils(_ patterns: [UInt8]) {
    transfer.load(patterns)
    bookkeeping.perform(for: 0..<moduleCount) { () throws(HALError) in
      try latches.setValues(0b00)  // latch low, load low: the 165s capture the sensors
      try latches.setValues(0b10)  // load high: shift
      try transfer.exchange { (write, read) throws(HALError) in
        try spi.transfer(write: write, read: read)
      }
      try latches.setValues(0b11)  // latch rising: the 595 outputs take the new coils
      transfer.received()
    }
  }

  /// Sensors as captured by the last tick (taken just before that tick's coils changed).
  public func readSensors(into active: inout [Bool]) {
    transfer.readSensors(into: &active)
  }

  public func coilsOff() {
    writeCoils(bookkeeping.allOff)
  }
}
