import ClackCore
import ClackDrivers

/// What the real-time thread drives: a flap executor (stepped or smart modules) or a
/// picture executor (an LED panel). Each takes its own kind of `Command`, in slots it makes
/// itself, so a new kind of display brings its own command instead of widening a shared one.
/// Every method runs on the thread only, once it has started; none may allocate, lock or
/// wait, except when a new fault is first recorded (its message is built once).
public protocol TickExecutor<Command>: AnyObject {
  /// What the async side hands over, in preallocated slots.
  associatedtype Command: TimedCommand
  var moduleCount: Int { get }
  /// A slot for the thread's command ring, sized for this executor (made before it starts).
  func makeCommandSlot() -> Command
  /// Takes a command from the async side at `now`, microseconds since the thread started.
  func apply(_ command: Command, now: Int)
  /// One tick at `now`.
  func tick(now: Int)
  /// Writes every module's state into `reports` (preallocated, `moduleCount` long).
  func report(into reports: inout [ModuleReport])
  /// True when nothing moves and nothing waits.
  var isIdle: Bool { get }
  /// A fault not yet handed out (each new fault once), or nil.
  func nextNewFault() -> ModuleFault?
  /// Module `index`'s current fault, or nil.
  func fault(of index: Int) -> ModuleFault?
  /// Stops motion and switches every coil off: called when the thread stops.
  func shutdown()
  /// True when the thread may block until the next command: nothing moves, nothing waits and
  /// nothing needs watching (a stepped board at rest with its coils off, a pixel board with
  /// nothing animating).
  var isDormant: Bool { get }
  /// How long the thread may block before the next tick if no command comes, in microseconds
  /// on the board's clock: 0 to keep ticking, `Int.max` until a command (when dormant), or the
  /// time to a read that watches for faults (an idle smart board).
  var restMicroseconds: Int { get }
}

extension TickExecutor {
  public var isDormant: Bool { false }
  public var restMicroseconds: Int { isDormant ? .max : 0 }

  /// Every module's state with its fault, read straight from the executor (for code that owns
  /// it: tests and tools; the daemon reads the thread's `ExecutorState`). Allocates.
  public var statuses: [ModuleStatus] {
    var reports = Array(repeating: ModuleReport(), count: moduleCount)
    report(into: &reports)
    return reports.indices.map { ModuleStatus(reports[$0], fault: fault(of: $0)) }
  }
}

/// A split-flap executor: modules planned by the `Planner`, homed against their sensors.
public protocol FlapTickExecutor: TickExecutor where Command == FlapCommand {
  /// Starts the plan in a `show` command at `now`.
  func run(_ command: FlapCommand, at now: Int)
  /// Homes every working module (within the budget), then shows `flaps`.
  func home(showing flaps: [Int])
  /// Takes the positions saved at a clean stop as true (a module saved as -1 is homed), then
  /// starts the command's plan from them (a `resume` command).
  func resume(_ command: FlapCommand, at now: Int)
  /// Stops all motion where it is; coils go off.
  func release()
  /// Takes new offsets (steps from each home edge to flap 0: calibration) and puts every
  /// homed module on its flap by them.
  func setOffsets(_ offsets: [Int])
}

extension FlapTickExecutor {
  public func makeCommandSlot() -> FlapCommand { FlapCommand(moduleCount: moduleCount) }

  public func apply(_ command: FlapCommand, now: Int) {
    switch command.kind {
    case .show: run(command, at: now)
    case .home: home(showing: command.targets)
    case .resume: resume(command, at: now)
    case .release: release()
    case .offsets: setOffsets(command.offsets)
    }
  }

  /// Smart modules keep their offsets in their own controllers, written at start from the
  /// board file (and a saved calibration): the runtime does not calibrate them live.
  public func setOffsets(_ offsets: [Int]) {}

  /// Boards that keep no positions across a stop (smart modules know their own) home as usual.
  public func resume(_ command: FlapCommand, at now: Int) { home(showing: command.targets) }
}

/// An executor that draws a picture (an LED panel's frame loop): what the thread reports of
/// it beyond the modules. The thread finds out once, when it is made; a flap executor has none
/// of this.
public protocol PictureReporting: AnyObject {
  /// Bytes of picture in each report (width × height).
  var pixelCount: Int { get }
  /// Writes what the panel shows (brightness per pixel, row-major) and its brightness setting
  /// (0–15) into the report's preallocated buffer.
  func report(pixels: inout [UInt8], brightness: inout Int)
}

