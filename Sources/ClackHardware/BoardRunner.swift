import ClackBoard
import ClackCore
import ClackDrivers
import ClackScheduler
import ClackSimHAL

/// A board opened for driving: its drive (split flaps or an LED panel, on real devices or on
/// its simulated twin running in real time, `speed` times faster), the drive's executor and
/// the real-time thread that runs it. This is the one place that chooses the kind and the
/// hardware; everything above shows screens through it (`home`, `show`) and reads the
/// thread's state, without asking which kind of board it is.
public final class BoardRunner: RunningBoard, @unchecked Sendable {
  public let board: BoardDefinition
  public let planner: Planner
  /// The drive's real-time thread: its reports and how well it keeps its tick.
  public var thread: any RealtimeThread { drive.thread }
  public let grant: RealtimeGrant
  public let speed: Int
  let drive: any BoardDrive

  /// Board time one module takes to home and turn to its flap, on average (half a revolution
  /// to its home edge, half on to the flap, in one ramped move up to the search speed on a
  /// stepped board; at the planned speed on smart modules, which home themselves).
  public var homingMicrosecondsPerModule: Int { drive.homingMicrosecondsPerModule }
  /// A stepped board: its positions can be saved at a clean stop and trusted at the next start.
  public var keepsPositions: Bool { drive.keepsPositions }
  public var kind: BoardKind { drive.kind }
  public var powerBudget: Int { planner.budget }
  public var state: ExecutorState { thread.state }
  public var tickNanoseconds: Int { thread.tickNanoseconds }
  public var isDormant: Bool { thread.isDormant }
  public var tickLateness: JitterRecorder { thread.jitter }
  public var tickWork: JitterRecorder { thread.work }

  /// `clock` replaces the thread's monotonic clock (tests run the thread in virtual time).
  /// `rotors`: a simulated board's rotor positions saved at a clean stop (`positionsAtStop`),
  /// so its twin starts where it stopped, as a real board would. `realtimeTwin`: a simulated
  /// board's executor asks for real-time scheduling as real hardware's does (to measure its
  /// timing beside other load; a twin has no motor to stall, so by default it does not).
  /// `connect`: how to reach a message board on the network (a Vestaboard), given by the
  /// program that opens it (the daemon: `LocalAPIBoardLink`); without it such a board opens
  /// only simulated.
  public init(
    board: BoardDefinition, simulate: Bool, speed: Int = 1, clock tickClock: (any TickClock)? = nil,
    rotors: [Int]? = nil, realtimeTwin: Bool = false, connect: MessageBoardConnector? = nil
  ) throws {
    self.board = board
    self.speed = max(1, speed)
    planner = Planner(board: board)
    let clock = tickClock ?? MonotonicTickClock(speed: self.speed)
    drive =
      if case .vestaboard(let wiring) = board.hardware {
        MessageBoardDrive(
          board: board, wiring: wiring,
          link: try MessageBoardConnection.link(
            board: board, wiring: wiring, simulate: simulate || board.simulation.always,
            connect: connect),
          clock: clock)
      } else if let definition = board.pixels {
        try PixelDrive(
          definition: definition, simulate: simulate || definition.simulatedOnly, clock: clock,
          realtimeTwin: realtimeTwin)
      } else {
        try FlapDrive(
          board: board, planner: planner, simulate: simulate, rotors: rotors, clock: clock,
          realtimeTwin: realtimeTwin)
      }
    grant = drive.thread.start()
  }

  /// Stops the thread (motion stops, coils off) and says so; on a simulated board it also
  /// checks that no simulated coil is still energised.
  public func stop() -> String {
    thread.stop()
    return drive.stopped()
  }

