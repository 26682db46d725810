import ClackHAL

/// A simulated GPIO chip: lines that simulated devices are wired to. Outputs drive device
/// inputs (a stepper's coils); inputs read device outputs (a hall sensor) or their bias.
public final class SimulatedGPIOChip {
  public let path: String
  public let label: String
  public let lineCount: Int
  /// Levels the program drives on its output lines.
  fileprivate var driven: [Bool]
  /// What each input line reads when no device drives it: its bias (pull-up reads high).
  fileprivate var pulls: [Bool]
  fileprivate var sources: [Int: () -> Bool] = [:]
  fileprivate var listeners: [OutputListener] = []
  /// Scratch for `apply`: which lines changed in this write (kept, so writes do not allocate).
  fileprivate var changed: [Bool]
  fileprivate var consumers: [Int: String] = [:]

  public init(path: String, label: String, lineCount: Int) {
    self.path = path
    self.label = label
    self.lineCount = lineCount
    self.driven = Array(repeating: false, count: lineCount)
    self.pulls = Array(repeating: false, count: lineCount)
    self.changed = Array(repeating: false, count: lineCount)
  }

  /// Wires `lines` to a device input: `notify` gets their levels (in that order) and the time
  /// whenever one of them changes.
  public func connectOutputs(_ lines: [Int], to notify: @escaping ([Bool], UInt64) -> Void) {
    listeners.append(OutputListener(lines: lines, notify: notify))
  }

  /// Wires a device output to an input line.
  public func connectInput(_ line: Int, from source: @escaping () -> Bool) {
    sources[line] = source
  }

  /// Wires a stepper's IN1–IN4 to four lines.
  public func connect(motor: StepperMotorModel, coils: [Int]) {
    connectOutputs(coils) { levels, time in
      var pattern: UInt8 = 0
      for (bit, level) in levels.enumerated() where level { pattern |= 1 << UInt8(bit) }
      motor.drive(coils: pattern, at: time)
    }
  }

  /// The level a line reads now.
  public func level(_ line: Int) -> Bool {
    if let source = sources[line] { return source() }
    return isOutput[line] == true ? driven[line] : pulls[line]
  }

  fileprivate var isOutput: [Int: Bool] = [:]

  var info: GPIOChipInfo { GPIOChipInfo(path: path, label: label, lineCount: lineCount) }
}

/// Simulated GPIO chips behind the same protocol as Linux's, with the same errors. Each call
/// that sets or reads lines moves the clock on by the character device's cost of a call
/// (`timing`): the lines change, or are read, as the call ends.
public final class SimulatedGPIO: GPIOController {
  public let chipList: [SimulatedGPIOChip]
  public let clock: VirtualClock
  public let log: TransactionLog
  public let timing: WireTiming

  public init(
    chips: [SimulatedGPIOChip], clock: VirtualClock, log: TransactionLog,
    timing: WireTiming = .raspberryPi
  ) {
    self.chipList = chips
    self.clock = clock
    self.log = log
    self.timing = timing
  }

  public func chips() throws(HALError) -> [GPIOChipInfo] { chipList.map(\.info) }

  public func requestLines(_ request: GPIOLineRequest) throws(HALError) -> SimulatedGPIOLines {
    let chip: SimulatedGPIOChip
    switch request.chip {
    case .label(let label):
      guard let found = chipList.first(where: { $0.label == label }) else {
        throw HALError.noChipLabelled(label, chips: try chips(), directory: "/dev")
      }
      chip = found
    case .path(let path):
      guard let found = chipList.first(where: { $0.path == path }) else {
        throw HALError.noChip(at: path, chips: try chips(), errno: LinuxErrno.ENOENT)
      }
      chip = found
    }
    try request.validate(device: chip.path)
    for line in request.lines {
      guard Int(line.offset) < chip.lineCount else {
        throw HALError.fromErrno(
          LinuxErrno.EINVAL, operation: .gpioRequest(offsets: request.lines.map(\.offset)),
          device: chip.path)
      }
      if let holder = chip.consumers[Int(line.offset)] {
        throw HALError.lineBusy(offset: line.offset, device: chip.path, consumer: holder)
      }
    }
    let lines = SimulatedGPIOLines(
      chip: chip, request: request, clock: clock, log: log,
      callNanoseconds: UInt64(max(0, timing.gpioCallNanoseconds)))
    for line in request.lines {
      let offset = Int(line.offset)
      chip.consumers[offset] = request.consumer
      chip.isOutput[offset] = line.direction == .output
      switch line.bias {
      case .pullUp: chip.pulls[offset] = true
      case .pullDown, .disabled: chip.pulls[offset] = false
      case .asIs: break
      }
    }
    // Initial output values reach the devices as one change, as a line request does.
    var mask: UInt64 = 0
    for (index, line) in request.lines.enumerated() where line.initialValue {
      mask |= 1 << UInt64(index)
    }
    lines.apply(mask)
    lines.lastInputs = lines.readMask()
    return lines
  }
}

