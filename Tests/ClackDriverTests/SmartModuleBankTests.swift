import ClackDrivers
import ClackHAL
import ClackSimHAL
import Testing

struct SmartRig {
  let clock = VirtualClock()
  let log = TransactionLog()
  let bus: SimulatedI2CBus
  let modules: [SplitFlapModuleModel]
  let firmware: [SmartModuleModel]
  let bank: SmartModuleI2CBank<SimulatedI2CBus>

  init(_ modules: [SplitFlapModuleModel], faults: [UInt8: I2CFaults] = [:]) throws {
    bus = SimulatedI2CBus(name: "/dev/i2c-1", clock: clock, log: log)
    self.modules = modules
    firmware = modules.map { SmartModuleModel(module: $0) }
    for (index, model) in firmware.enumerated() { bus.attach(model, at: 0x10 + UInt8(index)) }
    bus.faults = faults
    let bus = self.bus
    let wiring = modules.enumerated().map { index, module in
      SmartModuleI2CBank<SimulatedI2CBus>.Module(
        bus: bus, address: 0x10 + UInt8(index), offset: Int16(module.parameters.mechanicalOffset))
    }
    bank = try SmartModuleI2CBank(modules: wiring, flapCount: 52)
  }

  /// Polls every module every 50 ms of virtual time until none is moving (or `limit` passes).
  func settle(limit: Int = 400) -> [Result<ModuleProtocol.Snapshot, ModuleFault>] {
    var results: [Result<ModuleProtocol.Snapshot, ModuleFault>] = []
    for _ in 0..<limit {
      clock.advance(by: .milliseconds(50))
      results = (0..<bank.moduleCount).map { bank.status(module: $0) }
      let busy = results.contains {
        if case .success(let s) = $0 { s.status.contains(.moving) } else { false }
      }
      if !busy { break }
    }
    return results
  }
}

@Suite struct SmartModuleBankTests {
  @Test func configuresHomesAndShowsTargets() throws {
    let rig = try SmartRig(makeModules(6, seed: 21))
    #expect(rig.bank.configure().isEmpty)
    let flaps = [0, 7, 19, 33, 51, 26]
    for (module, flap) in flaps.enumerated() {
      #expect(rig.bank.setTarget(flap, module: module) == nil)
    }
    let results = rig.settle()
    for (module, result) in results.enumerated() {
      let snapshot = try result.get()
      #expect(snapshot.flap == flaps[module])
      #expect(snapshot.status.contains(.homed) && !snapshot.status.contains(.coilsOn))
      #expect(rig.modules[module].displayedFlap == flaps[module])
      #expect(rig.modules[module].angle == exactAngle(of: rig.modules[module], flap: flaps[module]))
    }
    // The status poll is one 13-byte block read per module.
    let reads = rig.log.entries(.i2cRead)
    #expect(reads.suffix(6).allSatisfy { $0.bytes.count == 13 })
  }

  @Test func aDeadSensorIsReportedByItsModuleOnly() throws {
    let rig = try SmartRig(makeModules(4, seed: 22, dead: [2]))
    _ = rig.bank.configure()
    for module in 0..<4 { _ = rig.bank.setTarget(10 + module, module: module) }
    let results = rig.settle()
    guard case .failure(let fault) = results[2] else {
      Issue.record("module 2 reported no fault")
      return
    }
    #expect(fault.kind == .reported(.homeNotFound))
    #expect(fault.message.contains("no home pulse found"))
    for module in [0, 1, 3] { #expect(try results[module].get().flap == 10 + module) }
  }

  @Test func aNackingModuleIsABusFaultWhileTheOthersWork() throws {
    let rig = try SmartRig(makeModules(3, seed: 23), faults: [0x11: I2CFaults(missing: true)])
    let faults = rig.bank.configure()
    #expect(faults.map(\.module) == [1])
    #expect(faults.first?.kind == .bus(.noAcknowledge))
    _ = rig.bank.setTarget(5, module: 0)
    _ = rig.bank.setTarget(6, module: 2)
    let results = rig.settle()
    #expect(try results[0].get().flap == 5)
    #expect(try results[2].get().flap == 6)
  }

  @Test func aModuleThatResetsIsReconfiguredAndItsTargetResent() throws {
    let rig = try SmartRig(makeModules(2, seed: 24))
    _ = rig.bank.configure()
    _ = rig.bank.setTarget(30, module: 0)
    _ = rig.bank.setTarget(31, module: 1)
    rig.clock.advance(by: .milliseconds(300))
    rig.firmware[0].powerOn(at: rig.clock.nanoseconds)  // a brown-out mid-move
    guard case .failure(let fault) = rig.bank.status(module: 0) else {
      Issue.record("the reset went unnoticed")
      return
    }
    #expect(fault.kind == .moduleReset)
    let results = rig.settle()
    #expect(try results[0].get().flap == 30, "the target was re-sent after the reset")
    #expect(try results[1].get().flap == 31)
    #expect(try results[0].get().bootCount == 2)
  }

  @Test func aWrongFlapCountIsRefusedAtConfiguration() throws {
    let modules = makeModules(1, seed: 25)
    modules[0].parameters.flapCount = 40
    let rig = try SmartRig(modules)
    let faults = rig.bank.configure()
    #expect(faults.first?.kind == .flapCountMismatch(module: 40, board: 52))
    #expect(
      faults.first?.description == "module 0: has 40 flaps, but the board file's flap set has 52")
  }

  @Test func aFlapTheSpoolLacksIsRefusedBeforeTheBus() throws {
    let rig = try SmartRig(makeModules(1, seed: 26))
    rig.log.clear()
    #expect(rig.bank.setTarget(60, module: 0)?.kind == .reported(.badTarget))
    #expect(rig.log.entries.isEmpty)
  }
}
