/// A chain of 74HC595 (out) and 74HC165 (in) shift registers driving split-flap modules in
/// the Chainlink layout: module i's IN1–IN4 are 595 outputs 4i…4i+3 counted from the first
/// register's QA (the register nearest the controller), and module i's hall sensor is 165
/// input i, counted from the first register's A.
///
/// Modelled at the pin level: each clock shifts the data-in bit into the first 595 (bits move
/// on towards the last one) and shifts the 165 chain one step towards the controller's data-in;
/// a rising latch (RCLK) copies the 595 stages to the outputs, which drive the coils; a low
/// load (SH/LD) captures the sensors into the 165s. Bytes therefore arrive in the order real
/// hardware needs: the byte for the farthest register first.
public final class ShiftRegisterChainModel: SimulatedSPIPeripheral {
  public let modules: [SplitFlapModuleModel]
  public let outputBits: Int
  public let inputBits: Int
  // Both chains are ring buffers, so a clock is O(1) even on a 132-module wall.
  private var stages595: [Bool]
  private var head595 = 0
  public private(set) var outputs595: [Bool]
  private var stages165: [Bool]
  private var head165 = 0
  public private(set) var latchCount = 0

  public init(modules: [SplitFlapModuleModel]) {
    self.modules = modules
    outputBits = (modules.count * 4 + 7) / 8 * 8
    inputBits = (modules.count + 7) / 8 * 8
    stages595 = Array(repeating: false, count: outputBits)
    outputs595 = Array(repeating: false, count: outputBits)
    stages165 = Array(repeating: false, count: inputBits)
  }

  /// The bit on the chain's data-out (the first 165's QH), which the controller reads.
  public var dataOut: Bool { inputBits > 0 && stages165[head165] }

  /// 595 stage `index` (0 = the first register's QA side) in the ring.
  private func stage595(_ index: Int) -> Bool { stages595[(head595 + index) % outputBits] }

  /// One rising clock edge with `dataIn` on the first 595's SER.
  public func clock(dataIn: Bool) {
    guard outputBits > 0 else { return }
    // Every stage moves one on: the new bit becomes stage 0, the last one falls off.
    head595 = (head595 + outputBits - 1) % outputBits
    stages595[head595] = dataIn
    // The 165s move one towards data-out; the last 165's SER is tied low.
    stages165[head165] = false
    head165 = (head165 + 1) % inputBits
  }

  /// RCLK rising: the 595 outputs take the shifted-in bits and the coils follow.
  public func latch(at time: UInt64) {
    latchCount += 1
    for index in 0..<outputBits { outputs595[index] = stage595(index) }
    for (index, module) in modules.enumerated() {
      var coils: UInt8 = 0
      for bit in 0..<4 where outputs595[index * 4 + bit] { coils |= 1 << UInt8(bit) }
      module.motor.drive(coils: coils, at: time)
    }
  }

  /// SH/LD low: the 165s capture the sensors. Stage 0 is the first register's H input (the
  /// one already on data-out), so input pin p of register r sits at r×8 + (7 − p).
  public func load() {
    for index in 0..<inputBits {
      let register = index / 8
      let pin = 7 - index % 8
      let module = register * 8 + pin
      stages165[(head165 + index) % inputBits] =
        module < modules.count ? modules[module].sensorLevel : false
    }
  }

  /// SPI (mode 0, MSB first): every byte out shifts into the 595s while the 165s shift in.
  public func spiTransfer(
    _ write: UnsafeRawBufferPointer, into read: UnsafeMutableRawBufferPointer, at time: UInt64,
    speedHz: Int
  ) {
    for index in 0..<write.count {
      let byte = write[index]
      var received: UInt8 = 0
      for bit in stride(from: 7, through: 0, by: -1) {
        if dataOut { received |= 1 << UInt8(bit) }
        clock(dataIn: byte & (1 << UInt8(bit)) != 0)
      }
      if index < read.count { read[index] = received }
    }
  }

  /// Wires the latch and load lines of a chain driven over SPI. The chip keeps the chain alive
  /// (the chain holds no reference back, so there is no cycle).
  public func connectLatches(on chip: SimulatedGPIOChip, latch latchLine: Int, load loadLine: Int) {
    var previous = (latch: false, load: true)
    chip.connectOutputs([latchLine, loadLine]) { levels, time in
      if levels[0] && !previous.latch { self.latch(at: time) }
      if !levels[1] && previous.load { self.load() }
      previous = (levels[0], levels[1])
    }
  }

  /// Wires a chain bit-banged on GPIO lines: data and clock into the 595s, latch and load,
  /// and the 165s' data-out into an input line.
  public func connectBitBang(
    on chip: SimulatedGPIOChip, data: Int, clock clockLine: Int, latch latchLine: Int,
    load loadLine: Int, dataOut dataOutLine: Int
  ) {
    var previous = (clock: false, latch: false, load: true)
    chip.connectOutputs([data, clockLine, latchLine, loadLine]) { levels, time in
      if !levels[3] && previous.load { self.load() }
      if levels[1] && !previous.clock { self.clock(dataIn: levels[0]) }
      if levels[2] && !previous.latch { self.latch(at: time) }
      previous = (levels[1], levels[2], levels[3])
    }
    chip.connectInput(dataOutLine) { self.dataOut }
  }
}
