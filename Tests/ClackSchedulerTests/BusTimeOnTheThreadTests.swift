import ClackBoard
import ClackHardware
import ClackScheduler
import ClackSimHAL
import ClackTestSupport
import Synchronization
import Testing

/// A tick clock for a busy host: every other wake-up comes `lateNanoseconds` after its
/// deadline, as on a machine where something else held the CPU.
final class LateWakingClock: TickClock {
  private let now = Atomic<Int>(0)
  private let wakes = Atomic<Int>(0)
  let lateNanoseconds: Int

  init(lateNanoseconds: Int) {
    self.lateNanoseconds = lateNanoseconds
  }

  func nanoseconds() -> Int { now.load(ordering: .acquiring) }

  func sleep(until deadline: Int) {
    let late = wakes.wrappingAdd(1, ordering: .relaxed).newValue % 2 == 0 ? lateNanoseconds : 0
    let target = max(now.load(ordering: .acquiring), deadline + late)
    now.store(target, ordering: .releasing)
  }
}

/// The executor thread on a twin whose buses take their time on the wire (docs/hal.md, "Time
/// on the wire"): the twin's clock is the thread's timeline, so bus work that does not fit a
/// tick overruns it as on the real bus, and a late host never reaches the motors.
@Suite struct BusTimeOnTheThreadTests {
  struct Run {
    let state: ExecutorState
    let twin: SimulatedBoard
    /// The median tick's work: on a twin, its bus time.
    let medianWork: UInt64
  }

  func home(
    _ file: String, timing: WireTiming, clock: TickClock = ManualTickClock(), seed: UInt64 = 5,
    i2cClockHz: Int? = nil
  ) throws -> Run {
    var board = try twinBoard(file)
    if let i2cClockHz, let hardware = board.hardware, var wiring = hardware.i2cWiring {
      for index in wiring.groups.indices { wiring.groups[index].clockHz = i2cClockHz }
      board.hardware = hardware.with(i2cWiring: wiring)
    }
    let twin = try SimulatedBoard(board: board, timing: timing)
    twin.log.isEnabled = false
    let executor = SteppedExecutor(bank: try #require(twin.stepped), board: board)
    let thread = ExecutorThread(
      executor: executor, tickMicroseconds: board.flapTickMicroseconds(smart: false),
      clock: clock, setup: .none, timeline: TwinTimeline(twin.clock))
    thread.start()
    #expect(thread.home(showing: randomTargets(board, seed: seed)))
    let state = thread.wait(timeoutSeconds: 120, pollMilliseconds: 2) {
      $0.commandsApplied >= 1 && $0.idle
    }
    thread.stop()
    return Run(
      state: state, twin: twin, medianWork: thread.work.snapshot().valueAtPercentile(50))
  }

  @Test func busWorkThatOutrunsTheTickIsAnOverrunOnTheTwin() throws {
    let board = try twinBoard("pcf8575-8.yaml")
    let targets = randomTargets(board, seed: 5)
    // pcf8575-8 left at the Pi's default 100 kHz (its file asks for 400 kHz, and `clack board
    // check` refuses it without): eight expanders stepping at once write and read 16 times a
    // tick, 310 µs each, against its 2 ms tick. At 400 kHz, and on an instant wire, it fits.
    let slow = try home("pcf8575-8.yaml", timing: .raspberryPi, i2cClockHz: 100_000)
    let fast = try home("pcf8575-8.yaml", timing: .raspberryPi)
    let instant = try home("pcf8575-8.yaml", timing: .instant)
    #expect(slow.state.deadlineMisses > 1000, "\(slow.state.deadlineMisses)")
    #expect(fast.state.deadlineMisses == 0)
    #expect(instant.state.deadlineMisses == 0)
    // The median tick's bus work is longer than the tick itself (up to 4.96 ms of it).
    let tick = UInt64(board.flapTickMicroseconds(smart: false)) * 1000
    #expect(slow.medianWork > tick, "a tick's bus time: \(slow.medianWork) ns")
    #expect(instant.medianWork == 0)
    // All land, the slow one later on the twin's clock: its motors stepped when the real
    // ones would, once every overrun tick, and no home was missed.
    for run in [slow, fast, instant] {
      #expect(run.state.modules.map(\.flap) == targets)
      #expect(run.state.modules.allSatisfy { $0.missedHomes == 0 && $0.unexpectedHomes == 0 })
    }
    #expect(slow.state.nowMicroseconds > 3 * fast.state.nowMicroseconds / 2)
  }

  @Test func theTwinRunsEachBusAtTheClockItsBoardFileGives() throws {
    // pcf8575-8 says 400 kHz: a two-byte write is a call's 20 µs and 29 clocks of 2.5 µs.
    let twin = try SimulatedBoard(board: try twinBoard("pcf8575-8.yaml"))
    let bank = try #require(twin.stepped)
    let before = twin.clock.nanoseconds
    bank.writeCoils(Array(repeating: 0, count: bank.moduleCount))
    #expect(twin.clock.nanoseconds - before == 8 * (20_000 + 72_500))
  }

  @Test func aHostThatWakesLateNeverStepsTheTwinsMotorsSooner() throws {
    // Every other wake-up three and a half ticks late (a 175 µs stall of a twin at --speed 20):
    // the twin runs on its own schedule, so its motors see the real board's step times, miss
    // no home, and the host's stalls are not reported as the board's overruns (when the
    // executor took the host's time, this run counted some 100,000).
    let board = try twinBoard("sim-6x22.yaml")
    let tick = board.flapTickMicroseconds(smart: false) * 1000
    let late = try home(
      "sim-6x22.yaml", timing: .raspberryPi, clock: LateWakingClock(lateNanoseconds: tick * 7 / 2))
    #expect(late.state.modules.map(\.flap) == randomTargets(board, seed: 5))
    #expect(late.state.modules.allSatisfy { $0.missedHomes == 0 && $0.unexpectedHomes == 0 })
    #expect(late.state.deadlineMisses == 0, "the host's lateness is not the board's")
  }
}