/// Which modules have a fault not yet handed to the reader (preallocated: marking and taking
/// allocate nothing).
struct PendingFaults {
  private var pending: [Bool]

  init(count: Int) {
    pending = Array(repeating: false, count: count)
  }

  mutating func mark(_ index: Int) {
    pending[index] = true
  }

  /// The first marked module's fault, unmarking it; a module whose fault cleared since it
  /// was marked is passed over (not taken for the end of the list).
  mutating func next(_ fault: (Int) -> ModuleFault?) -> ModuleFault? {
    for index in pending.indices where pending[index] {
      pending[index] = false
      if let found = fault(index) { return found }
    }
    return nil
  }
}

/// One module's state in a report: plain values, so a report crosses threads by copying.
public struct ModuleReport: Sendable, Hashable {
  public var mode: ModuleMode = .lookForHome
  /// The flap it believes it shows, or -1 before homing.
  public var flap = -1
  /// Where it is, in steps past its flap 0 (what a replan starts from), or -1 before homing.
  public var position = -1
  /// Energised and turning now (counts against the power budget).
  public var moving = false
  /// Has a move to make that has not started (waiting for its start time or a free slot in
  /// the power budget).
  public var waiting = false
  public var missedHomes = 0
  public var unexpectedHomes = 0
  public var faulted = false
  /// A stepped module's coil phase (0–7, the half-step its rotor last settled on): saved at a
  /// clean stop with the position, for the coils to pick the rotor up where it is.
  public var phase = 0
  /// A stepped module's spool revolution as last measured between two home edges (0: not
  /// yet), and its last home edge against where it was expected (steps; + late, − early).
  public var measuredRevolution = 0
  public var homeError = 0

  public init() {}
}

/// What the executor thread publishes after every tick (one of a triple buffer's three).
final class ExecutorReport {
  var modules: [ModuleReport]
  var ticks = 0
  var nowMicroseconds = 0
  var idle = true
  var commandsApplied = 0
  var lastAppliedAt = 0
  var settledAt = 0
  var deadlineMisses = 0
  var stopped = false
  var pixels: [UInt8]
  var brightness = 0

  init(moduleCount: Int, pixelCount: Int) {
    modules = Array(repeating: ModuleReport(), count: moduleCount)
    pixels = Array(repeating: 0, count: pixelCount)
  }
}

/// A copy of the executor's latest report, for the layers above.
public struct ExecutorState: Sendable {
  public var modules: [ModuleReport]
  /// Each module's latest fault, with its message.
  public var faults: [ModuleFault?]
  /// Ticks run since the thread started.
  public var ticks: Int
  /// The executor's time at that tick, microseconds since the thread started.
  public var nowMicroseconds: Int
  /// True when nothing moves and nothing waits.
  public var idle: Bool
  /// Commands taken from the async side so far.
  public var commandsApplied: Int
  /// When the latest command was taken, on the raw monotonic clock (`MonotonicTickClock.raw()`,
  /// nanoseconds): its first bus writes happen in that same tick.
  public var lastAppliedAt: Int = 0
  /// When the last module stopped, on the same clock: the end of the tick in which the board
  /// went from moving to still (0 before it first did). How late a change landed.
  public var settledAt: Int = 0
  /// Ticks whose deadline passed while the tick before was still running.
  public var deadlineMisses: Int
  /// True once the thread has stopped and switched every coil off.
  public var stopped: Bool
  /// A pixel board: what its LEDs show (0–255 each, row-major, as the picture is drawn),
  /// read back from the chips, and its brightness setting (0–15). Empty on a flap board.
  public var pixels: [UInt8] = []
  public var brightness = 0

  /// How many modules move now: energised, so never more than the power budget.
  public var moving: Int { modules.count { $0.moving } }
  /// How many have a move still to start.
  public var waiting: Int { modules.count { $0.waiting } }
  /// Every module's state, with its fault.
  public var statuses: [ModuleStatus] {
    zip(modules, faults).map { ModuleStatus($0, fault: $1) }
  }
}

extension ExecutorState {
  /// The state of `moduleCount` modules before anything happened: not homed, nothing moving,
  /// no command taken. What a board that is not the real-time thread (a test's fake) starts
  /// from and changes as its modules move.
  public init(moduleCount: Int) {
    self.init(
      modules: Array(repeating: ModuleReport(), count: moduleCount),
      faults: Array(repeating: nil, count: moduleCount), ticks: 0, nowMicroseconds: 0,
      idle: true, commandsApplied: 0, deadlineMisses: 0, stopped: false)
  }
}
