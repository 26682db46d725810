import ClackCore
import ClackDrivers
import ClackHAL
import ClackSimHAL
import Testing

/// The HT16K33 driver against the register-level model: start-up order, what a person sees
/// for known pictures on tiled, rotated panels, only changed chips written, brightness, and a
/// missing chip that leaves the rest working.
@Suite struct HT16K33PanelTests {
  struct Rig {
    let bus: SimulatedI2CBus
    let models: [UInt8: HT16K33Model]
    let panel: HT16K33Panel<SimulatedI2CBus>

    /// What the panel shows, read from the models' registers: a canvas in picture
    /// coordinates.
    func seen() -> PixelCanvas {
      let geometry = panel.geometry
      var canvas = PixelCanvas(width: geometry.canvasWidth, height: geometry.canvasHeight)
      for chip in panel.chips {
        guard let model = models[chip.address] else { continue }
        for y in 0..<model.backpack.height {
          for x in 0..<model.backpack.width where model.seen(x: x, y: y) > 0 {
            let point = geometry.canvasPoint(x: chip.x + x, y: chip.y + y)
            canvas[point.x, point.y] = 255
          }
        }
      }
      return canvas
    }
  }

  static func rig(
    chips: [HT16K33Panel<SimulatedI2CBus>.Chip], geometry: PanelGeometry,
    missing: Set<UInt8> = [], capabilities: I2CCapabilities? = nil
  ) throws -> Rig {
    let bus = simulatedI2CBus(capabilities)
    var models: [UInt8: HT16K33Model] = [:]
    for chip in chips where !missing.contains(chip.address) {
      let backpack: HT16K33Model.Backpack =
        switch chip.backpack {
        case .matrix16x8: .matrix16x8
        case .matrix8x8: .matrix8x8
        case .bicolor8x8: .bicolor8x8
        }
      let model = HT16K33Model(backpack: backpack, seed: UInt64(chip.address))
      bus.attach(model, at: chip.address)
      models[chip.address] = model
    }
    let panel = try HT16K33Panel(bus: bus, chips: chips, geometry: geometry)
    return Rig(bus: bus, models: models, panel: panel)
  }

  /// Four 8×8 backpacks side by side: a 32×8 panel.
  static let fourChips = (0..<4).map {
    HT16K33Panel<SimulatedI2CBus>.Chip(address: 0x70 + UInt8($0), backpack: .matrix8x8, x: $0 * 8)
  }

  static func text(_ text: String, width: Int, height: Int) throws -> PixelCanvas {
    let grid = try PixelGrid(width: width, height: height, font: .builtin5x7)
    let frame = try TextLayout(rows: grid.rows, cols: grid.cols, flapSet: grid.symbolSet())
      .layout(text).frame
    var canvas = PixelCanvas(width: width, height: height)
    grid.draw(frame, into: &canvas)
    return canvas
  }

  @Test func startUpClearsTheRandomRAMBeforeTheDisplayGoesOn() throws {
    let rig = try Self.rig(
      chips: [.init(address: 0x70)], geometry: PanelGeometry(width: 16, height: 8))
    let model = try #require(rig.models[0x70])
    #expect(model.ram.contains { $0 != 0 }, "the RAM powers up random")
    rig.panel.start(brightness: 9)
    #expect(model.commands == [0x21, 0x00, 0xE9, 0x81], "oscillator, RAM, dimming, display on")
    #expect(model.ram == Array(repeating: 0, count: 16))
    #expect(model.displayOn && model.oscillatorOn && model.blink == 0 && model.dimming == 9)
  }

  @Test func textOnFourTiledEightByEightBackpacksLooksRight() throws {
    let rig = try Self.rig(chips: Self.fourChips, geometry: PanelGeometry(width: 32, height: 8))
    rig.panel.start()
    let picture = try Self.text("CLACK", width: 32, height: 8)
    rig.panel.show(picture)
    #expect(rig.panel.faults.allSatisfy { $0 == nil })
    #expect(rig.seen() == picture)
    // The 8×8 backpack's rotated columns: LED column 0 of chip 0 is its ROW 7.
    let chip0 = try #require(rig.models[0x70])
    #expect(chip0.ramBit(x: 1, y: 0) == picture.isLit(x: 1, y: 0))
    #expect((chip0.ram[0] >> 0) & 1 == (picture.isLit(x: 1, y: 0) ? 1 : 0), "column 1 is ROW 0")
  }

