import ClackBoard
import ClackCore
import ClackScheduler

/// A board the runtime drives: it homes, shows screens and reports what its modules do.
/// `BoardRunner` is the real one (a drive on its real-time thread). The display loop holds
/// only this, so its tests give it a fake that records what it is asked to show, and run the
/// loop in virtual time without a thread, as SwiftNIO tests a pipeline on `EmbeddedChannel`.
public protocol RunningBoard: AnyObject, Sendable {
  var board: BoardDefinition { get }
  var kind: BoardKind { get }
  /// How many times faster than real time the board runs (a simulated twin's `--speed`).
  var speed: Int { get }
  /// How many modules may move at once (the power budget).
  var powerBudget: Int { get }
  /// Board time one module takes to home and reach its flap (0 when homing is instant).
  var homingMicrosecondsPerModule: Int { get }
  /// Positions can be saved at a clean stop and trusted at the next start.
  var keepsPositions: Bool { get }
  /// The longest line that scrolls, in cells; nil on a board where text never scrolls.
  var scrollCapacity: Int? { get }
  /// Whether missed ticks slow the moves (a stepped board) or only show late frames.
  var slowsWithMissedTicks: Bool { get }
  /// Real nanoseconds from a change's start until its landing begins to count (the ticks
  /// until the executor takes it and sees it end): a landing at an instant starts this much
  /// earlier.
  var landingLatencyNanoseconds: Int { get }
  /// A panel's brightness and night hours; nil on a board without.
  var dimming: Dimming? { get }
  /// An LED panel's size and chip, for descriptions (Home Assistant's device model); nil on
  /// a board without one.
  var panel: PanelFacts? { get }

  /// The latest report of what every module does.
  var state: ExecutorState { get }
  /// Real time between ticks, in nanoseconds.
  var tickNanoseconds: Int { get }
  /// True while the board changes on its own after a change (a line scrolling).
  var isAnimating: Bool { get }
  /// True while the board rests by design (nothing to move, blocked until a command).
  var isDormant: Bool { get }
  /// How late ticks start, and how long their work takes (nanoseconds).
  var tickLateness: JitterRecorder { get }
  var tickWork: JitterRecorder { get }

  /// Homes every module (a panel: starts it), ending on `frame`. False while every command
  /// slot is taken.
  func home(showing frame: Frame) -> Bool
  /// Starts from positions saved at a clean stop instead of homing, moving straight to
  /// `frame`. False while every command slot is taken.
  func resume(positions: [Int], phases: [Int], showing frame: Frame) -> Bool
  /// Hands a change over: flaps plan from where they are now with `transition`; a panel
  /// uses its own transition (`instant` under `reduceMotion`). It starts at `notBefore`
  /// (`MonotonicTickClock.raw` nanoseconds; 0: at the next tick) when that is later.
  func show(_ screen: Screen, transition: Transition, reduceMotion: Bool, notBefore: Int)
    -> Handover
  /// How long showing `screen` would move the board from where it is now, in board time.
  func moveMicroseconds(to screen: Screen, transition: Transition, reduceMotion: Bool) -> Int
  /// From the start of that change to its last step (a flap board's last module stops
  /// stepping; its coils then hold the rotor a moment more) or the end of a panel's
  /// transition: when the change is seen done, what a landing aims at.
  func landingMicroseconds(to screen: Screen, transition: Transition, reduceMotion: Bool) -> Int
  /// Sets a panel's brightness (0–15); false without a panel or while every slot is taken.
  func setBrightness(_ level: Int) -> Bool
  /// Hands new offsets (calibration) to a stepped board's executor, which puts every homed
  /// module on its flap by them; false on another kind or while every slot is taken.
  func setOffsets(_ offsets: [Int]) -> Bool
  /// What a panel's LEDs show in `state`; nil on a board without LEDs.
  func picture(_ state: ExecutorState) -> LitLEDs?
  /// Board milliseconds from the start of a change until `screen` has been seen whole, when a
  /// message's time on show counts from then; nil when it counts from the change.
  func seenWholeMilliseconds(_ screen: Screen, reduceMotion: Bool) -> Int?
  /// The log line once homing (or starting the panel) is done.
  func readyLine(_ state: ExecutorState) -> String
  /// Stops the board (motion stops, coils off) and says what became of the hardware.
  func stop() -> String
  /// How the wall this board leads stands (docs/walls.md); nil on a board that leads none.
  var wallStatus: WallStatus? { get }
  /// The parts of the board laid out on their own terms (a wall's tiles); empty on a board
  /// of one kind.
  var areas: [BoardArea] { get }
}

/// An LED panel's size in LEDs, and the chip that drives it.
public struct PanelFacts: Sendable, Hashable {
  public let width: Int
  public let height: Int
  /// `ht16k33`, `is31fl3731`, `max7219`.
  public let chip: String
}

/// What became of a change handed to a board.
public enum Handover: Sendable, Equatable {
  /// Taken: it moves (or animates) for this long, in board time.
  case sent(microseconds: Int)
  /// Every command slot is taken: try again shortly.
  case busy
  /// The screen has a symbol this board cannot show.
  case unshowable
}

extension RunningBoard {
  /// Board time of one step at the top speed.
  public var topSpeedStepMicroseconds: Int { 1_000_000 / max(1, board.motion.topSpeed) }

  /// What saved positions belong to (see `BoardRunner.positionKey(for:)`).
  public var positionKey: String { BoardRunner.positionKey(for: board) }

  /// What the modules show in `state`, read from their positions (not the targets): a module
  /// that is mid-flip shows the flap passing by; one that is not homed shows a blank.
  public func shownFrame(_ state: ExecutorState) -> Frame {
    var frame = Frame(rows: board.rows, cols: board.cols)
    for (module, report) in state.modules.enumerated() where report.flap >= 0 {
      let cell = board.order.cell(ofModule: module, rows: board.rows, cols: board.cols)
      frame[cell.row, cell.col] = board.flapSet.symbols[report.flap % board.flapSet.count]
    }
    return frame
  }
}

extension RunningBoard {
  /// How the wall this board leads stands; nil on a board that leads none.
  public var wallStatus: WallStatus? { nil }

  /// About two ticks, as on a stepped board (`BoardDrive.landingLatencyTicks`).
  public var landingLatencyNanoseconds: Int { 2 * tickNanoseconds }

  /// A board of one kind is one area.
  public var areas: [BoardArea] { [] }

  /// Hands calibrated offsets to a stepped board's executor; a board without offsets of its
  /// own to set (smart modules, panels, a test's fake) answers false.
  public func setOffsets(_ offsets: [Int]) -> Bool { false }

  /// A board that knows no better: the whole move.
  public func landingMicroseconds(to screen: Screen, transition: Transition, reduceMotion: Bool)
    -> Int
  {
    moveMicroseconds(to: screen, transition: transition, reduceMotion: reduceMotion)
  }
}
