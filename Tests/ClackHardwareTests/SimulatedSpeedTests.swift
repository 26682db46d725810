import ClackBoard
import ClackCore
import ClackHardware
import ClackScheduler
import ClackTestSupport
import Synchronization
import Testing

/// A host that wakes the executor thread late, in virtual time: every third tick by `late`
/// nanoseconds on the thread's (scaled) clock. A sped-up simulation multiplies the host's real
/// lateness by its speed: 40 µs late at ×20 is 800 µs of simulated time.
final class LateWakeClock: TickClock {
  private let now = Atomic<Int>(0)
  private let wakes = Atomic<Int>(0)
  let late: Int
  /// Late on every `every`-th wake (1: always, so every tick misses deadlines).
  let every: Int

  init(late: Int, every: Int = 3) {
    self.late = late
    self.every = every
  }

  func nanoseconds() -> Int { now.load(ordering: .acquiring) }

  func sleep(until deadline: Int) {
    let wake = wakes.add(1, ordering: .relaxed).newValue
    let target = deadline + (wake % every == 0 ? late : 0)
    if target > now.load(ordering: .relaxed) { now.store(target, ordering: .releasing) }
  }
}

/// Frames like text: mostly blank flaps (flap 0, on the home edge of a module calibrated to
/// offset 0), some letters.
func textLikeTargets(_ board: BoardDefinition, seed: UInt64) -> [Int] {
  var random = SplitMix64(seed: seed)
  return (0..<board.moduleCount).map { _ in
    random.uniform(below: 3) == 0 ? random.uniform(below: board.flapSet.count) : 0
  }
}

@Suite struct SimulatedSpeedTests {
  /// A fault-free twin reports no fault at any speed `clack sim --speed` allows, however late
  /// the host wakes the thread: the simulated motors keep the thread's schedule, not the host's
  /// wake-ups (which, scaled by the speed, stepped them faster than a motor can follow).
  @Test(arguments: [1, 2, 5, 10, 20, 50])
  func aFaultFreeTwinReportsNoFaultAtAnySpeed(speed: Int) throws {
    let board = try twinBoard("pi-gpio-4.yaml")
    let runner = try BoardRunner(
      board: board, simulate: true, speed: speed, clock: LateWakeClock(late: 40_000 * speed))
    defer { _ = runner.stop() }
    Self.homeAndShow(
      runner, frames: (0..<4).map { randomTargets(board, seed: UInt64(speed * 10 + $0)) },
      speed: speed)
  }

  /// The default board's kind (a shift-register chain, whose sensors lag a tick) showing
  /// text, with the host missing the thread's deadlines on every tick by four periods and
  /// more: no module reports a fault it does not have.
  @Test(arguments: [1, 5, 20, 50])
  func theDefaultBoardShowingTextReportsNoFaultWhenEveryTickIsLate(speed: Int) throws {
    let yaml = BuiltinBoard.yaml.replacingOccurrences(of: "rows: 6", with: "rows: 2")
    let board = try BoardDefinition.parse(yaml: yaml, file: "sim-2x22")
    let period = board.flapTickMicroseconds(smart: false) * 1000
    let runner = try BoardRunner(
      board: board, simulate: true, speed: speed,
      clock: LateWakeClock(late: period * 43 / 10, every: 1))
    defer { _ = runner.stop() }
    Self.homeAndShow(
      runner, frames: (0..<5).map { textLikeTargets(board, seed: UInt64(speed * 10 + $0)) },
      speed: speed)
  }

  /// Homes onto the first frame, shows the others in turn, and checks every module lands on
  /// each and none reports a fault, a missed or an unexpected home.
  static func homeAndShow(_ runner: BoardRunner, frames: [[Int]], speed: Int) {
    #expect(runner.home(flaps: frames[0]))
    var state = runner.thread.wait(timeoutSeconds: 120) { $0.commandsApplied >= 1 && $0.idle }
    for (round, next) in frames.enumerated().dropFirst() {
      #expect(runner.show(flaps: next, transition: Transition()) != .busy)
      state = runner.thread.wait(timeoutSeconds: 120) {
        $0.commandsApplied >= 1 + round && $0.idle
      }
      #expect(state.modules.map(\.flap) == next, "×\(speed) frame \(round)")
    }
    let troubled = state.statuses.enumerated().filter {
      $0.element.missedHomes + $0.element.unexpectedHomes > 0 || $0.element.fault != nil
    }
    #expect(troubled.isEmpty, "×\(speed): \(troubled.map { "module \($0.offset): \($0.element)" })")
  }
}
