import ClackHAL
import Testing

@testable import ClackSimHAL

@Suite struct SimulatedI2CBusTests {
  func bus(
    faults: [UInt8: I2CFaults] = [:],
    capabilities: I2CCapabilities = [.plainI2C, .smbusByteData, .smbusI2CBlock]
  ) -> (SimulatedI2CBus, PCF8575Model) {
    let bus = SimulatedI2CBus(
      name: "/dev/i2c-1", clock: VirtualClock(), log: TransactionLog(), capabilities: capabilities)
    let expander = PCF8575Model(module: SplitFlapModuleModel(motor: StepperMotorModel()))
    bus.attach(expander, at: 0x20)
    bus.faults = faults
    return (bus, expander)
  }

  @Test func timeoutsAndNacksReadLikeThePisErrors() throws {
    let (slow, _) = bus(faults: [0x20: I2CFaults(timeoutRate: 1)])
    let device = try I2CDevice(bus: slow, address: 0x20)
    do {
      try device.write([0xFF, 0xFF])
      Issue.record("no timeout")
    } catch {
      #expect(error.kind == .timeout)
      #expect(error.errno == LinuxErrno.ETIMEDOUT)
      #expect(error.message.hasPrefix("timed out talking to 0x20 on /dev/i2c-1"))
    }
    let (empty, _) = bus()
    let absent = try I2CDevice(bus: empty, address: 0x21)
    #expect(throws: HALError.self) { try absent.write([0]) }
    #expect(empty.log.entries(.i2cError).count == 1)
  }

  @Test func anSMBusOnlyAdapterRefusesPlainTransfers() throws {
    let (smbus, _) = bus(capabilities: [.smbusByteData])
    let device = try I2CDevice(bus: smbus, address: 0x20)
    do {
      try device.write([1, 2])
      Issue.record("a plain transfer went through")
    } catch {
      #expect(error.kind == .unsupported)
    }
  }

  @Test func thePCF8575HasNoRegistersSoAnSMBusWriteSetsTheWholePort() throws {
    let (i2c, expander) = bus()
    let device = try I2CDevice(bus: i2c, address: 0x20)
    try device.write([0b0001_0011, 0xFF])
    #expect(expander.latch == 0xFF13)
    #expect(expander.module.motor.coils == 0b0011, "P00-P03 drive IN1-IN4")
    // "Register" 0x05, value 0x00: the chip takes both bytes as P00-P07 and P10-P17.
    try device.writeByte(register: 0x05, 0x00)
    #expect(expander.latch == 0x0005)
    // Reads return pin levels: the sensor pin (P04) reads the hall sensor only when written 1.
    let pins = try device.read(count: 2)
    #expect(pins == [0x05, 0x00])
  }

  @Test func everyOperationIsLoggedWithItsTimeAndBytes() throws {
    let (i2c, _) = bus()
    i2c.clock.advance(nanoseconds: 500)
    let device = try I2CDevice(bus: i2c, address: 0x20)
    try device.write([0xF0, 0xFF])
    _ = try device.read(count: 2)
    // The rotor sits over the magnet, so the sensor pulls P04 low: e0, not f0.
    // At the Pi's 100 kHz (10 µs a clock) after a call's 20 µs: the write reaches the
    // expander when its second byte is acknowledged (start, three bytes of nine clocks, stop:
    // 29 clocks); the read is taken as its phase begins, after the next call.
    #expect(
      i2c.log.entries.map(\.description) == [
        "310500 /dev/i2c-1 20 i2c-write [f0 ff]", "330500 /dev/i2c-1 20 i2c-read [e0 ff]",
      ])
    #expect(i2c.clock.nanoseconds == 500 + 2 * 310_000)
  }
}

