import ClackDrivers
import ClackSimHAL
import Testing

let targets = [1, 14, 27, 51, 36, 0, 9, 40]

/// Every module shows its target flap, at exactly the angle the geometry gives.
func expectShown(
  _ rig: Rig, _ flaps: [Int], except faulted: Set<Int> = [],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for (index, module) in rig.modules.enumerated() where !faulted.contains(index) {
    #expect(
      module.displayedFlap == flaps[index], "module \(index) shows \(module.displayedFlap)",
      sourceLocation: sourceLocation)
    #expect(
      module.angle == exactAngle(of: module, flap: flaps[index]),
      "module \(index) is off its flap's position", sourceLocation: sourceLocation)
    #expect(
      !module.motor.isEnergized, "module \(index)'s coils were left on",
      sourceLocation: sourceLocation)
    #expect(
      module.motor.backwardSteps <= 2, "module \(index) ran backwards",
      sourceLocation: sourceLocation)
  }
}

@Suite struct GPIOStepperBankTests {
  @Test func homesAndShowsTargetsWithOneBulkWritePerTick() throws {
    let rig = try gpioRig(makeModules(4))
    let harness = rig.harness
    harness.show(Array(targets.prefix(4)))
    #expect(harness.faults.allSatisfy { $0 == nil })
    expectShown(rig, Array(targets.prefix(4)))
    // One setValues per tick, plus the two settling writes before and the coils-off after.
    #expect(rig.log.entries(.gpioSet).count == harness.ticks + 3)
    // A second message moves forward only, from where the modules are.
    let next = [5, 14, 30, 2]
    harness.show(next)
    expectShown(rig, next)
  }

  @Test func aDeadSensorAndAStuckRotorFaultOnlyTheirModule() throws {
    let rig = try gpioRig(makeModules(4, dead: [1], stuck: [3]))
    let harness = rig.harness
    harness.show(Array(targets.prefix(4)))
    #expect(harness.faults[1]?.kind == .homeNotFound)
    #expect(
      harness.faults[1]?.message.contains("hall sensor may be dead or the rotor stuck") == true)
    #expect(harness.faults[3] != nil, "a stuck rotor never reaches home")
    expectShown(rig, Array(targets.prefix(4)), except: [1, 3])
  }

  @Test func aBusyLineStopsTheBoardAtStartWithTheConsumerNamed() throws {
    let chip = SimulatedGPIOChip(path: "/dev/gpiochip0", label: "pinctrl-bcm2711", lineCount: 58)
    let gpio = SimulatedGPIO(chips: [chip], clock: VirtualClock(), log: TransactionLog())
    let holder = try gpio.requestLines(
      .init(chip: .label("pinctrl-bcm2711"), consumer: "other-program", lines: [.output(4)]))
    defer { holder.release() }
    do {
      _ = try GPIOStepperBank(
        controller: gpio, chip: .label("pinctrl-bcm2711"),
        modules: [.init(coils: [4, 5, 6, 7], sensor: 8)])
      Issue.record("a busy line was taken")
    } catch {
      #expect(error.message == "line 4 of /dev/gpiochip0 is busy: it is used by 'other-program'")
    }
  }
}