  @Test(arguments: PanelGeometry.Rotation.allCases)
  func aRotatedPanelStillShowsThePictureUpright(rotation: PanelGeometry.Rotation) throws {
    let geometry = PanelGeometry(width: 16, height: 16, rotation: rotation, mirrorX: true)
    let chips: [HT16K33Panel<SimulatedI2CBus>.Chip] = [
      .init(address: 0x70, x: 0, y: 0), .init(address: 0x71, x: 0, y: 8),
    ]
    let rig = try Self.rig(chips: chips, geometry: geometry)
    rig.panel.start()
    var picture = PixelCanvas(width: 16, height: 16)
    PixelTextRenderer(font: .builtin5x7).draw("L7", into: &picture, x: 1, baseline: 10)
    rig.panel.show(picture)
    #expect(rig.seen() == picture)
    // The first LED of the panel shows the picture's point its geometry names, not (0, 0).
    let model = try #require(rig.models[0x70])
    let point = geometry.canvasPoint(x: 0, y: 0)
    #expect(model.ramBit(x: 0, y: 0) == picture.isLit(x: point.x, y: point.y))
  }

  @Test(arguments: [nil, I2CCapabilities([.smbusByte, .smbusI2CBlock])])
  func readBackReportsWhatTheChipsHoldNotWhatWasSent(capabilities: I2CCapabilities?) throws {
    let rig = try Self.rig(
      chips: Self.fourChips, geometry: PanelGeometry(width: 32, height: 8, rotation: .half),
      capabilities: capabilities)
    rig.panel.start(brightness: 6)
    let text = try Self.text("HELLO", width: 32, height: 8)
    rig.panel.show(text)
    var back = PixelCanvas(width: 32, height: 8, depth: .grey)
    #expect(rig.panel.readBack(into: &back))
    #expect(back.pixels.map { $0 > 0 } == text.pixels.map { $0 > 0 })
    #expect(Set(back.pixels.filter { $0 > 0 }) == [UInt8(7 * 255 / 16)], "lit at duty 7/16")
    // Something else writes chip 0x71's first row (COM0) full: the read-back shows it.
    let device = try I2CDevice(bus: rig.bus, address: 0x71)
    try device.writeBlock(register: 0x00, [0xFF])
    #expect(rig.panel.readBack(into: &back))
    // Turned 180°: that chip's COM0 is the picture's bottom row, x 16–23 (the text leaves the
    // bottom row dark).
    #expect((0..<32).filter { back.isLit(x: $0, y: 7) } == Array(16..<24))
  }

  @Test func onlyChipsThatChangeAreWritten() throws {
    let rig = try Self.rig(chips: Self.fourChips, geometry: PanelGeometry(width: 32, height: 8))
    rig.panel.start()
    var picture = try Self.text("HI", width: 32, height: 8)
    rig.panel.show(picture)
    rig.bus.log.isEnabled = true
    let before = rig.bus.log.entries.count
    rig.panel.show(picture)
    #expect(rig.panel.lastWriteCount == 0 && rig.bus.log.entries.count == before)
    picture[20, 3] = 255
    rig.panel.show(picture)
    #expect(rig.panel.lastWriteCount == 1)
    #expect(rig.bus.log.entries.dropFirst(before).compactMap(\.address) == [0x72])
    #expect(rig.seen() == picture)
  }

  @Test func brightnessIsTheDimmingDuty() throws {
    let rig = try Self.rig(
      chips: [.init(address: 0x70)], geometry: PanelGeometry(width: 16, height: 8))
    rig.panel.start()
    var picture = PixelCanvas(width: 16, height: 8)
    picture[3, 3] = 255
    rig.panel.show(picture)
    rig.panel.setBrightness(7)
    #expect(rig.models[0x70]?.seen(x: 3, y: 3) == UInt8(8 * 255 / 16))
  }

  @Test func aMissingChipIsAFaultAndTheRestKeepWorking() throws {
    let rig = try Self.rig(
      chips: Self.fourChips, geometry: PanelGeometry(width: 32, height: 8), missing: [0x72])
    rig.panel.start()
    let picture = try Self.text("WXYZ", width: 32, height: 8)
    rig.panel.show(picture)
    let fault = try #require(rig.panel.faults[2])
    #expect("\(fault)".hasPrefix("chip 2 (0x72): "))
    #expect(rig.panel.faults.enumerated().allSatisfy { $0.offset == 2 || $0.element == nil })
    var expected = picture
    expected.fill(x: 16, y: 0, width: 8, height: 8, brightness: 0)
    #expect(rig.seen() == expected, "the other three chips show their part")
  }

  @Test func anSMBusOnlyAdapterGetsTheSameRegisters() throws {
    let rig = try Self.rig(
      chips: [.init(address: 0x70)], geometry: PanelGeometry(width: 16, height: 8),
      capabilities: [.smbusByte, .smbusByteData, .smbusI2CBlock])
    rig.panel.start(brightness: 3)
    let picture = try Self.text("OK", width: 16, height: 8)
    rig.panel.show(picture)
    #expect(rig.panel.faults == [nil])
    #expect(rig.models[0x70]?.dimming == 3)
    #expect(rig.seen() == picture)
    #expect(try rig.panel.readRAM(chip: 0) == rig.models[0x70]?.ram)
  }
}
