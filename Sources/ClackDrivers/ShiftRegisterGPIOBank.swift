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
  public var layout: ShiftRegisterLayout { transfer.layout }
  public var busFaults: [ModuleFault?] { bookkeeping.busFaults }
  private var bookkeeping: BankBookkeeping
  private let lines: Controller.Lines
  private var transfer: ShiftRegisterTransfer

  public init(
    controller: Controller, chip: GPIOChipSelector, lines wiring: Lines, moduleCount: Int,
    sensorActiveLevel: Bool = false, consumer: String = "clack"
  ) throws(HALError) {
    self.moduleCount = moduleCount
    bookkeeping = BankBookkeeping(moduleCount: moduleCount)
    transfer = ShiftRegisterTransfer(moduleCount: moduleCount, sensorActiveLevel: sensorActiveLevel)
    lines = try controller.requestLines(
      GPIOLineRequest(
        chip: chip, consumer: consumer,
        lines: [
          .output(wiring.data), .output(wiring.clock), .output(wiring.latch),
          .output(wiring.load, initial: true), .input(wiring.dataIn),
        ]))
  }

  public func writeCoils(_ patterns: [UInt8]) {
    transfer.load(patterns)
    bookkeeping.perform(for: 0..<moduleCount) { () throws(HALError) in
      try lines.setValues(0)  // load low: capture sensors; latch and clock low
      try lines.setValues(Self.load)
      for index in 0..<transfer.out.count {
        var received: UInt8 = 0
        for bit in stride(from: 7, through: 0, by: -1) {
          if try lines.values() & Self.dataIn != 0 { received |= 1 << UInt8(bit) }
          let data = transfer.out[index] & (1 << UInt8(bit)) != 0 ? Self.data : 0
          try lines.setValues(Self.load | data)
          try lines.setValues(Self.load | data | Self.clock)
        }
        transfer.back[index] = received
      }
      try lines.setValues(Self.load | Self.latch)
      transfer.received()
    }
  }

  public func readSensors(into active: inout [Bool]) {
    transfer.readSensors(into: &active)
  }

  public func coilsOff() {
    writeCoils(bookkeeping.allOff)
  }
}
