#if I2C
  import ClackCore
  import ClackDrivers
  import ClackHAL
  import ClackLinuxHAL

  /// The HT16K33 driver against i2c-stub: its writes land in the stub's registers as the
  /// datasheet says. The stub keeps 256 registers per address and takes an SMBus "send byte"
  /// as its pointer, so display RAM is registers 0x00–0x0F and the last command sent can be
  /// read back with a "receive byte" (the register at that pointer, marked beforehand).
  func runHT16K33Checks(_ runner: CheckRunner, adapterName: String, address: UInt8) {
    guard let bus = try? LinuxI2CBus.open(adapterNamed: adapterName),
      let raw = try? I2CDevice(bus: bus, address: address),
      let panel = try? HT16K33Panel(
        bus: bus, chips: [.init(address: address, backpack: .matrix16x8)],
        geometry: PanelGeometry(width: 16, height: 8))
    else {
      runner.check("ht16k33: open the panel on \(adapterName)") {
        throw CheckFailure("cannot open an HT16K33 panel at \(hex(address))")
      }
      return
    }
    let zeros = [UInt8](repeating: 0, count: 16)
    var picture = PixelCanvas(width: 16, height: 8)
    for (x, y) in [(0, 0), (8, 3), (15, 7), (3, 5)] { picture[x, y] = 255 }
    // The datasheet's RAM map: row (COM) y is bytes 2y (ROW0–7) and 2y+1 (ROW8–15), ROW n
    // bit n % 8.
    var expected = zeros
    expected[0] |= 0x01  // (0, 0): COM0, ROW0
    expected[7] |= 0x01  // (8, 3): COM3, ROW8
    expected[15] |= 0x80  // (15, 7): COM7, ROW15
    expected[10] |= 0x08  // (3, 5): COM5, ROW3

    runner.check("ht16k33: start-up clears display RAM, then the last command is display on") {
      // Display RAM powers up random: garbage stands in for it. 0x81 is marked.
      try raw.writeBlock(register: 0x00, [UInt8](repeating: 0xFF, count: 16))
      try raw.writeByte(register: 0x81, 0x5A)
      panel.start(brightness: 5)
      try expect(panel.faultLines.isEmpty, "start failed: \(panel.faultLines)")
      try expect(try raw.receiveByte() == 0x5A, "the last command sent was not 0x81")
      let ram = try raw.readBlock(register: 0x00, count: 16)
      try expect(ram == zeros, "display RAM is \(ram.map(hex)), not cleared")
    }

    runner.check("ht16k33: a picture lands in display RAM as the datasheet maps it") {
      panel.show(picture)
      let ram = try raw.readBlock(register: 0x00, count: 16)
      try expect(ram == expected, "display RAM is \(ram.map(hex)), want \(expected.map(hex))")
    }

    runner.check("ht16k33: dimming is the command 0xE0 | level") {
      try raw.writeByte(register: 0xE3, 0x33)
      panel.setBrightness(3)
      try expect(try raw.receiveByte() == 0x33, "the dimming command was not 0xe3")
    }

    runner.check("ht16k33: an unchanged picture is not written again; a changed one is") {
      try raw.writeByte(register: 0x00, 0x77)  // a mark the next write would overwrite
      panel.show(picture)
      try expect(try raw.readByte(register: 0x00) == 0x77, "the same picture was written again")
      picture[0, 0] = 0
      panel.show(picture)
      var now = expected
      now[0] = 0
      let ram = try raw.readBlock(register: 0x00, count: 16)
      try expect(ram == now, "display RAM is \(ram.map(hex)), want \(now.map(hex))")
    }
  }
#endif
