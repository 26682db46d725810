import ClackHAL
import Testing

@testable import ClackSimHAL

/// Every simulated bus charges its transfers to the clock at the wire's rate (docs/hal.md,
/// "Time on the wire").
@Suite struct WireTimingTests {
  func expander(_ timing: WireTiming, faults: I2CFaults = I2CFaults()) -> SimulatedI2CBus {
    let bus = SimulatedI2CBus(
      name: "/dev/i2c-1", clock: VirtualClock(), log: TransactionLog(), timing: timing)
    bus.attach(PCF8575Model(module: SplitFlapModuleModel(motor: StepperMotorModel())), at: 0x20)
    bus.faults[0x20] = faults
    return bus
  }

  @Test func anI2CTransferCountsNineClocksAByteAndItsConditions() {
    #expect(WireTiming.i2cClocks(written: 2, read: 0) == 1 + 27 + 1)
    #expect(WireTiming.i2cClocks(written: 0, read: 2) == 1 + 27 + 1)
    // A register read: start, address, register, repeated start, address, data, stop.
    #expect(WireTiming.i2cClocks(written: 1, read: 1) == 1 + 18 + 1 + 18 + 1)
    #expect(WireTiming.i2cClocks(written: 0, read: 0) == 1 + 9 + 1, "a probe: the address")
  }

  @Test func aPCF8575BoardsTickIsWhatTheIssueMeasured() throws {
    // pcf8575-8 writes and reads each of its eight expanders every tick: 16 transfers of 29
    // clocks, 4.64 ms at 100 kHz and 1.16 ms at 400 kHz, before each call's 20 µs.
    for (hertz, wire) in [(100_000, 4_640_000), (400_000, 1_160_000)] {
      let bus = expander(WireTiming.raspberryPi.i2cClock(hertz))
      let device = try I2CDevice(bus: bus, address: 0x20)
      for _ in 0..<8 {
        try device.write([0xF0, 0xFF])
        _ = try device.read(count: 2)
      }
      #expect(bus.clock.nanoseconds == UInt64(wire + 16 * 20_000), "at \(hertz) Hz")
    }
  }

  @Test func smbusTransactionsCostWhatTheyPutOnTheWire() throws {
    let bus = expander(.raspberryPi)
    let device = try I2CDevice(bus: bus, address: 0x20)
    var before = bus.clock.nanoseconds
    try device.writeByte(register: 0x05, 0x00)
    #expect(bus.clock.nanoseconds - before == 20_000 + 29 * 10_000)
    before = bus.clock.nanoseconds
    _ = try device.readByte(register: 0x05)
    #expect(bus.clock.nanoseconds - before == 20_000 + 39 * 10_000)
  }

  @Test func aRefusalCostsItsAddressAndATimeoutTheControllersWait() throws {
    let absent = expander(.raspberryPi, faults: I2CFaults(missing: true))
    #expect(throws: HALError.self) { try I2CDevice(bus: absent, address: 0x20).write([1, 2]) }
    #expect(absent.clock.nanoseconds == 20_000 + 11 * 10_000)
    let stuck = expander(.raspberryPi, faults: I2CFaults(timeoutRate: 1))
    #expect(throws: HALError.self) { try I2CDevice(bus: stuck, address: 0x20).write([1, 2]) }
    #expect(stuck.clock.nanoseconds == 20_000 + 11 * 10_000 + 35_000_000)
  }

  @Test func anInstantWireTakesNoTime() throws {
    let bus = expander(.instant)
    try I2CDevice(bus: bus, address: 0x20).write([0xF0, 0xFF])
    #expect(bus.clock.nanoseconds == 0)
  }

  /// Echoes what it is sent.
  final class Loopback: SimulatedSPIPeripheral {
    var seenAt: [UInt64] = []
    func spiTransfer(
      _ write: UnsafeRawBufferPointer, into read: UnsafeMutableRawBufferPointer, at time: UInt64,
      speedHz: Int
    ) {
      seenAt.append(time)
      for index in 0..<write.count { read[index] = write[index] }
    }
  }

  @Test func anSPITransferCostsItsCallThenEightClocksAByte() throws {
    let peripheral = Loopback()
    let spi = SimulatedSPIDevice(
      name: "/dev/spidev0.0", config: SPIConfig(speedHz: 1_000_000), peripheral: peripheral,
      clock: VirtualClock(), log: TransactionLog())
    #expect(try spi.transfer([1, 2, 3, 4]) == [1, 2, 3, 4])
    #expect(peripheral.seenAt == [20_000], "the bytes go out after the call's cost")
    #expect(spi.clock.nanoseconds == 20_000 + 32 * 1_000)
  }

  @Test func eachGPIOCallCostsTheCharacterDevicesTime() throws {
    let chip = SimulatedGPIOChip(path: "/dev/gpiochip0", label: "pinctrl-bcm2711", lineCount: 8)
    let gpio = SimulatedGPIO(chips: [chip], clock: VirtualClock(), log: TransactionLog())
    let lines = try gpio.requestLines(
      .init(chip: .label("pinctrl-bcm2711"), consumer: "t", lines: [.output(1), .input(2)]))
    let before = gpio.clock.nanoseconds
    try lines.setValues(0b01)
    _ = try lines.values()
    #expect(gpio.clock.nanoseconds - before == 2 * 8_000)
  }
}
