import ClackHAL

/// The same 74HC595/74HC165 chain bit-banged on five GPIO lines: data (595 SER), clock (both
/// chains' clocks), latch (RCLK), load (SH/LD) and data-in from the first 165's QH. Slower than
/// SPI (two writes and a read per bit) but needs no SPI controller.
public final class ShiftRegisterGPIOBank<Controller: GPIOController>: StepperBank {
  public struct Lines: Sendable, Hashable {
    public var data: UInt32, clock: UInt32, latch: UInt32, load: UInt32, dataIn: UInt32
    public init(data: UInt32, clock: UInt32, latch: UInt32, load: UInt32, dataIn: UInt32) {
      (self.data, self.clock, self.latch, self.load, self.dataIn) = (
        data, clock, latch, load, dataIn
      )
    }
  }

  // Bit positions in the line request.
  private static var data: UInt64 { 1 << 0 }
  private static var clock: UInt64 { 1 << 1 }
  private static var latch: UInt64 { 1 << 2 }
  private static var load: UInt64 { 1 << 3 }
  private static var dataIn: UInt64 { 1 << 4 }

  public let moduleCount: Int
  public var sensorDelayTicks: Int { 1 }
  public let layout: ShiftRegisterLayout
  public var busFaults: [ModuleFault?] { bookkeeping.busFaults }
  private var bookkeeping: BankBookkeeping
  private let lines: Controller.Lines
  private let sensorActiveLevel: Bool
  private var out: [UInt8]
  private var back: [UInt8]
  private var levels: [Bool]

  public init(
    controller: Controller, chip: GPIOChipSelector, lines wiring: Lines, moduleCount: Int,
    sensorActiveLevel: Bool = false, consumer: String = "clack"
  ) throws(HALError) {
    self.moduleCount = moduleCount
    bookkeeping = BankBookkeeping(moduleCount: moduleCount)
    self.layout = ShiftRegisterLayout(moduleCount: moduleCount)
    self.sensorActiveLevel = sensorActiveLevel
    lines = try controller.requestLines(
      GPIOLineRequest(
        chip: chip, consumer: consumer,
        lines: [
          .output(wiring.data), .output(wiring.clock), .output(wiring.latch),
          .output(wiring.load, initial: true), .input(wiring.dataIn),
        ]))
    out = Array(repeating: 0, count: layout.transferLength)
    back = Array(repeating: 0, count: layout.transferLength)
    levels = Array(repeating: false, count: moduleCount)
  }

  public func writeCoils(_ patterns: [UInt8]) {
    layout.encode(patterns, into: &out)
    bookkeeping.perform(for: 0..<moduleCount) { () throws(HALError) in
      try lines.setValues(0)  // load low: capture sensors; latch and clock low
      try lines.setValues(Self.load)
      for index in 0..<out.count {
        var received: UInt8 = 0
        for bit in stride(from: 7, through: 0, by: -1) {
          if try lines.values() & Self.dataIn != 0 { received |= 1 << UInt8(bit) }
          let data = out[index] & (1 << UInt8(bit)) != 0 ? Self.data : 0
          try lines.setValues(Self.load | data)
          try lines.setValues(Self.load | data | Self.clock)
        }
        back[index] = received
      }
      try lines.setValues(Self.load | Self.latch)
      layout.decode(back, levels: &levels)
    }
  }

  public func readSensors(into active: inout [Bool]) {
    for module in 0..<moduleCount { active[module] = levels[module] == sensorActiveLevel }
  }

  public func coilsOff() {
    writeCoils(bookkeeping.allOff)
  }
}
