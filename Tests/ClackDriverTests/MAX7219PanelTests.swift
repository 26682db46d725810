import ClackCore
import ClackDrivers
import ClackHAL
import ClackSimHAL
import Testing

/// The MAX7219 cascade driver against the register-level chain model: the start-up order,
/// known text on every mounting and chain order it is told about, one transfer per changed row
/// for the whole cascade, and brightness.
@Suite struct MAX7219PanelTests {
  struct Rig {
    let model: MAX7219ChainModel
    let spi: SimulatedSPIDevice
    let panel: MAX7219Panel<SimulatedSPIDevice>

    func seen() -> PixelCanvas {
      var canvas = PixelCanvas(width: model.width, height: 8)
      for y in 0..<8 {
        for x in 0..<model.width where model.seen(x: x, y: y) > 0 { canvas[x, y] = 255 }
      }
      return canvas
    }
  }

  static func rig(mounting: Int = 0, firstOnLeft: Bool = false, driverRotation: Int? = nil)
    -> Rig
  {
    let model = MAX7219ChainModel(blocks: 4, mounting: mounting, firstOnLeft: firstOnLeft)
    let spi = SimulatedSPIDevice(
      name: "/dev/spidev0.0", config: SPIConfig(speedHz: 10_000_000), peripheral: model,
      clock: VirtualClock(), log: TransactionLog())
    let panel = MAX7219Panel(
      spi: spi, blocks: 4, blockRotation: driverRotation ?? mounting, firstOnLeft: firstOnLeft)
    return Rig(model: model, spi: spi, panel: panel)
  }

  @Test func startUpLeavesShutdownLastWithEveryDigitBlank() {
    let rig = Self.rig()
    #expect(rig.seen().pixels.allSatisfy { $0 == 0 }, "at power-up the chips are shut down")
    rig.panel.start(brightness: 5)
    for chip in rig.model.chips.indices {
      let words = rig.model.latched[chip]
      #expect(words.map(\.0) == [0x0B, 0x09, 0x0F, 0x0A, 1, 2, 3, 4, 5, 6, 7, 8, 0x0C])
      #expect(words.map(\.1) == [7, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    }
    #expect(rig.seen().pixels.allSatisfy { $0 == 0 }, "on, and blank")
    #expect(rig.spi.log.entries.count == 13, "one transfer per register for the whole cascade")
  }

  @Test(arguments: [0, 90, 180, 270], [false, true])
  func textIsUprightOnEveryMountingTheBoardNames(mounting: Int, firstOnLeft: Bool) throws {
    let rig = Self.rig(mounting: mounting, firstOnLeft: firstOnLeft)
    rig.panel.start()
    let picture = try HT16K33PanelTests.text("CLACK", width: 32, height: 8)
    rig.panel.show(picture)
    #expect(rig.panel.fault == nil)
    #expect(rig.seen() == picture)
  }

  @Test func aBoardFileThatNamesTheWrongMountingShowsTheTextWrong() throws {
    let rig = Self.rig(mounting: 90, driverRotation: 0)
    rig.panel.start()
    let picture = try HT16K33PanelTests.text("CLACK", width: 32, height: 8)
    rig.panel.show(picture)
    #expect(rig.seen() != picture, "the model's mounting is real: the driver must be told")
  }

  @Test func onlyRowsThatChangeAreWrittenOneTransferEach() throws {
    let rig = Self.rig()
    rig.panel.start()
    var picture = try HT16K33PanelTests.text("HI", width: 32, height: 8)
    rig.panel.show(picture)
    let before = rig.spi.log.entries.count
    rig.panel.show(picture)
    #expect(rig.panel.lastWriteCount == 0 && rig.spi.log.entries.count == before)
    picture[30, 2] = 255
    rig.panel.show(picture)
    #expect(rig.panel.lastWriteCount == 1)
    let sent = rig.spi.log.entries.dropFirst(before).map(\.bytes)
    #expect(sent.count == 1 && sent.first?.count == 8, "one 16-bit word per chip")
    let words = sent.first ?? []
    #expect(
      stride(from: 0, to: words.count, by: 2).map { words[$0] } == [3, 3, 3, 3], "digit row 3")
    #expect(rig.seen() == picture)
  }

  @Test func brightnessIsTheIntensityDuty() {
    let rig = Self.rig()
    rig.panel.start()
    var picture = PixelCanvas(width: 32, height: 8)
    picture[0, 0] = 255
    rig.panel.show(picture)
    rig.panel.setBrightness(3)
    #expect(rig.model.seen(x: 0, y: 0) == UInt8(7 * 255 / 32))
  }
}

/// The same cascade bit-banged on three simulated GPIO lines: the model shifts on CLK's rising
/// edges and latches on LOAD's, as the datasheet says (the MAX7219 shifts whatever LOAD does).
@Suite struct MAX7219BitBangTests {
  @Test func textOverGPIOLooksAsOverSPIWithTwoLineWritesABit() throws {
    let chip = SimulatedGPIOChip(path: "/dev/gpiochip0", label: "pinctrl-bcm2711", lineCount: 28)
    let model = MAX7219ChainModel(blocks: 4)
    model.connectBitBang(on: chip, data: 17, clock: 27, load: 22)
    let log = TransactionLog()
    let gpio = SimulatedGPIO(chips: [chip], clock: VirtualClock(), log: log)
    let spi = try BitBangSPI(
      controller: gpio, chip: .label("pinctrl-bcm2711"), data: 17, clock: 27, select: 22)
    let panel = MAX7219Panel(spi: spi, blocks: 4)
    panel.start(brightness: 5)
    let text = try HT16K33PanelTests.text("HELLO", width: 32, height: 8)
    log.clear()
    panel.show(text)
    var seen = PixelCanvas(width: 32, height: 8)
    for y in 0..<8 { for x in 0..<32 where model.seen(x: x, y: y) > 0 { seen[x, y] = 255 } }
    #expect(seen == text)
    // Each changed row is one transfer of 4 words: 64 bits, two line writes each (data, then
    // the clock's rising edge), one to select and two to latch.
    let writes = log.entries.count
    #expect(writes > 0 && writes % (64 * 2 + 3) == 0, "\(writes) line writes")
    #expect(model.chips.allSatisfy { $0.on && $0.intensity == 5 })
  }
}
