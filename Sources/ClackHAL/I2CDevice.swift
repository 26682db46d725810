/// One device on an I2C bus: the convenient operations drivers use, built on the bus's two
/// primitives.
public struct I2CDevice<Bus: I2CBus> {
  public let bus: Bus
  public let address: UInt8

  /// The largest SMBus I2C-block transfer.
  public static var maxBlock: Int { 32 }

  public init(bus: Bus, address: UInt8) throws(HALError) {
    guard validI2CAddresses.contains(address) else {
      throw HALError(
        kind: .invalidArgument, device: bus.name,
        message: "\(hex(address)) is not a usable 7-bit I2C address (0x08-0x77)")
    }
    self.bus = bus
    self.address = address
  }

  public func readByte(register: UInt8) throws(HALError) -> UInt8 {
    UInt8(
      truncatingIfNeeded: try bus.smbus(
        address: address, .readByteData(register: register), buffer: .init(start: nil, count: 0)))
  }

  public func writeByte(register: UInt8, _ value: UInt8) throws(HALError) {
    _ = try bus.smbus(
      address: address, .writeByteData(register: register, value: value),
      buffer: .init(start: nil, count: 0))
  }

  /// SMBus words are little-endian on the wire.
  public func readWord(register: UInt8) throws(HALError) -> UInt16 {
    try bus.smbus(
      address: address, .readWordData(register: register), buffer: .init(start: nil, count: 0))
  }

  public func writeWord(register: UInt8, _ value: UInt16) throws(HALError) {
    _ = try bus.smbus(
      address: address, .writeWordData(register: register, value: value),
      buffer: .init(start: nil, count: 0))
  }

  /// Reads 1–32 bytes from consecutive registers with one I2C-block read.
  public func readBlock(register: UInt8, count: Int) throws(HALError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    try readBlock(register: register, into: &bytes)
    return bytes
  }

  /// Reads `bytes.count` (1–32) bytes from consecutive registers into `bytes`, with one
  /// I2C-block read and no allocation: for reads made every tick.
  public func readBlock(register: UInt8, into bytes: inout [UInt8]) throws(HALError) {
    try block(.readI2CBlock(register: register, count: bytes.count), &bytes)
  }

  /// Writes 1–32 bytes to consecutive registers with one I2C-block write.
  public func writeBlock(register: UInt8, _ bytes: [UInt8]) throws(HALError) {
    var copy = bytes
    try writeBlock(register: register, from: &copy)
  }

  /// Writes `bytes` (1–32 of them) like `writeBlock(register:_:)`, without allocating: the
  /// array is lent, not copied (the SMBus call takes a mutable buffer), for writes made while
  /// the board runs.
  public func writeBlock(register: UInt8, from bytes: inout [UInt8]) throws(HALError) {
    try block(.writeI2CBlock(register: register, count: bytes.count), &bytes)
  }

  /// One I2C-block transaction of `bytes.count` bytes, in or out of `bytes`.
  private func block(_ transaction: SMBusTransaction, _ bytes: inout [UInt8]) throws(HALError) {
    try checkBlock(bytes.count)
    try bytes.withMutableBytes { (buffer) throws(HALError) in
      _ = try bus.smbus(address: address, transaction, buffer: buffer)
    }
  }

  /// Writes any number of bytes to consecutive registers from `register`: one plain transfer
  /// when the adapter can, otherwise I2C-block writes of at most 32 bytes, the register
  /// advancing with each (SMBus-only adapters such as i2c-stub and some SoCs).
  public func writeRegisters(start register: UInt8, _ bytes: [UInt8]) throws(HALError) {
    let chunks = try I2CChunking.plan(start: register, count: bytes.count, device: bus.name)
    if bus.capabilities.contains(.plainI2C) {
      let message = [register] + bytes
      try message.withBytes { (write) throws(HALError) in
        try bus.transfer(address: address, write: write, read: .init(start: nil, count: 0))
      }
      return
    }
    for chunk in chunks {
      try writeBlock(register: chunk.register, Array(bytes[chunk.range]))
    }
  }