/// Lines held on a simulated chip.
public final class SimulatedGPIOLines: GPIOLines {
  public let request: GPIOLineRequest
  public var device: String { chip.path }
  let chip: SimulatedGPIOChip
  let clock: VirtualClock
  let log: TransactionLog
  /// What one set or read costs.
  let callNanoseconds: UInt64
  var released = false
  var lastInputs: UInt64 = 0

  init(
    chip: SimulatedGPIOChip, request: GPIOLineRequest, clock: VirtualClock, log: TransactionLog,
    callNanoseconds: UInt64
  ) {
    self.chip = chip
    self.request = request
    self.clock = clock
    self.log = log
    self.callNanoseconds = callNanoseconds
  }

  public func setValues(_ mask: UInt64) throws(HALError) {
    guard !released else { throw HALError.linesReleased(device: device) }
    clock.advance(nanoseconds: callNanoseconds)
    log.record(
      BusTransaction(
        time: clock.nanoseconds, bus: chip.path, kind: .gpioSet, address: nil,
        bytes: maskBytes(mask)))
    apply(mask)
  }

  /// Drives the outputs and tells every device whose lines changed, once, with all its lines.
  func apply(_ mask: UInt64) {
    var anyChanged = false
    for index in request.lines.indices where request.lines[index].direction == .output {
      let level = (mask >> UInt64(index)) & 1 == 1
      let offset = Int(request.lines[index].offset)
      if chip.driven[offset] != level {
        chip.driven[offset] = level
        chip.changed[offset] = true
        anyChanged = true
      }
    }
    guard anyChanged else { return }
    for listener in chip.listeners where listener.lines.contains(where: { chip.changed[$0] }) {
      listener.notify(chip.driven, clock.nanoseconds)
    }
    for line in request.lines { chip.changed[Int(line.offset)] = false }
  }

  func readMask() -> UInt64 {
    var mask: UInt64 = 0
    for (index, line) in request.lines.enumerated() {
      let offset = Int(line.offset)
      let level =
        line.direction == .output
        ? chip.driven[offset] : (chip.sources[offset]?() ?? chip.pulls[offset])
      if level { mask |= 1 << UInt64(index) }
    }
    return mask
  }

  public func values() throws(HALError) -> UInt64 {
    guard !released else { throw HALError.linesReleased(device: device) }
    clock.advance(nanoseconds: callNanoseconds)
    let mask = readMask()
    log.record(
      BusTransaction(
        time: clock.nanoseconds, bus: chip.path, kind: .gpioGet, address: nil,
        bytes: maskBytes(mask)))
    return mask
  }

  /// In virtual time nothing happens while a caller waits, so this reports an edge that
  /// happened since the last look, or returns nil at once (the timeout "passes" instantly).
  public func waitForEdge(timeout: Duration) throws(HALError) -> GPIOEdgeEvent? {
    guard !released else { throw HALError.linesReleased(device: device) }
    guard request.lines.contains(where: { $0.edge != .none }) else {
      throw HALError.noEdgeLines(device: device)
    }
    let now = readMask()
    defer { lastInputs = now }
    for (index, line) in request.lines.enumerated() where line.edge != .none {
      let bit: UInt64 = 1 << UInt64(index)
      guard (now ^ lastInputs) & bit != 0 else { continue }
      let rising = now & bit != 0
      if line.edge == .both || (line.edge == .rising) == rising {
        return GPIOEdgeEvent(
          lineIndex: index, offset: line.offset, rising: rising,
          timestampNanoseconds: clock.nanoseconds)
      }
    }
    return nil
  }

  public func release() {
    guard !released else { return }
    released = true
    for line in request.lines {
      chip.consumers[Int(line.offset)] = nil
      chip.isOutput[Int(line.offset)] = nil
    }
    // Released outputs fall back to their bias, as on Linux: attached coils see that.
    var changed = false
    for line in request.lines where line.direction == .output && chip.driven[Int(line.offset)] {
      chip.driven[Int(line.offset)] = false
      changed = true
    }
    if changed {
      for listener in chip.listeners { listener.notify(chip.driven, clock.nanoseconds) }
    }
  }

  deinit { release() }
}

/// A device input wired to output lines. `notify` gets the levels of its lines, in order, in a
/// buffer kept from call to call (so driving the lines allocates nothing).
final class OutputListener {
  let lines: [Int]
  private var levels: [Bool]
  private let deliver: ([Bool], UInt64) -> Void

  init(lines: [Int], notify: @escaping ([Bool], UInt64) -> Void) {
    self.lines = lines
    self.levels = Array(repeating: false, count: lines.count)
    self.deliver = notify
  }

  func notify(_ driven: [Bool], _ time: UInt64) {
    for index in lines.indices { levels[index] = driven[lines[index]] }
    deliver(levels, time)
  }
}
