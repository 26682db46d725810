#if I2C
  import ClackHAL
  import ClackLinuxHAL

  /// Checks of LinuxI2CBus against i2c-stub (an SMBus-only adapter that emulates chips with 256
  /// registers): byte, word and block transfers, chunked long writes and missing addresses.
  func runI2CChecks(
    _ runner: CheckRunner, adapterName: String, address: UInt8, second: UInt8, missing: UInt8
  ) {
    var bus: LinuxI2CBus?
    runner.check("i2c: bus found by adapter name, capabilities read at open") {
      let opened = try LinuxI2CBus.open(adapterNamed: adapterName)
      print("INFO \(opened.name): \(opened.capabilities.summary)")
      try expect(
        opened.capabilities.contains(.smbusByteData)
          && opened.capabilities.contains(.smbusI2CBlock), "missing SMBus support")
      try expect(!opened.capabilities.contains(.plainI2C), "i2c-stub should be SMBus-only")
      bus = opened
    }
    guard let bus, let device = try? I2CDevice(bus: bus, address: address) else { return }

    runner.check("i2c: SMBus byte write lands and reads back") {
      try device.writeByte(register: 0x10, 0xA5)
      try device.writeByte(register: 0x11, 0x3C)
      try expect(try device.readByte(register: 0x10) == 0xA5, "register 0x10 is not 0xa5")
      try expect(try device.readByte(register: 0x11) == 0x3C, "register 0x11 is not 0x3c")
    }

    runner.check("i2c: byte and block transfers into lent buffers allocate nothing") {
      var block = [UInt8](repeating: 0, count: 13)
      let allocations = try countAllocations(times: 1000) { index in
        try device.writeByte(register: 0x30, UInt8(truncatingIfNeeded: index))
        _ = try device.readByte(register: 0x30)
        try device.writeBlock(register: 0x60, from: &block)
        try device.readBlock(register: 0x60, into: &block)
      }
      try expect(allocations == 0, "1000 rounds of transfers allocated \(allocations) times")
    }

    runner.check("i2c: SMBus word write lands and reads back") {
      try device.writeWord(register: 0x20, 0xBEEF)
      try expect(try device.readWord(register: 0x20) == 0xBEEF, "word at 0x20 is not 0xbeef")
      // i2c-stub keeps a 16-bit word per register; a byte read sees its low half.
      try expect(try device.readByte(register: 0x20) == 0xEF, "byte at 0x20 is not 0xef")
    }

    runner.check("i2c: SMBus block write lands in consecutive registers") {
      let bytes = (1...16).map { UInt8($0 * 3) }
      try device.writeBlock(register: 0x40, bytes)
      try expect(try device.readBlock(register: 0x40, count: 16) == bytes, "block read differs")
      for (index, byte) in bytes.enumerated() {
        let read = try device.readByte(register: 0x40 + UInt8(index))
        try expect(read == byte, "register \(hex(0x40 + UInt8(index))) is \(read), want \(byte)")
      }
    }

    runner.check("i2c: a 40-byte write is chunked on an SMBus-only adapter") {
      let bytes = (0..<40).map { UInt8(truncatingIfNeeded: 200 - $0 * 5) }
      let plan = try I2CChunking.plan(start: 0x80, count: bytes.count, device: bus.name)
      try expect(plan.count == 2 && plan[1].register == 0xA0, "unexpected chunk plan \(plan)")
      try device.writeRegisters(start: 0x80, bytes)
      for (index, byte) in bytes.enumerated() {
        let read = try device.readByte(register: 0x80 + UInt8(index))
        try expect(read == byte, "register \(hex(0x80 + UInt8(index))) is \(read), want \(byte)")
      }
      try expect(try device.readRegisters(start: 0x80, count: 40) == bytes, "chunked read differs")
    }

    runner.check("i2c: a second address is a separate device") {
      let other = try I2CDevice(bus: bus, address: second)
      try other.writeByte(register: 0x10, 0x77)
      try expect(
        try device.readByte(register: 0x10) == 0xA5,
        "writing \(hex(second)) changed \(hex(address))")
      try expect(try other.readByte(register: 0x10) == 0x77, "\(hex(second)) did not keep its byte")
    }

    runner.check("i2c: a missing address gives 'no device answered'") {
      let absent = try I2CDevice(bus: bus, address: missing)
      let error = try expectHALError(.noAcknowledge) { _ = try absent.readByte(register: 0) }
      try expect(
        error.message.contains("no device answered at \(hex(missing)) on \(bus.name)"),
        "message: \(error.message)")
      print("INFO \(error.message)")
    }

    runner.check("i2c: a plain transfer is refused on an SMBus-only adapter") {
      let error = try expectHALError(.unsupported) { try device.write([0x00, 0x01]) }
      try expect(error.message.contains("plain I2C"), "message: \(error.message)")
    }

    runner.check("i2c: a missing bus lists the buses present") {
      let error = try expectHALError(.notFound) { _ = try LinuxI2CBus(path: "/dev/i2c-99") }
      try expect(
        error.message.contains(bus.name), "the present bus is not listed: \(error.message)")
    }
  }
#endif