  /// Reads any number of bytes from consecutive registers, chunked like `writeRegisters`.
  public func readRegisters(start register: UInt8, count: Int) throws(HALError) -> [UInt8] {
    let chunks = try I2CChunking.plan(start: register, count: count, device: bus.name)
    if bus.capabilities.contains(.plainI2C) {
      var bytes = [UInt8](repeating: 0, count: count)
      try bytes.withMutableBytes { (read) throws(HALError) in
        try [register].withBytes { (write) throws(HALError) in
          try bus.transfer(address: address, write: write, read: read)
        }
      }
      return bytes
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    for chunk in chunks {
      bytes += try readBlock(register: chunk.register, count: chunk.range.count)
    }
    return bytes
  }

  /// A one-byte command (no register), such as the HT16K33's: a plain write when the adapter
  /// can, else an SMBus "send byte".
  public func command(_ byte: UInt8) throws(HALError) {
    if bus.capabilities.contains(.plainI2C) {
      try withUnsafeBytes(of: byte) { (write) throws(HALError) in
        try bus.transfer(address: address, write: write, read: .init(start: nil, count: 0))
      }
    } else {
      _ = try bus.smbus(address: address, .sendByte(byte), buffer: .init(start: nil, count: 0))
    }
  }

  /// One byte from where the device's pointer is (no register): a plain one-byte read when
  /// the adapter can, else an SMBus "receive byte".
  public func receiveByte() throws(HALError) -> UInt8 {
    if bus.capabilities.contains(.plainI2C) { return try read(count: 1)[0] }
    let value = try bus.smbus(address: address, .receiveByte, buffer: .init(start: nil, count: 0))
    return UInt8(truncatingIfNeeded: value)
  }

  /// A plain write (no register), for devices that take raw commands, such as the HT16K33.
  public func write(_ bytes: [UInt8]) throws(HALError) {
    try bytes.withBytes { (write) throws(HALError) in
      try bus.transfer(address: address, write: write, read: .init(start: nil, count: 0))
    }
  }

  /// A plain write of two bytes (no register), without allocating: an expander's two ports,
  /// written every tick.
  public func write(_ first: UInt8, _ second: UInt8) throws(HALError) {
    let bytes = (first, second)
    try withUnsafeBytes(of: bytes) { write in
      Result { () throws(HALError) in
        try bus.transfer(address: address, write: write, read: .init(start: nil, count: 0))
      }
    }.get()
  }

  /// A plain read of two bytes (no register), without allocating: an expander's two ports,
  /// read every tick.
  public func readTwoBytes() throws(HALError) -> (UInt8, UInt8) {
    var bytes: (UInt8, UInt8) = (0, 0)
    try withUnsafeMutableBytes(of: &bytes) { read in
      Result { () throws(HALError) in
        try bus.transfer(address: address, write: .init(start: nil, count: 0), read: read)
      }
    }.get()
    return bytes
  }

  /// A plain read (no register) of `count` bytes.
  public func read(count: Int) throws(HALError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    try bytes.withMutableBytes { (read) throws(HALError) in
      try bus.transfer(address: address, write: .init(start: nil, count: 0), read: read)
    }
    return bytes
  }

  private func checkBlock(_ count: Int) throws(HALError) {
    guard (1...Self.maxBlock).contains(count) else {
      throw HALError(
        kind: .invalidArgument, device: bus.name,
        message: "an I2C block transfer to \(hex(address)) moves 1-32 bytes, not \(count)")
    }
  }
}

/// Splits a long register write into I2C-block transfers.
public enum I2CChunking {
  public struct Chunk: Sendable, Hashable {
    public let register: UInt8
    /// The bytes of the whole write this chunk carries.
    public let range: Range<Int>
  }

  /// Chunks of at most `maxChunk` bytes covering `count` bytes from register `start`. Fails
  /// when the write would run past register 0xFF or is empty.
  public static func plan(
    start: UInt8, count: Int, maxChunk: Int = 32, device: String
  ) throws(HALError) -> [Chunk] {
    guard count > 0 else {
      throw HALError(
        kind: .invalidArgument, device: device,
        message: "an I2C register write needs at least one byte")
    }
    guard Int(start) + count <= 256 else {
      throw HALError(
        kind: .invalidArgument, device: device,
        message: "\(count) bytes from register \(hex(start)) run past register 0xff")
    }
    return stride(from: 0, to: count, by: maxChunk).map { offset in
      Chunk(register: start + UInt8(offset), range: offset..<min(count, offset + maxChunk))
    }
  }
}
