import ClackCore
import ClackDrivers
import ClackHAL
import ClackSimHAL
import Testing

/// The IS31FL3731 driver against the register-level model: the reference start-up, grey
/// levels as PWM, two frames so no half-written picture is ever on show, brightness, only
/// changed chips written, SMBus-only adapters and a missing chip.
@Suite struct IS31FL3731PanelTests {
  struct Rig {
    let bus: SimulatedI2CBus
    let models: [UInt8: IS31FL3731Model]
    let panel: IS31FL3731Panel<SimulatedI2CBus>

    func seen() -> PixelCanvas {
      var canvas = PixelCanvas(
        width: panel.geometry.canvasWidth, height: panel.geometry.canvasHeight, depth: .grey)
      for chip in panel.chips {
        guard let model = models[chip.address] else { continue }
        for y in 0..<9 {
          for x in 0..<16 { canvas[chip.x + x, chip.y + y] = model.seen(x: x, y: y) }
        }
      }
      return canvas
    }
  }

  static func rig(
    chips: [IS31FL3731Panel<SimulatedI2CBus>.Chip] = [.init()], width: Int = 16,
    missing: Set<UInt8> = [], capabilities: I2CCapabilities? = nil
  ) throws -> Rig {
    let bus = simulatedI2CBus(capabilities)
    var models: [UInt8: IS31FL3731Model] = [:]
    for chip in chips where !missing.contains(chip.address) {
      let model = IS31FL3731Model()
      bus.attach(model, at: chip.address)
      models[chip.address] = model
    }
    let panel = try IS31FL3731Panel(
      bus: bus, chips: chips, geometry: PanelGeometry(width: width, height: 9))
    return Rig(bus: bus, models: models, panel: panel)
  }

  /// A grey ramp: each pixel a different level.
  static func ramp(width: Int = 16, shift: Int = 0) -> PixelCanvas {
    var canvas = PixelCanvas(width: width, height: 9, depth: .grey)
    for y in 0..<9 {
      for x in 0..<width { canvas[x, y] = UInt8((x * 16 + y * 3 + shift) % 256) }
    }
    return canvas
  }

  @Test func startUpFollowsTheReferenceDriver() throws {
    let rig = try Self.rig()
    let model = try #require(rig.models[0x74])
    #expect(model.shutDown, "the chip powers up shut down")
    rig.panel.start()
    #expect(!model.shutDown && model.pictureMode && model.shownFrame == 0)
    for frame in 0...1 {
      #expect(model.frames[frame][0..<18].allSatisfy { $0 == 0xFF }, "every LED enabled")
      #expect(model.frames[frame][0x24..<0xB4].allSatisfy { $0 == 0 }, "and dark")
    }
    #expect(rig.seen().pixels.allSatisfy { $0 == 0 })
  }

  @Test func greyPicturesFlipInWholeNeverHalfWritten() throws {
    let rig = try Self.rig()
    let model = try #require(rig.models[0x74])
    rig.panel.start()
    for shift in [0, 7, 100] {
      let picture = Self.ramp(shift: shift)
      rig.panel.show(picture)
      #expect(rig.seen() == picture)
    }
    #expect(model.tornWrites == 0, "every picture was written to the hidden frame")
    #expect(model.shownFrame == 1, "three pictures: frame 1, 0, 1")
  }

  @Test func brightnessScalesThePWM() throws {
    let rig = try Self.rig()
    rig.panel.start(brightness: 7)
    var picture = PixelCanvas(width: 16, height: 9, depth: .grey)
    picture[2, 2] = 200
    rig.panel.show(picture)
    #expect(rig.models[0x74]?.seen(x: 2, y: 2) == 100)
    rig.panel.setBrightness(15)
    #expect(rig.models[0x74]?.seen(x: 2, y: 2) == 200)
  }

  @Test func onlyChangedChipsAreWritten() throws {
    let rig = try Self.rig(chips: [.init(address: 0x74), .init(address: 0x75, x: 16)], width: 32)
    rig.panel.start()
    var picture = Self.ramp(width: 32)
    rig.panel.show(picture)
    #expect(rig.panel.lastWriteCount == 2)
    rig.panel.show(picture)
    #expect(rig.panel.lastWriteCount == 0)
    picture[20, 4] = 3
    rig.panel.show(picture)
    #expect(rig.panel.lastWriteCount == 1)
    #expect(rig.seen() == picture)
  }

  @Test func anSMBusOnlyAdapterWritesInBlocks() throws {
    let rig = try Self.rig(capabilities: [.smbusByteData, .smbusI2CBlock])
    rig.panel.start()
    let picture = Self.ramp(shift: 5)
    rig.panel.show(picture)
    #expect(rig.panel.faults == [nil])
    #expect(rig.seen() == picture)
    #expect(rig.models[0x74]?.tornWrites == 0)
  }

  @Test func aMissingChipIsAFaultAndTheOtherShows() throws {
    let rig = try Self.rig(
      chips: [.init(address: 0x74), .init(address: 0x75, x: 16)], width: 32, missing: [0x74])
    rig.panel.start()
    let picture = Self.ramp(width: 32)
    rig.panel.show(picture)
    #expect(rig.panel.faults[0].map { "\($0)".hasPrefix("chip 0 (0x74): ") } == true)
    #expect(rig.panel.faults[1] == nil)
    let seen = rig.seen()
    #expect((16..<32).allSatisfy { x in (0..<9).allSatisfy { seen[x, $0] == picture[x, $0] } })
  }
}