@Suite struct PCF8575StepperBankTests {
  /// I2C is slow beside the tick, so an expander is written only when its coils change and
  /// read only when its rotor may have moved (new coils, not off).
  @Test func homesAndShowsTargetsTouchingOnlyExpandersWhoseCoilsChange() throws {
    let (rig, _) = try pcfRig(makeModules(8))
    let harness = rig.harness
    harness.show(targets)
    #expect(harness.faults.allSatisfy { $0 == nil })
    expectShown(rig, targets)
    let writes = rig.log.entries(.i2cWrite)
    let reads = rig.log.entries(.i2cRead)
    // At 1000 steps/s on a 1 ms tick most ticks step, but the modules that have landed rest.
    #expect(
      writes.count < harness.ticks * 8 * 2 / 3, "\(writes.count) writes in \(harness.ticks) ticks")
    for address in UInt8(0x20)...0x27 {
      let written = writes.filter { $0.address == address }.map(\.bytes)
      // The last is `coilsOff()`, which writes every expander whatever it had.
      let changes = written.dropLast()
      #expect(zip(changes, changes.dropFirst()).allSatisfy { $0 != $1 }, "0x\(address): a rewrite")
      // A read follows each write of coils that are not all off, and the first contact.
      let moving = written.count { $0[0] & 0x0F != 0 }
      #expect(reads.count { $0.address == address } == moving + 1)
    }
  }

  @Test func aMissingAndANackingExpanderFaultOnlyTheirModule() throws {
    let (rig, _) = try pcfRig(
      makeModules(8), faults: [0x21: I2CFaults(missing: true), 0x24: I2CFaults(nackRate: 1)])
    let harness = rig.harness
    harness.show(targets)
    #expect(harness.faults[1]?.kind == .bus(.noAcknowledge))
    #expect(
      harness.faults[1]?.message
        == "no device answered at 0x21 on /dev/i2c-1: check the wiring, the power and the address")
    #expect(harness.faults[4]?.kind == .bus(.noAcknowledge))
    expectShown(rig, targets, except: [1, 4])
  }

  @Test func anOccasionalNackIsReportedAndRecoveredFrom() throws {
    let (rig, _) = try pcfRig(makeModules(2), faults: [0x20: I2CFaults(nackRate: 0.3)])
    var active = [false, false]
    var sawFault = false
    var sawRecovery = false
    for round in 0..<40 {
      // New coils every round: each is written and read, so the NACKs have chances to come.
      let coils: UInt8 = round % 2 == 0 ? 0b0001 : 0b0011
      rig.bank.writeCoils([coils, coils])
      rig.bank.readSensors(into: &active)
      if rig.bank.busFaults[0] != nil { sawFault = true } else if sawFault { sawRecovery = true }
      #expect(rig.bank.busFaults[1] == nil)
    }
    #expect(sawFault && sawRecovery)
  }

  @Test func aSMBusOnlyAdapterIsRefusedClearly() {
    let bus = SimulatedI2CBus(
      name: "/dev/i2c-0", clock: VirtualClock(), log: TransactionLog(),
      capabilities: [.smbusByteData])
    #expect(throws: (any Error).self) { try PCF8575StepperBank(bus: bus, addresses: [0x20]) }
  }
}

@Suite struct ShiftRegisterBankTests {
  @Test func spiChainHomesAndShowsTargetsWithOneTransferPerTick() throws {
    let (rig, chain) = try spiChainRig(makeModules(12, seed: 3))
    let flaps = (0..<12).map { ($0 * 7 + 3) % 52 }
    let harness = rig.harness
    harness.show(flaps)
    #expect(harness.faults.allSatisfy { $0 == nil })
    expectShown(rig, flaps)
    #expect(rig.log.entries(.spiTransfer).count == harness.ticks + 3)
    #expect(chain.latchCount == harness.ticks + 3)
    #expect(
      rig.log.entries(.spiTransfer).allSatisfy { $0.bytes.count == 6 },
      "12 modules × 4 bits = 6 bytes")
  }

  @Test func bitBangedChainBehavesTheSame() throws {
    let (rig, chain) = try bitBangChainRig(makeModules(6, seed: 5))
    let flaps = [3, 9, 27, 40, 51, 0]
    let harness = rig.harness
    harness.show(flaps)
    #expect(harness.faults.allSatisfy { $0 == nil })
    expectShown(rig, flaps)
    #expect(chain.latchCount == harness.ticks + 3, "one latch per tick")
  }

  @Test func aDeadSensorInTheChainFaultsOnlyItsModule() throws {
    let (rig, _) = try spiChainRig(makeModules(6, seed: 11, dead: [2]))
    let flaps = [3, 9, 27, 40, 51, 0]
    let harness = rig.harness
    harness.show(flaps)
    #expect(harness.faults[2]?.kind == .homeNotFound)
    expectShown(rig, flaps, except: [2])
  }

  @Test func layoutPutsModuleZeroInTheNearestRegister() {
    let layout = ShiftRegisterLayout(moduleCount: 3)
    var bytes = [UInt8](repeating: 0, count: layout.transferLength)
    layout.encode([0x1, 0x2, 0x4], into: &bytes)
    #expect(bytes == [0x04, 0x21], "farthest register (module 2) first")
    var levels = [Bool](repeating: false, count: 3)
    layout.decode([0b101], levels: &levels)
    #expect(levels == [true, false, true])
  }
}
