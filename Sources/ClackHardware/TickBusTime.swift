import ClackBoard
import ClackCore
import ClackDrivers
import ClackScheduler
import ClackSimHAL

/// How much of its tick a flap board's bus work takes: measured, not estimated, by running the
/// board's own executor and drivers on its twin, whose buses take their time on the wire at
/// the clocks the file gives (docs/hal.md, "Time on the wire"). The workload is the heaviest a
/// board meets: every module homing at once (within the power budget), then every module
/// moving on by a few flaps, some starting as others stop. Each phase runs until the board
/// settles or for `phaseMicroseconds` of board time: every tick of a wave is alike, so the
/// first seconds of each meet its worst tick.
public struct TickBusTime: Sendable, Equatable {
  /// The executor's tick, in microseconds.
  public let tickMicroseconds: Int
  /// The longest bus work of any tick, in microseconds.
  public let worstMicroseconds: Int
  /// Ticks measured.
  public let ticks: Int

  /// How long each phase of the workload runs at most, in microseconds of board time.
  public static let phaseMicroseconds = 8_000_000

  /// The share of a tick bus work may take: the rest is for the thread's wake-up, the
  /// executor's own work and a host that is briefly busy.
  public static let allowedPercent = 80

  /// The worst tick as a percentage of the tick.
  public var percent: Int { (worstMicroseconds * 100 + tickMicroseconds / 2) / tickMicroseconds }

  /// True when every tick's bus work leaves a fifth of the tick to spare.
  public var fits: Bool { worstMicroseconds * 100 <= tickMicroseconds * Self.allowedPercent }

  /// Measures `board` (a split-flap board with modules) on a healthy twin: the file's
  /// injected faults are left out, since a board must fit before anything goes wrong.
  public static func measure(_ board: BoardDefinition) throws -> TickBusTime {
    var healthy = board
    healthy.simulation.slipRate = 0
    healthy.simulation.nackRate = 0
    (healthy.simulation.deadSensors, healthy.simulation.stuckRotors) = ([], [])
    healthy.simulation.missingModules = []
    let twin = try SimulatedBoard(board: healthy)
    twin.log.isEnabled = false
    let executor: any FlapTickExecutor
    let smart = twin.smart != nil
    if let stepped = twin.stepped {
      // The first contact, every coil written off and every sensor read, is left out: it
      // comes once, before anything moves, and a late first tick harms nothing.
      var active = Array(repeating: false, count: stepped.moduleCount)
      stepped.coilsOff()
      stepped.readSensors(into: &active)
      executor = SteppedExecutor(bank: stepped, board: healthy)
    } else if let bank = twin.smart {
      executor = SmartExecutor(bank: bank, board: healthy)
    } else {
      throw BoardRunnerError(description: "board '\(board.name)' has no modules to drive")
    }
    var run = Run(
      twin: twin, executor: executor, tick: healthy.flapTickMicroseconds(smart: smart))
    let flaps = healthy.flapSet.count
    let count = healthy.moduleCount
    executor.home(showing: Array(repeating: flaps / 2, count: count))
    run.ticks(until: Self.phaseMicroseconds)
    // Every module on by one to five flaps: short moves of different lengths, so that within
    // the power budget modules stop and start all through the change.
    let planner = Planner(board: healthy)
    let targets = (0..<count).map { (flaps / 2 + 1 + $0 % 5) % flaps }
    let plan = planner.plan(fromFlaps: Array(repeating: flaps / 2, count: count), to: targets)
    let command = FlapCommand(moduleCount: count)
    command.load(plan)
    executor.run(command, at: run.now)
    run.ticks(until: run.now + Self.phaseMicroseconds)
    return TickBusTime(
      tickMicroseconds: run.tick, worstMicroseconds: run.worst, ticks: run.count)
  }

  /// The executor ticking on the twin's clock as the real-time thread would: each tick at its
  /// deadline, and one whose bus work runs past the next deadline skips to the one after.
  struct Run {
    let twin: SimulatedBoard
    let executor: any FlapTickExecutor
    let tick: Int
    var now = 0
    var worst = 0
    var count = 0

    mutating func ticks(until end: Int) {
      let base = Int(twin.clock.nanoseconds) - now * 1000
      while now < end {
        let before = Int(twin.clock.nanoseconds)
        executor.tick(now: now)
        let after = Int(twin.clock.nanoseconds)
        worst = max(worst, (after - before + 999) / 1000)
        count += 1
        // Settled: a stepped board with its coils off, or smart modules all at rest.
        if executor.isIdle && executor.restMicroseconds > 0 { break }
        now += tick
        while base + now * 1000 < after { now += tick }
        twin.clock.advance(nanoseconds: UInt64(base + now * 1000 - after))
      }
    }
  }
}
