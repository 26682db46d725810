import ClackHAL

/// One tick's transfer along a 595/165 chain, whichever way it is clocked (SPI or bit-banged
/// GPIO): the bytes going out, the bytes coming back and the sensor levels they carry. All
/// preallocated, so a tick allocates nothing.
struct ShiftRegisterTransfer {
  let layout: ShiftRegisterLayout
  /// The coil patterns in wire order, for the next transfer.
  private(set) var out: [UInt8]
  /// What the 165s shift in during a transfer.
  var back: [UInt8]
  private var levels: [Bool]
  private let sensorActiveLevel: Bool

  init(moduleCount: Int, sensorActiveLevel: Bool) {
    layout = ShiftRegisterLayout(moduleCount: moduleCount)
    out = Array(repeating: 0, count: layout.transferLength)
    back = Array(repeating: 0, count: layout.transferLength)
    levels = Array(repeating: false, count: moduleCount)
    self.sensorActiveLevel = sensorActiveLevel
  }

  /// Puts the coil patterns in wire order into `out`.
  mutating func load(_ patterns: [UInt8]) {
    layout.encode(patterns, into: &out)
  }

  /// Hands `body` the bytes to send and the buffer to receive into, for one full-duplex
  /// transfer.
  mutating func exchange(
    _ body: (UnsafeRawBufferPointer, UnsafeMutableRawBufferPointer) throws(HALError) -> Void
  ) throws(HALError) {
    // A second reference to `out`'s storage (no copy), so reading it while `back` is being
    // written is not an overlapping access to `self`.
    let out = self.out
    try out.withBytes { (write) throws(HALError) in
      try back.withMutableBytes { (read) throws(HALError) in try body(write, read) }
    }
  }

  /// Reads the sensor levels out of `back`, once a transfer has succeeded.
  mutating func received() {
    layout.decode(back, levels: &levels)
  }

  /// The sensors as the last successful transfer captured them (just before its coils changed).
  func readSensors(into active: inout [Bool]) {
    for module in levels.indices { active[module] = levels[module] == sensorActiveLevel }
  }
}
