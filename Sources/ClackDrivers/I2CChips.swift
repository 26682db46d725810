import ClackHAL

/// The chips of an I2C pixel panel: a device per chip, whether the adapter can do plain
/// transfers, and how to run one chip's bus operations so that a failure becomes that chip's
/// fault rather than the panel's.
struct I2CChips<Bus: I2CBus> {
  let devices: [I2CDevice<Bus>]
  let plainTransfers: Bool

  /// Refuses an adapter that cannot do what `usable` asks, naming what the chip (`needs`)
  /// needs and what the adapter has.
  init(
    bus: Bus, addresses: [UInt8], needs: String, usable: (I2CCapabilities) -> Bool
  ) throws(HALError) {
    guard usable(bus.capabilities) else {
      throw HALError.unsupported(
        needs, bus: bus.name, address: addresses.first ?? 0, capabilities: bus.capabilities)
    }
    var devices: [I2CDevice<Bus>] = []
    for address in addresses { devices.append(try I2CDevice(bus: bus, address: address)) }
    self.devices = devices
    plainTransfers = bus.capabilities.contains(.plainI2C)
  }

  /// Writes `message` to chip `index`: its first byte is the register, the rest the bytes from
  /// it. One plain transfer when the adapter can, else I2C-block writes of up to 32 bytes, the
  /// register advancing. From the caller's buffer: nothing is allocated.
  func write(_ index: Int, _ message: inout [UInt8]) throws(HALError) {
    let device = devices[index]
    let plain = plainTransfers
    try message.withMutableBytes { (buffer) throws(HALError) in
      if plain {
        try device.bus.transfer(
          address: device.address, write: UnsafeRawBufferPointer(buffer),
          read: .init(start: nil, count: 0))
        return
      }
      let register = buffer[0]
      var offset = 1
      while offset < buffer.count {
        let count = min(32, buffer.count - offset)
        _ = try device.bus.smbus(
          address: device.address,
          .writeI2CBlock(register: register &+ UInt8(offset - 1), count: count),
          buffer: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]))
        offset += count
      }
    }
  }

  /// Reads `buffer.count` (at most 32) bytes from chip `index`'s registers from `register`
  /// into the caller's buffer: a plain write-then-read when the adapter can, else one
  /// I2C-block read. Nothing is allocated.
  func read(_ index: Int, register: UInt8, into buffer: inout [UInt8]) throws(HALError) {
    let device = devices[index]
    let plain = plainTransfers
    try buffer.withMutableBytes { (read) throws(HALError) in
      if plain {
        try withUnsafeBytes(of: register) { (write) throws(HALError) in
          try device.bus.transfer(address: device.address, write: write, read: read)
        }
      } else {
        _ = try device.bus.smbus(
          address: device.address, .readI2CBlock(register: register, count: read.count),
          buffer: read)
      }
    }
  }

  /// Runs chip `index`'s operations; its fault when one fails.
  func run(_ index: Int, _ body: (I2CDevice<Bus>) throws(HALError) -> Void) -> ChipFault? {
    do {
      try body(devices[index])
      return nil
    } catch {
      return ChipFault(chip: index, address: devices[index].address, error: error)
    }
  }
}
