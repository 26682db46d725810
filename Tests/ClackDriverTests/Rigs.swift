import ClackCore
import ClackDrivers
import ClackHAL
import ClackSimHAL

/// Simulated modules with seeded, different starting angles and mechanical offsets.
func makeModules(_ count: Int, seed: UInt64 = 7, dead: Set<Int> = [], stuck: Set<Int> = [])
  -> [SplitFlapModuleModel]
{
  var random = SplitMix64(seed: seed)
  return (0..<count).map { index in
    let motor = StepperMotorModel(
      parameters: .init(stuck: stuck.contains(index)), position: Int(random.next() % 4096),
      seed: UInt64(index + 1))
    return SplitFlapModuleModel(
      motor: motor,
      parameters: .init(
        flapCount: 52, sensorWindowStart: Int(random.next() % 4096), sensorWindow: 60,
        mechanicalOffset: Int(random.next() % 80), sensorDead: dead.contains(index)))
  }
}

/// The angle at which a module shows `flap` fully, by the simulation's own geometry.
func exactAngle(of module: SplitFlapModuleModel, flap: Int) -> Int {
  let zero = module.parameters.sensorWindowStart + module.parameters.mechanicalOffset
  return ((zero + (flap * 4096 + 51) / 52) % 4096 + 4096) % 4096
}

struct Rig {
  let clock: VirtualClock
  let log: TransactionLog
  let modules: [SplitFlapModuleModel]
  let bank: StepperBank
  var offsets: [Int] { modules.map(\.parameters.mechanicalOffset) }
  var harness: ConstantSpeedHarness {
    ConstantSpeedHarness(bank: bank, clock: clock, offsets: offsets)
  }
}

/// Four modules on a Pi's pins: coils on lines 4i…4i+3 from line 2, sensors from line 20.
func gpioRig(_ modules: [SplitFlapModuleModel]) throws -> Rig {
  let clock = VirtualClock()
  let log = TransactionLog()
  let chip = SimulatedGPIOChip(path: "/dev/gpiochip0", label: "pinctrl-bcm2711", lineCount: 58)
  var wiring: [GPIOStepperBank<SimulatedGPIO>.Wiring] = []
  for (index, module) in modules.enumerated() {
    let coils = (0..<4).map { 2 + index * 4 + $0 }
    chip.connect(motor: module.motor, coils: coils)
    chip.connectInput(40 + index) { module.sensorLevel }
    wiring.append(.init(coils: coils.map(UInt32.init), sensor: UInt32(40 + index)))
  }
  let gpio = SimulatedGPIO(chips: [chip], clock: clock, log: log)
  let bank = try GPIOStepperBank(controller: gpio, chip: .label("pinctrl-bcm2711"), modules: wiring)
  return Rig(clock: clock, log: log, modules: modules, bank: bank)
}

func pcfRig(_ modules: [SplitFlapModuleModel], faults: [UInt8: I2CFaults] = [:]) throws -> (
  Rig, SimulatedI2CBus
) {
  let clock = VirtualClock()
  let log = TransactionLog()
  let bus = SimulatedI2CBus(name: "/dev/i2c-1", clock: clock, log: log)
  for (index, module) in modules.enumerated() {
    bus.attach(PCF8575Model(module: module), at: 0x20 + UInt8(index))
  }
  bus.faults = faults
  let bank = try PCF8575StepperBank(
    bus: bus, addresses: (0..<modules.count).map { 0x20 + UInt8($0) })
  return (Rig(clock: clock, log: log, modules: modules, bank: bank), bus)
}

func spiChainRig(_ modules: [SplitFlapModuleModel]) throws -> (Rig, ShiftRegisterChainModel) {
  let clock = VirtualClock()
  let log = TransactionLog()
  let chain = ShiftRegisterChainModel(modules: modules)
  let chip = SimulatedGPIOChip(path: "/dev/gpiochip0", label: "pinctrl-bcm2711", lineCount: 58)
  chain.connectLatches(on: chip, latch: 25, load: 24)
  let gpio = SimulatedGPIO(chips: [chip], clock: clock, log: log)
  let spi = SimulatedSPIDevice(name: "/dev/spidev0.0", peripheral: chain, clock: clock, log: log)
  let bank = try ShiftRegisterSPIBank(
    spi: spi, controller: gpio, chip: .label("pinctrl-bcm2711"), latchLine: 25, loadLine: 24,
    moduleCount: modules.count)
  return (Rig(clock: clock, log: log, modules: modules, bank: bank), chain)
}

func bitBangChainRig(_ modules: [SplitFlapModuleModel]) throws -> (Rig, ShiftRegisterChainModel) {
  let clock = VirtualClock()
  let log = TransactionLog()
  let chain = ShiftRegisterChainModel(modules: modules)
  let chip = SimulatedGPIOChip(path: "/dev/gpiochip0", label: "pinctrl-bcm2711", lineCount: 58)
  chain.connectBitBang(on: chip, data: 10, clock: 11, latch: 25, load: 24, dataOut: 9)
  let gpio = SimulatedGPIO(chips: [chip], clock: clock, log: log)
  let bank = try ShiftRegisterGPIOBank(
    controller: gpio, chip: .label("pinctrl-bcm2711"),
    lines: .init(data: 10, clock: 11, latch: 25, load: 24, dataIn: 9), moduleCount: modules.count)
  return (Rig(clock: clock, log: log, modules: modules, bank: bank), chain)
}

/// A simulated I2C bus 1, with the Pi's capabilities unless others are given (an SMBus-only
/// adapter, say).
func simulatedI2CBus(_ capabilities: I2CCapabilities? = nil) -> SimulatedI2CBus {
  let (clock, log) = (VirtualClock(), TransactionLog())
  guard let capabilities else {
    return SimulatedI2CBus(name: "/dev/i2c-1", clock: clock, log: log)
  }
  return SimulatedI2CBus(name: "/dev/i2c-1", clock: clock, log: log, capabilities: capabilities)
}
