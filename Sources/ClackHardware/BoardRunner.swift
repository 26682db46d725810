import ClackBoard
import ClackCore
import ClackDrivers
import ClackScheduler
import ClackSimHAL

/// A board opened for driving: its drivers (on real devices, or on its simulated twin running
/// in real time, `speed` times faster), its executor and the real-time thread that runs it.
/// This is the one place that chooses between the two, and between flaps and pixels;
/// everything above shows screens through it (`home`, `show`) and reads the thread's state.
public final class BoardRunner: @unchecked Sendable {
  public let board: BoardDefinition
  public let planner: Planner
  public let thread: ExecutorThread
  public let grant: RealtimeGrant
  /// The simulated twin, when the board is simulated. Its hardware belongs to the executor
  /// thread until `stop()`.
  private let twin: SimulatedBoard?
  /// A pixel board's panel: its character grid and how it changes.
  public let pixels: PixelDrive?
  public let speed: Int
  /// Board time one module takes to home and turn to its flap, on average (half a revolution
  /// to its home edge, half on to the flap, in one ramped move up to the search speed on a
  /// stepped board; at the planned speed on smart modules, which home themselves).
  public let homingMicrosecondsPerModule: Int
  /// A stepped board: its positions can be saved at a clean stop and trusted at the next start.
  public let keepsPositions: Bool

  /// Board time of one step at the top speed.
  public var topSpeedStepMicroseconds: Int { 1_000_000 / max(1, board.motion.topSpeed) }

  /// `clock` replaces the thread's monotonic clock (tests run the thread in virtual time).
  /// `rotors`: a simulated board's rotor positions saved at a clean stop (`positionsAtStop`),
  /// so its twin starts where it stopped, as a real board would.
  public init(
    board: BoardDefinition, simulate: Bool, speed: Int = 1, clock tickClock: (any TickClock)? = nil,
    rotors: [Int]? = nil
  ) throws {
    self.board = board
    self.speed = max(1, speed)
    planner = Planner(board: board)
    if let definition = board.pixels {
      let drive = try PixelDrive(
        definition: definition, simulate: simulate || definition.simulatedOnly)
      pixels = drive
      twin = nil
      keepsPositions = false
      homingMicrosecondsPerModule = 0
      thread = ExecutorThread(
        executor: drive.executor, tickMicroseconds: PixelDrive.frameMicroseconds,
        clock: tickClock ?? MonotonicTickClock(speed: self.speed),
        setup: drive.simulated ? .none : RealtimeSetup())
      grant = thread.start()
      return
    }
    pixels = nil
    let stepped: StepperBank?
    let smart: SmartModuleBank?
    if simulate || board.simulation.always {
      let twin = try SimulatedBoard(board: board, rotors: rotors)
      twin.log.isEnabled = false
      self.twin = twin
      stepped = twin.stepped
      smart = twin.smart
    } else {
      let hardware = try LinuxBoard(board: board)
      twin = nil
      stepped = hardware.stepped
      smart = hardware.smart
    }
    let executor: TickExecutor
    keepsPositions = stepped != nil
    if let stepped {
      executor = SteppedExecutor(bank: stepped, board: board)
    } else if let smart {
      executor = SmartExecutor(bank: smart, board: board)
    } else {
      throw BoardRunnerError(description: "board '\(board.name)' has no modules to drive")
    }
    let revolution = board.motion.stepsPerRevolution
    homingMicrosecondsPerModule =
      if let stepped = executor as? SteppedExecutor {
        // One ramped move of about a revolution: half to the home edge, half on to the flap.
        stepped.searchTiming.microseconds(steps: revolution)
      } else {
        planner.timing.microseconds(steps: revolution)
      }
    nonisolated(unsafe) let clock = twin?.clock
    thread = ExecutorThread(
      executor: executor,
      tickMicroseconds: ExecutorThread.tickMicroseconds(for: board, smart: smart != nil),
      clock: tickClock ?? MonotonicTickClock(speed: self.speed),
      // Real-time priority is for real coils. A simulated board has no motor to stall, and at
      // SCHED_FIFO a slow (debug) build of it can starve everything else on a small machine.
      setup: twin == nil ? RealtimeSetup() : .none,
      onTick: clock.map { clock in
        { elapsed in
          // The simulated hardware keeps the thread's schedule (each tick's deadline).
          let target = UInt64(elapsed)
          if target > clock.nanoseconds { clock.advance(nanoseconds: target - clock.nanoseconds) }
        }
      })
    grant = thread.start()
  }

  /// Stops the thread (motion stops, coils off) and says so; on a simulated board it also
  /// checks that no simulated coil is still energised.
  public func stop() -> String {
    thread.stop()
    if pixels != nil { return "frame loop stopped; the panel keeps its last picture" }
    guard let twin else { return "motion stopped, coils off" }
    let energised = twin.modules.count { $0.motor.isEnergized }
    return energised == 0
      ? "motion stopped, coils off (every simulated coil is de-energised)"
      : "motion stopped, but \(energised) simulated coils are still energised"
  }