  /// What saved positions belong to: the board's name, size, revolution, offsets and flaps.
  /// Positions saved for another key (the board file changed) are not trusted.
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
    return (positions, modules.map(\.phase), drive.rotorPositions)
  }

  /// Starts from positions saved at a clean stop instead of homing, moving straight to
  /// `frame`. False while every command slot is taken.
  public func resume(positions: [Int], phases: [Int], showing frame: Frame) -> Bool {
    drive.resume(positions: positions, phases: phases, showing: cells(frame))
  }

  /// Homes every module (a pixel board: starts the panel), ending on `frame`. False while
  /// every command slot is taken.
  public func home(showing frame: Frame) -> Bool { drive.home(showing: cells(frame)) }

  /// Homes every module, ending on `flaps` (each module's flap index, in module order): for
  /// tools that step modules through their flaps.
  public func home(flaps: [Int]) -> Bool { drive.home(showing: flaps) }

  /// Hands each module's flap index (in module order) to the board, as `show` hands a screen:
  /// for tools that step modules through their flaps (`clack test-pattern`).
  public func show(flaps: [Int], transition: Transition) -> Handover {
    drive.show(
      cells: flaps, scrolling: [:], picture: nil, transition: transition, reduceMotion: false,
      notBefore: 0)
  }

  /// The frame's symbol indices in module order; flap 0 everywhere for a frame the board
  /// cannot show.
  private func cells(_ frame: Frame) -> [Int] {
    board.flaps(for: frame) ?? Array(repeating: 0, count: board.moduleCount)
  }

  /// Hands a change to the thread: a plan from where the modules are now for flaps (with
  /// `transition`), the screen and the board's own transition for a panel (`instant` under
  /// `reduceMotion`); it starts at `notBefore` (`MonotonicTickClock.raw` nanoseconds, 0: at
  /// once) when that is later than the next tick.
  public func show(
    _ screen: Screen, transition: Transition, reduceMotion: Bool, notBefore: Int = 0
  ) -> Handover {
    guard let cells = board.flaps(for: screen.frame) else { return .unshowable }
    return drive.show(
      cells: cells, scrolling: screen.scrolling, picture: screen.picture,
      transition: transition, reduceMotion: reduceMotion, notBefore: notBefore)
  }

  public func landingMicroseconds(
    to screen: Screen, transition: Transition, reduceMotion: Bool
  ) -> Int {
    guard let cells = board.flaps(for: screen.frame) else { return 0 }
    let move = drive.moveMicroseconds(
      to: cells, transition: transition, reduceMotion: reduceMotion)
    return max(0, move - drive.holdMicroseconds(after: move))
  }

  /// How long showing `screen` would move the board from where it is now, in board time.
  public func moveMicroseconds(to screen: Screen, transition: Transition, reduceMotion: Bool)
    -> Int
  {
    guard let cells = board.flaps(for: screen.frame) else { return 0 }
    return drive.moveMicroseconds(
      to: cells, transition: transition, reduceMotion: reduceMotion)
  }

  /// Sets a panel's brightness (0–15); false on a board without one, or while every command
  /// slot is taken.
  public func setBrightness(_ level: Int) -> Bool { drive.setBrightness(level) }
  public func setOffsets(_ offsets: [Int]) -> Bool { drive.setOffsets(offsets) }

  /// What a simulated twin's spools show (flap indices, module order): the truth a test
  /// checks calibration against, read while the board rests (the twin's rotors belong to the
  /// real-time thread, which moves them only while modules move). Nil on hardware.
  public var twinFlapsAtRest: [Int]? { drive.twinFlaps }

  /// A Vestaboard's simulated twin (its Local API, as a model), when the board is one: for
  /// tests, which read what it took and fault it.
  public var messageBoardTwin: SimulatedMessageBoardLink? {
    (drive as? MessageBoardDrive)?.link as? SimulatedMessageBoardLink
  }

  /// What a panel's LEDs show now; nil on a board without LEDs.
  public func picture(_ state: ExecutorState) -> LitLEDs? { drive.picture(state) }

  /// Board milliseconds from the start of a change until `screen` has been seen whole, when a
  /// message's time on show counts from then; nil when it counts from the change.
  public func seenWholeMilliseconds(_ screen: Screen, reduceMotion: Bool) -> Int? {
    drive.seenWholeMilliseconds(screen, reduceMotion: reduceMotion)
  }

  /// The longest line that scrolls, in cells; nil on a board where text never scrolls.
  public var scrollCapacity: Int? { drive.scrollCapacity }

  /// True while the board changes on its own after a change (a line scrolling): the thread
  /// is not at rest though every move is done.
  public var isAnimating: Bool { drive.animatesWhenIdle && !thread.isDormant }

  /// Whether missed ticks slow the moves (see `BoardDrive.slowsWithMissedTicks`).
  public var slowsWithMissedTicks: Bool { drive.slowsWithMissedTicks }
  /// See `BoardDrive.landingLatencyTicks`.
  public var landingLatencyNanoseconds: Int {
    Int(drive.landingLatencyTicks * Double(tickNanoseconds))
  }

  /// The log line once homing (or starting the panel) is done.
  public func readyLine(_ state: ExecutorState) -> String { drive.readyLine(state, board: board) }

  /// A panel's brightness and night hours; nil on a board without.
  public var dimming: Dimming? { drive.dimming }

  public var panel: PanelFacts? {
    board.pixels.map {
      PanelFacts(
        width: $0.geometry.width, height: $0.geometry.height, chip: $0.chips.kind.rawValue)
    }
  }
}

/// A board that cannot be driven, in words a user can act on.
public struct BoardRunnerError: Error, CustomStringConvertible, Sendable {
  public let description: String
}
