import ClackHAL

/// A Chainlink-style chain of 74HC595/74HC165 driven over SPI, with the 595 latch (RCLK) and
/// the 165 load (SH/LD) on two GPIO lines. Each tick is one SPI transfer that shifts every
/// module's coils out and every sensor in: load pulse, transfer, latch.
public final class ShiftRegisterSPIBank<SPI: SPIDevice, Controller: GPIOController>: StepperBank {
  public let moduleCount: Int
  public var sensorDelayTicks: Int { 1 }
  public let layout: ShiftRegisterLayout
  public var busFaults: [ModuleFault?] { bookkeeping.busFaults }
  private var bookkeeping: BankBookkeeping
  private let spi: SPI
  private let latches: Controller.Lines
  private let sensorActiveLevel: Bool
  private var out: [UInt8]
  private var back: [UInt8]
  private var levels: [Bool]
  private var patterns: [UInt8]

  public init(
    spi: SPI, controller: Controller, chip: GPIOChipSelector, latchLine: UInt32, loadLine: UInt32,
    moduleCount: Int, sensorActiveLevel: Bool = false, consumer: String = "clack"
  ) throws(HALError) {
    self.spi = spi
    self.moduleCount = moduleCount
    bookkeeping = BankBookkeeping(moduleCount: moduleCount)
    self.layout = ShiftRegisterLayout(moduleCount: moduleCount)
    self.sensorActiveLevel = sensorActiveLevel
    // Latch low, load high (shifting enabled) until the first tick.
    latches = try controller.requestLines(
      GPIOLineRequest(
        chip: chip, consumer: consumer,
        lines: [.output(latchLine), .output(loadLine, initial: true)]))
    out = Array(repeating: 0, count: layout.transferLength)
    back = Array(repeating: 0, count: layout.transferLength)
    levels = Array(repeating: false, count: moduleCount)
    patterns = Array(repeating: 0, count: moduleCount)
  }

  public func writeCoils(_ patterns: [UInt8]) {
    for module in 0..<moduleCount { self.patterns[module] = patterns[module] }
    tick()
  }

  /// Sensors as captured by the last tick (taken just before that tick's coils changed).
  public func readSensors(into active: inout [Bool]) {
    for module in 0..<moduleCount { active[module] = levels[module] == sensorActiveLevel }
  }

  public func coilsOff() {
    writeCoils(bookkeeping.allOff)
  }

  private func tick() {
    layout.encode(patterns, into: &out)
    bookkeeping.perform(for: 0..<moduleCount) { () throws(HALError) in
      try latches.setValues(0b00)  // latch low, load low: the 165s capture the sensors
      try latches.setValues(0b10)  // load high: shift
      try out.withBytes { (write) throws(HALError) in
        try back.withMutableBytes { (read) throws(HALError) in
          try spi.transfer(write: write, read: read)
        }
      }
      try latches.setValues(0b11)  // latch rising: the 595 outputs take the new coils
      layout.decode(back, levels: &levels)
    }
  }
}
