import ClackHAL

/// Steppers wired straight to GPIO lines: four lines to a ULN2003 (IN1–IN4) and one from a
/// hall sensor per module. Lines are requested in groups of up to twelve modules (60 lines);
/// each group is written with one bulk `setValues` per tick.
public final class GPIOStepperBank<Controller: GPIOController>: StepperBank {
  public struct Wiring: Sendable, Hashable {
    public var coils: [UInt32]
    public var sensor: UInt32
    public init(coils: [UInt32], sensor: UInt32) {
      self.coils = coils
      self.sensor = sensor
    }
  }

  public static var modulesPerRequest: Int { 12 }

  public let moduleCount: Int
  public var sensorDelayTicks: Int { 0 }
  public var busFaults: [ModuleFault?] { bookkeeping.busFaults }
  private var bookkeeping: BankBookkeeping
  private var groups: [Controller.Lines] = []
  private let sensorActiveLevel: Bool

  /// Requests every line now, so wiring mistakes (a busy line, a wrong chip) surface at start.
  public init(
    controller: Controller, chip: GPIOChipSelector, modules: [Wiring],
    sensorActiveLevel: Bool = false, sensorBias: GPIOBias = .pullUp, consumer: String = "clack"
  ) throws(HALError) {
    moduleCount = modules.count
    bookkeeping = BankBookkeeping(moduleCount: modules.count)
    self.sensorActiveLevel = sensorActiveLevel
    var start = 0
    while start < modules.count {
      let slice = modules[start..<min(modules.count, start + Self.modulesPerRequest)]
      var lines: [GPIOLineConfig] = []
      for module in slice {
        lines += module.coils.map { GPIOLineConfig.output($0) }
        lines.append(.input(module.sensor, bias: sensorBias))
      }
      groups.append(
        try controller.requestLines(GPIOLineRequest(chip: chip, consumer: consumer, lines: lines)))
      start += Self.modulesPerRequest
    }
  }

  // By index, not `enumerated()`: this generic class is called through `StepperBank`,
  // unspecialised, where iterating pairs of a generic element allocates on every tick.
  public func writeCoils(_ patterns: [UInt8]) {
    for group in groups.indices {
      let lines = groups[group]
      let first = group * Self.modulesPerRequest
      var mask: UInt64 = 0
      for local in 0..<min(Self.modulesPerRequest, moduleCount - first) {
        mask |= UInt64(patterns[first + local] & 0x0F) << UInt64(local * 5)
      }
      perform(group) { () throws(HALError) in try lines.setValues(mask) }
    }
  }

  public func readSensors(into active: inout [Bool]) {
    for group in groups.indices {
      let lines = groups[group]
      let first = group * Self.modulesPerRequest
      var mask: UInt64 = 0
      guard perform(group, { () throws(HALError) in mask = try lines.values() }) else { continue }
      for local in 0..<min(Self.modulesPerRequest, moduleCount - first) {
        active[first + local] = ((mask >> UInt64(local * 5 + 4)) & 1 == 1) == sensorActiveLevel
      }
    }
  }

  public func coilsOff() {
    writeCoils(bookkeeping.allOff)
  }

  /// Runs one group's operation, recording its result for every module of the group.
  @discardableResult
  private func perform(_ group: Int, _ operation: () throws(HALError) -> Void) -> Bool {
    let first = group * Self.modulesPerRequest
    return bookkeeping.perform(
      for: first..<min(moduleCount, first + Self.modulesPerRequest), operation)
  }
}