@Suite struct SimulatedGPIOTests {
  @Test func requestsBehaveLikeLinux() throws {
    let chip = SimulatedGPIOChip(path: "/dev/gpiochip0", label: "pinctrl-bcm2711", lineCount: 8)
    let gpio = SimulatedGPIO(chips: [chip], clock: VirtualClock(), log: TransactionLog())
    #expect(throws: HALError.self) {
      try gpio.requestLines(.init(chip: .label("pinctrl-rp1"), consumer: "t", lines: [.output(1)]))
    }
    #expect(throws: HALError.self) {
      try gpio.requestLines(
        .init(chip: .label("pinctrl-bcm2711"), consumer: "t", lines: [.output(9)]))
    }
    let inputs = try gpio.requestLines(
      .init(
        chip: .label("pinctrl-bcm2711"), consumer: "t",
        lines: [.input(2, bias: .pullUp, edge: .both), .input(3, bias: .pullDown)]))
    #expect(try inputs.values() == 0b01)
    var level = false
    chip.connectInput(2) { level }
    #expect(try inputs.waitForEdge(timeout: .milliseconds(10))?.rising == false)
    level = true
    #expect(try inputs.waitForEdge(timeout: .milliseconds(10))?.rising == true)
    #expect(try inputs.waitForEdge(timeout: .milliseconds(10)) == nil)
    inputs.release()
    #expect(throws: HALError.self) { try inputs.values() }
  }

  @Test func releasedCoilLinesDeEnergiseTheMotor() throws {
    let chip = SimulatedGPIOChip(path: "/dev/gpiochip0", label: "c", lineCount: 8)
    let motor = StepperMotorModel()
    chip.connect(motor: motor, coils: [0, 1, 2, 3])
    let gpio = SimulatedGPIO(chips: [chip], clock: VirtualClock(), log: TransactionLog())
    let lines = try gpio.requestLines(
      .init(chip: .label("c"), consumer: "t", lines: (0..<4).map { .output($0) }))
    try lines.setValues(0b0011)
    #expect(motor.isEnergized)
    lines.release()
    #expect(!motor.isEnergized)
  }
}

@Suite struct SmartModuleModelTests {
  func rig() throws -> (SimulatedI2CBus, SmartModuleModel, I2CDevice<SimulatedI2CBus>) {
    let clock = VirtualClock()
    let bus = SimulatedI2CBus(name: "/dev/i2c-1", clock: clock, log: TransactionLog())
    let module = SplitFlapModuleModel(
      motor: StepperMotorModel(position: 1234), parameters: .init(sensorWindowStart: 300))
    let model = SmartModuleModel(module: module)
    bus.attach(model, at: 0x10)
    return (bus, model, try I2CDevice(bus: bus, address: 0x10))
  }

  func snapshot(_ device: I2CDevice<SimulatedI2CBus>) throws -> ModuleProtocol.Snapshot {
    try #require(
      ModuleProtocol.Snapshot(
        bytes: try device.readBlock(register: 0, count: ModuleProtocol.snapshotLength)))
  }

  @Test func powersUpWithTheResetFlagAndNoKnownFlap() throws {
    let (_, _, device) = try rig()
    let status = try snapshot(device)
    #expect(status.protocolVersion == 1 && status.status.contains(.reset) && status.flap == nil)
    #expect(status.flapCount == 52 && status.bootCount == 1)
    try device.writeByte(
      register: ModuleProtocol.Register.command.rawValue,
      ModuleProtocol.Command.acknowledgeReset.rawValue)
    #expect(!(try snapshot(device)).status.contains(.reset))
  }

  @Test func aKnockMidMoveIsCaughtAtTheNextHomePulseAndCorrected() throws {
    let (bus, model, device) = try rig()
    try device.writeByte(register: ModuleProtocol.Register.target.rawValue, 10)
    bus.clock.advance(by: .seconds(6))
    #expect(try snapshot(device).flap == 10)
    // Ask for a whole-revolution move, then knock the spool 500 steps on mid-way.
    try device.writeByte(register: ModuleProtocol.Register.target.rawValue, 5)
    bus.clock.advance(by: .seconds(2))
    _ = try snapshot(device)
    model.module.motor.displace(by: 500)
    bus.clock.advance(by: .seconds(10))
    let status = try snapshot(device)
    #expect(status.unexpectedHomes + status.missedHomes >= 1)
    #expect(status.flap == 5 && model.module.displayedFlap == 5)
  }

  @Test func badTargetsAndCommandsRaiseFaultBits() throws {
    let (_, _, device) = try rig()
    try device.writeByte(register: ModuleProtocol.Register.target.rawValue, 60)
    try device.writeByte(register: ModuleProtocol.Register.command.rawValue, 0x7F)
    let status = try snapshot(device)
    #expect(status.faults == [.badTarget, .badCommand])
    #expect(status.status.contains(.fault))
    try device.writeByte(
      register: ModuleProtocol.Register.command.rawValue,
      ModuleProtocol.Command.clearFaults.rawValue)
    #expect(try snapshot(device).faults.isEmpty)
  }
}