  /// What saved positions belong to: the board's name, size, revolution, offsets and flaps.
  /// Positions saved for another key (the board file changed) are not trusted.
  public var positionKey: String { Self.positionKey(for: board) }

  public static func positionKey(for board: BoardDefinition) -> String {
    [
      board.name, "\(board.moduleCount)", "\(board.motion.stepsPerRevolution)",
      board.offsets.map(String.init).joined(separator: ","), board.flapSet.name,
    ].joined(separator: "|")
  }

  /// After `stop()`, where a stepped board's modules are: each position (-1 where unknown, a
  /// module faulty or not homed) and coil phase, and a simulated board's rotors. Nil for smart
  /// modules (they keep their own positions) and pixel boards.
  public func positionsAtStop() -> (positions: [Int], phases: [Int], rotors: [Int]?)? {
    guard keepsPositions else { return nil }
    let modules = thread.state.modules
    let positions = modules.map { $0.mode == .normal ? $0.position : -1 }
    return (positions, modules.map(\.phase), twin?.rotorPositions)
  }

  /// Starts from positions saved at a clean stop instead of homing, moving straight to
  /// `frame`. False while every command slot is taken.
  public func resume(positions: [Int], phases: [Int], showing frame: Frame) -> Bool {
    thread.resume(
      positions: positions, phases: phases,
      showing: board.flaps(for: frame) ?? Array(repeating: 0, count: board.moduleCount),
      planner: planner)
  }

  /// Homes every module (a pixel board: starts the panel), ending on `frame`. False while
  /// every command slot is taken.
  public func home(showing frame: Frame) -> Bool {
    thread.home(showing: board.flaps(for: frame) ?? Array(repeating: 0, count: board.moduleCount))
  }

  /// What became of a change handed to the thread.
  public enum Handover: Sendable, Equatable {
    /// Taken: it moves (or animates) for this long, in board time.
    case sent(microseconds: Int)
    /// Every command slot is taken: try again shortly.
    case busy
    /// The screen has a symbol this board cannot show.
    case unshowable
  }

  /// Hands a change to the thread: a plan from where the modules are now for flaps (with
  /// `transition`), the screen and the board's own transition for pixels (`instant` under
  /// `reduceMotion`).
  public func show(_ screen: Screen, transition: Transition, reduceMotion: Bool) -> Handover {
    guard let cells = board.flaps(for: screen.frame) else { return .unshowable }
    guard let pixels else {
      guard let plan = thread.show(cells, transition: transition, planner: planner) else {
        return .busy
      }
      return .sent(microseconds: plan.makespanMicroseconds)
    }
    var lines: [Int: [Int]] = [:]
    for (row, line) in screen.scrolling {
      let indices = line.compactMap(board.flapSet.index(of:))
      guard indices.count == line.count else { return .unshowable }
      lines[row] = indices
    }
    let change = pixels.transition(reduceMotion: reduceMotion)
    guard thread.send({ $0.loadScreen(cells, scrolling: lines, transition: change) }) else {
      return .busy
    }
    return .sent(microseconds: change.milliseconds * 1000)
  }

  /// How long showing `screen` would move the board from where it is now, in board time.
  public func moveMicroseconds(to screen: Screen, transition: Transition, reduceMotion: Bool)
    -> Int
  {
    if let pixels { return pixels.transition(reduceMotion: reduceMotion).milliseconds * 1000 }
    guard let flaps = board.flaps(for: screen.frame) else { return 0 }
    let positions = thread.state.modules.map { max(0, $0.position) }
    return planner.plan(from: positions, to: flaps, transition: transition).makespanMicroseconds
  }

  /// Sets a pixel board's brightness (0–15); false on a flap board or while every command
  /// slot is taken.
  public func setBrightness(_ level: Int) -> Bool {
    guard pixels != nil else { return false }
    return thread.send { $0.loadBrightness(level) }
  }

  /// What the modules show now, read from their positions (not the targets): a module that
  /// is mid-flip shows the flap passing by; one that is not homed shows a blank.
  public func shownFrame(_ state: ExecutorState) -> Frame {
    var frame = Frame(rows: board.rows, cols: board.cols)
    for (module, report) in state.modules.enumerated() where report.flap >= 0 {
      let cell = board.order.cell(ofModule: module, rows: board.rows, cols: board.cols)
      frame[cell.row, cell.col] = board.flapSet.symbols[report.flap % board.flapSet.count]
    }
    return frame
  }
}

/// A board that cannot be driven, in words a user can act on.
public struct BoardRunnerError: Error, CustomStringConvertible, Sendable {
  public let description: String
}
