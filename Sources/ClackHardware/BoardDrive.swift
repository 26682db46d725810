import ClackBoard
import ClackCore
import ClackScheduler

/// One kind of display opened for driving: split flaps (stepped or smart modules) or an LED
/// panel. It makes its executor and the real-time thread that runs it, with that executor's
/// own kind of command; `BoardRunner` holds one and starts its thread. Everything that differs
/// between kinds is answered here, so a new kind (colour panels, a remote board) is one new
/// type conforming to this, with its own executor and command, and nothing above
/// ClackHardware asks which kind it is.
protocol BoardDrive: AnyObject, Sendable {
  var kind: BoardKind { get }
  /// The real-time thread that runs this drive's executor (made with the drive, started by
  /// `BoardRunner`).
  var thread: any RealtimeThread { get }

  /// Board time one module takes to home and reach its flap (0 when homing is instant).
  var homingMicrosecondsPerModule: Int { get }
  /// Positions can be saved at a clean stop and trusted at the next start.
  var keepsPositions: Bool { get }

  /// Homes every module (a panel: starts it), ending on `cells` (the frame as symbol
  /// indices, in module order). False while every command slot is taken.
  func home(showing cells: [Int]) -> Bool
  /// Trusts positions and coil phases saved at a clean stop (-1: home that module) and
  /// moves straight to `cells`; a kind that keeps no positions homes instead.
  func resume(positions: [Int], phases: [Int], showing cells: [Int]) -> Bool
  /// Hands a change to the thread: `cells`, the frame as symbol indices, and the rows that
  /// scroll (row → the whole line), or a `picture` over the whole board (`unshowable` on a
  /// kind without pixels); it starts at `notBefore` (`MonotonicTickClock.raw` nanoseconds)
  /// when that is later than the next tick.
  func show(
    cells: [Int], scrolling: [Int: [Symbol]], picture: Picture?, transition: Transition,
    reduceMotion: Bool, notBefore: Int
  ) -> Handover
  /// How long the coils hold after a move's last step (a flap board's settle; 0 for a move
  /// of `microseconds` 0, and for a panel).
  func holdMicroseconds(after microseconds: Int) -> Int
  /// How long showing `cells` would take from where the board is, in board time.
  func moveMicroseconds(to cells: [Int], transition: Transition, reduceMotion: Bool) -> Int
  /// Sets the brightness (0–15); false when this kind has none, or every slot is taken.
  func setBrightness(_ level: Int) -> Bool
  /// Hands calibrated offsets to stepped modules' executor; false for any other kind (smart
  /// modules keep theirs in their controllers, panels have none) or when every slot is taken.
  func setOffsets(_ offsets: [Int]) -> Bool
  /// What the LEDs show, from a state's report; nil for a kind without LEDs.
  func picture(_ state: ExecutorState) -> LitLEDs?
  /// Board milliseconds from the start of a change until `screen` has been seen whole, when a
  /// message's time on show should count from then (a scrolling line's first pass); nil when
  /// it counts from the change.
  func seenWholeMilliseconds(_ screen: Screen, reduceMotion: Bool) -> Int?
  /// The longest line that scrolls, in cells; nil when text never scrolls on this kind.
  var scrollCapacity: Int? { get }
  /// True when the thread animates on its own after a change (a line scrolling), so the
  /// board changes without a new screen.
  var animatesWhenIdle: Bool { get }
  /// A host too slow for the ticks slows the moves (flaps step at most once a tick run); a
  /// frame loop shows late frames instead.
  var slowsWithMissedTicks: Bool { get }
  /// Ticks from a change's start until its landing begins to count, on average: a stepped
  /// board's command is taken at the first tick at or after its start and its last step seen
  /// a tick after the motion's end (about two); a frame loop starts its transition on the
  /// first frame at or after the start (half a frame) and ends it on a frame.
  var landingLatencyTicks: Double { get }
  /// The log line once homing (or starting) is done.
  func readyLine(_ state: ExecutorState, board: BoardDefinition) -> String
  /// The brightness a panel starts at and its night hours; nil for a kind without.
  var dimming: Dimming? { get }
  /// After the thread stopped: what became of the hardware, in words.
  func stopped() -> String
  /// A simulated twin's rotor positions, to start it where it stopped.
  var rotorPositions: [Int]? { get }
  /// What a simulated twin's spools show (flap indices, module order), as a person looking at
  /// the real board would read it; nil on hardware and for panels.
  var twinFlaps: [Int]? { get }
}

/// A panel's brightness over the day: its level, and a dimmer level at night.
public struct Dimming: Sendable, Hashable {
  public let brightness: Int
  public let night: PixelBoardDefinition.NightBrightness?
}
