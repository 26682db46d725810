import Testing

@testable import ClackHAL

/// A bus that records what it is asked to do and keeps 256 registers per address, to check how
/// I2CDevice turns long writes into transfers on each kind of adapter.
final class RecordingBus: I2CBus {
  let name = "/dev/i2c-test"
  let capabilities: I2CCapabilities
  var registers = [UInt8](repeating: 0, count: 256)
  var log: [String] = []

  init(capabilities: I2CCapabilities) {
    self.capabilities = capabilities
  }

  func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer)
    throws(HALError)
  {
    log.append("transfer w\(write.count) r\(read.count)")
    guard let register = write.first else { return }
    for (index, byte) in write.dropFirst().enumerated() { registers[Int(register) + index] = byte }
    for index in 0..<read.count { read[index] = registers[Int(register) + index] }
  }

  func smbus(address: UInt8, _ transaction: SMBusTransaction, buffer: UnsafeMutableRawBufferPointer)
    throws(HALError) -> UInt16
  {
    switch transaction {
    case .writeI2CBlock(let register, let count):
      log.append("block-write \(hex(register)) \(count)")
      for index in 0..<count { registers[Int(register) + index] = buffer[index] }
    case .readI2CBlock(let register, let count):
      log.append("block-read \(hex(register)) \(count)")
      for index in 0..<count { buffer[index] = registers[Int(register) + index] }
    case .readByteData(let register): return UInt16(registers[Int(register)])
    case .writeByteData(let register, let value): registers[Int(register)] = value
    default: break
    }
    return 0
  }
}

@Suite struct I2CDeviceTests {
  let bytes = (0..<40).map { UInt8($0 + 1) }

  @Test func longWritesAreChunkedOnSMBusOnlyAdapters() throws {
    let bus = RecordingBus(capabilities: [.smbusByteData, .smbusI2CBlock])
    let device = try I2CDevice(bus: bus, address: 0x74)
    try device.writeRegisters(start: 0x24, bytes)
    #expect(bus.log == ["block-write 0x24 32", "block-write 0x44 8"])
    #expect(Array(bus.registers[0x24..<0x4C]) == bytes)
    #expect(try device.readRegisters(start: 0x24, count: 40) == bytes)
  }

  @Test func longWritesAreOneTransferWhenTheAdapterCan() throws {
    let bus = RecordingBus(capabilities: [.plainI2C, .smbusI2CBlock])
    let device = try I2CDevice(bus: bus, address: 0x74)
    try device.writeRegisters(start: 0x24, bytes)
    #expect(bus.log == ["transfer w41 r0"])
    #expect(try device.readRegisters(start: 0x24, count: 40) == bytes)
  }

  @Test func blocksOver32BytesAndReservedAddressesAreRefused() throws {
    let bus = RecordingBus(capabilities: [.smbusI2CBlock])
    let device = try I2CDevice(bus: bus, address: 0x20)
    #expect(throws: HALError.self) {
      try device.writeBlock(register: 0, Array(repeating: 0, count: 33))
    }
    #expect(throws: HALError.self) { try I2CDevice(bus: bus, address: 0x03) }
    #expect(throws: HALError.self) { try I2CDevice(bus: bus, address: 0x78) }
    #expect(bus.log.isEmpty)
  }
}

@Suite struct GPIORequestTests {
  @Test func validRequestsPass() throws {
    let request = GPIOLineRequest(
      chip: .label("x"), consumer: "t", lines: [.output(4), .input(2, edge: .both), .output(9)])
    #expect(throws: Never.self) { try request.validate(device: "/dev/gpiochip0") }
  }

  @Test func badRequestsAreRefusedBeforeReachingTheKernel() {
    let cases: [[GPIOLineConfig]] = [
      [],
      [.output(1), .output(1)],
      [
        GPIOLineConfig(
          offset: 3, direction: .output, bias: .asIs, edge: .rising, initialValue: false)
      ],
      (0..<65).map { .output(UInt32($0)) },
    ]
    for lines in cases {
      #expect(throws: HALError.self) {
        try GPIOLineRequest(chip: .path("/dev/gpiochip0"), consumer: "t", lines: lines).validate(
          device: "/dev/gpiochip0")
      }
    }
  }
}
